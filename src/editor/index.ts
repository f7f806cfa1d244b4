export * from './bundle.js';
export * from './codes.js';
export * from './docs-json.js';
export * from './editor-service.js';
export * from './nav-outline.js';
export * from './paths.js';
export * from './session.js';
export * from './shared-signals.js';
