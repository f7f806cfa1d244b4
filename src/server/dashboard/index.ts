export * from './bootstrap.js';
export * from './codes.js';
export * from './create-dashboard.js';
export * from './errors.js';
export * from './pull-request-access.js';
export { createUser, hasOwner } from './data/users.js';
