export * from './schema/index.js';
