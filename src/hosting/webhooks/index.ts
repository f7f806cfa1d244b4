export * from './commit-status.js';
export * from './events.js';
export * from './routes.js';
export * from './verify.js';
export * from './automation-routes.js';
