export * from './authorize.js';
export * from './page.js';
export * from './routes.js';
