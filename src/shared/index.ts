export * from './diagnostics.js';
export * from './endpoint-entry.js';
export * from './html.js';
export * from './paths.js';
export * from './hash.js';
export * from './secrets.js';
export * from './text.js';
export { compileRedirect, isSafeRedirectDestination, matchRedirect, normalizeRedirectDestination, parseRedirectsFile, redirectRules, redirectsFileText, type RedirectRule } from './redirect-rules.js';
