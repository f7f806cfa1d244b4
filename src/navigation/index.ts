export * from './types.js';
export * from './codes.js';
export { resolveSiteModel } from './resolve.js';
export { parseEntry, normalizePagePath, type ParsedEntry } from './entries.js';
export { placementsOf, type Placement } from './routes.js';
export { navigationToJson, navigationFromJson, type NavJsonPage, type NavJsonEndpoint } from './nav-json.js';
export { siteModelToText } from './tree-text.js';
export { sidebarPageHrefs } from './sidebar.js';
