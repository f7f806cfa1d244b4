/**
 * The site's OpenAPI specs: every spec docs.json references, loaded once, handed to navigation
 * as its endpoint provider. Drawing endpoint pages from them is the render layer's
 * (`src/render/page-source.ts`).
 */
import type { DocsConfig, LoadedDocsConfig } from '../config/index.js';
import type { PageIndex } from '../content/index.js';
import type { OpenApiProvider } from '../navigation/index.js';
import { collectOpenApiSources, loadOpenApiSpecs, type OpenApiSiteProvider } from '../openapi/index.js';
import { containsEndpointEntry, type Diagnostic } from '../shared/index.js';

export interface SiteOpenApi {
  /** The specs: plan endpoint pages and the reference of a page with `openapi:` frontmatter. */
  specs: OpenApiSiteProvider;
  /** The same specs as navigation resolves endpoint entries through them. */
  provider: OpenApiProvider;
  /** Problems loading the specs and those found using them so far, duplicates removed. */
  diagnostics(): Diagnostic[];
}

/**
 * Whether anything in the site refers to an API: `openapi` in docs.json, a `"GET /path"` entry
 * or a page with `openapi:` frontmatter. A site that does not skips the repository walk that
 * looks for spec files (~30 ms per build at 3,000 pages).
 */
export function referencesOpenApi(config: DocsConfig, index: PageIndex): boolean {
  return (
    collectOpenApiSources(config).length > 0 ||
    [...index.pages.values()].some((p) => p.openapi !== undefined) ||
    containsEndpointEntry(config.navigation)
  );
}

/** Load every spec the config references (positions from `locate` for problems with a source). */
export async function loadSiteOpenApi(root: string, config: DocsConfig, locate?: LoadedDocsConfig['locate']): Promise<SiteOpenApi> {
  const { provider: specs, diagnostics } = await loadOpenApiSpecs(root, collectOpenApiSources(config, locate));
  return {
    specs,
    provider: specs,
    diagnostics: () => {
      const seen = new Set<string>();
      return [...diagnostics, ...specs.diagnostics()].filter((d) => {
        const key = `${d.file}:${d.line}:${d.column}:${d.code}:${d.message}`;
        return seen.has(key) ? false : (seen.add(key), true);
      });
    },
  };
}
