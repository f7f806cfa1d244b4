export * from './client.js';
export * from './clone.js';
export * from './codes.js';
export * from './merge.js';
export * from './safety.js';
export * from './seed.js';
export * from './work-branch.js';
export * from './working-copy.js';
