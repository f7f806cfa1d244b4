import type { HostMap, SiteRef } from '../hosting/index.js';

/**
 * `{domain}` of the discovery API → a site, as hosting resolves Hosts: a name with a dot is a host
 * (`<project>.<site domain>`, `<slug>--<project>.<site domain>`, a custom domain), anything else a
 * project id (its production site).
 */
export function siteResolver(hosts: HostMap): (domain: string) => Promise<SiteRef | null> {
  return async (domain) => {
    if (domain.includes('.')) return hosts.siteFor(domain);
    return /^[a-z0-9][a-z0-9-]{0,62}$/.test(domain) ? { projectId: domain, preview: null } : null;
  };
}
