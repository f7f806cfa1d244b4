import { parseApiFrontmatter, proxyHostsOf } from '../openapi/index.js';
import type { Site } from './load-site.js';

/**
 * Hosts the playground's proxy may reach for this site: the servers of its loaded specs and of
 * its hand-written `api:` pages (`api.mdx.server` for relative ones). Read by `folio dev` on each
 * proxy request and written by the build for `folio serve` (`.folio-cache/api-hosts.json`).
 */
export function siteApiHosts(site: Site): string[] {
  const mdx = site.config.api?.mdx?.server;
  const servers = mdx === undefined ? [] : Array.isArray(mdx) ? mdx : [mdx];
  const extra = [...servers];
  for (const page of site.index.pages.values()) {
    if (page.frontmatter.api === undefined) continue;
    const endpoint = parseApiFrontmatter(page.frontmatter.api, servers);
    if (!('problem' in endpoint)) extra.push(endpoint.server);
  }
  return proxyHostsOf(site.openapi?.specs.specs() ?? [], extra);
}
