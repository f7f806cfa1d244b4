export * from './types.js';
export * from './local-pulls.js';
export * from './github-pulls.js';
export * from './merge.js';
export * from './select.js';
