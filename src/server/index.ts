export * from './app.js';
export * from './codes.js';
export * from './listen.js';
export * from './run-server.js';
