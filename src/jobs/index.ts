export * from './codes.js';
export * from './lease-runner.js';
export * from './pgboss-db.js';
export * from './queue.js';
export * from './runner-id.js';
