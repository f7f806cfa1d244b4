export { startDevServer, type DevServer, type DevServerOptions } from './dev-server.js';
export { isLoopbackHost } from './host-check.js';
export { decodePath, escapesRoot, pageHrefOf } from './request-path.js';
export { watchTree } from './watch.js';
export { DEV_CODES, type DevCode } from './codes.js';
export { isEditorPath, type DevSiteRequest, type DevSiteRoute } from './site-route.js';
