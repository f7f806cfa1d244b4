export * from './diagnostics.js';
export * from './paths.js';
export * from './hash.js';
