export * from './types.js';
export * from './codes.js';
export { resolveSiteModel } from './resolve.js';
export { parseEntry, normalizePagePath, type ParsedEntry } from './entries.js';
export { placementsOf, type Placement } from './routes.js';
