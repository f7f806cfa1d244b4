export * from './bootstrap.js';
export * from './codes.js';
export * from './create-dashboard.js';
export * from './errors.js';
export * from './signed-in.js';
export { dashboardAssets } from './assets/version.js';
export { createUser, hasOwner } from './data/users.js';
export { localEditorRoute, type LocalEditorRequest } from './routes/local-editor-routes.js';
export { gatherReaderSuggestions, type ReaderSuggestionDeps } from './routes/reader-suggestions.js';
