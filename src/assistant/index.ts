export { ASSISTANT_CODES, AssistantError, type AssistantCode } from './codes.js';
export { AssistantKeys, checkOrigin } from './assistant-auth.js';
export { createDiscoveryRoutes, sitePathOf, type DiscoveryDeps } from './discovery-routes.js';
export { RequestLimiter, type RateLimits } from './rate-limits.js';
export { siteResolver } from './site-resolver.js';
