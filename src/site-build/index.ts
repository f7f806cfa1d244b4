export { API_HOSTS_FILE, MCP_TOOLS_FILE, buildSite, type BuildOptions, type BuildResult, type BuildStats } from './build-site.js';
export { buildSiteIsolated, type IsolatedBuildOptions } from './isolated-build.js';
export { htmlFileFor } from './site-files.js';
export { BUILD_CODES, type BuildCode } from './codes.js';
export { siteRedirects, type SiteRedirects } from './redirect-checks.js';
export { SITE_SETTINGS_FILE, type BuiltSiteAccess, type BuiltSiteSettings } from './write-site.js';
export { searchIndexFiles } from './search-index.js';
export { type ExternalCheckOptions } from './external-links.js';
export { WatchBuild, rebuildEditedPages, type BuildState } from './watch-build.js';
