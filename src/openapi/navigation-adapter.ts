import type { OpenApiProvider } from '../navigation/types.js';
import type { OpenApiSiteProvider } from './provider.js';

/**
 * The site provider seen as navigation's OpenApiProvider. Plain assignment: the
 * compiler checks here, in one place, that our shapes still fit navigation's
 * contract (PlannedEndpoint is a superset of its EndpointRef).
 */
export function asNavigationProvider(provider: OpenApiSiteProvider): OpenApiProvider {
  return provider;
}
