export { loadSite, type LoadSiteOptions, type Site, type SiteLoad } from './load-site.js';
export { loadSiteOpenApi, referencesOpenApi, type SiteOpenApi } from './openapi.js';
export { gitLastModified, wantsTimestamps } from './last-modified.js';
export { groupPublicFlags, protectedHrefs, type AccessScope } from './access.js';
export { siteApiHosts, siteMcpTools } from './api-hosts.js';
export { applyPageEdits, bodyOnlyEdits, type PageEdit } from './page-edits.js';
