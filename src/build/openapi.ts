/**
 * Bridge to the openapi layer: loads every spec docs.json references, hands navigation the
 * endpoint provider, and renders generated endpoint pages and the reference appended to MDX
 * pages whose frontmatter names an endpoint.
 */
import type { DocsConfig } from '../config/index.js';
import type { PageRoute } from '../navigation/types.js';
import { collectOpenApiSources, loadOpenApiSpecs, type OpenApiSiteProvider } from '../openapi/index.js';
import type { OpenApiProvider } from '../navigation/types.js';
import { endpointReferenceForFrontmatter, renderEndpointPage } from '../render/endpoint/index.js';
import type { Diagnostic } from '../shared/diagnostics.js';
import { containsEndpointEntry, escapeHtml } from '../shared/index.js';

export interface SiteOpenApi {
  provider: OpenApiProvider;
  /** HTML body of a generated endpoint page. */
  renderBody(route: PageRoute): string;
  /** Reference HTML for an MDX page with `openapi:` frontmatter, or a problem to report on it. */
  frontmatterReference(value: string, href: string): { html: string } | { diagnostic: { severity: 'error' | 'warning'; code: string; message: string } };
  diagnostics(): Diagnostic[];
}

/**
 * The endpoint provider for a site, or null when nothing in it refers to an API: no `openapi`
 * in docs.json, no `"GET /path"` entry and no page with `openapi:` frontmatter. Skipping it
 * saves the repository walk that looks for spec files (~30 ms per build at 3,000 pages).
 */
export async function createSiteOpenApi(root: string, config: DocsConfig, pagesUseOpenApi = true): Promise<SiteOpenApi | null> {
  const sources = collectOpenApiSources(config);
  if (sources.length === 0 && !pagesUseOpenApi && !containsEndpointEntry(config.navigation)) return null;
  const { provider, diagnostics } = await loadOpenApiSpecs(root, sources);
  const site: OpenApiSiteProvider = provider;
  return {
    provider: site,
    renderBody(route) {
      const page = site.operation(route.href);
      return page ? renderEndpointPage(page) : fallbackEndpointBody(route);
    },
    frontmatterReference(value, href) {
      const result = endpointReferenceForFrontmatter(site, value, href);
      return 'diagnostic' in result ? result : { html: result.html };
    },
    diagnostics: () => {
      const seen = new Set<string>();
      return [...diagnostics, ...site.diagnostics()].filter((d) => {
        const key = `${d.file}:${d.line}:${d.column}:${d.code}:${d.message}`;
        return seen.has(key) ? false : (seen.add(key), true);
      });
    },
  };
}

/** Body of an endpoint page the openapi layer could not plan: method and path. */
export function fallbackEndpointBody(route: PageRoute): string {
  const e = route.endpoint;
  if (!e) return '';
  return `<p><code>${escapeHtml(e.method)} ${escapeHtml(e.path)}</code></p>`;
}
