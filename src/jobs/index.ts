export * from './codes.js';
export * from './pgboss-db.js';
export * from './queue.js';
export * from './reaper.js';
