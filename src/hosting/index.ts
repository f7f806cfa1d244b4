export * from './codes.js';
export * from './pull-request-pages/index.js';
export * from './sites/host-map.js';
export * from './sites/redirects.js';
export * from './sites/serve-site.js';
export * from './updates/fetch-source.js';
export * from './updates/publish.js';
export * from './updates/runner.js';
