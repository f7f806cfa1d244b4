export * from './slug.js';
export * from './sweep.js';
