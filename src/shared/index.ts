export * from './diagnostics.js';
export * from './paths.js';
