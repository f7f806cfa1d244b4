/**
 * The site's OpenAPI specs: every spec docs.json references, loaded once, handed to navigation
 * as its endpoint provider. Drawing endpoint pages from them is the render layer's
 * (`src/render/page-source.ts`).
 */
import type { DocsConfig, LoadedDocsConfig } from '../config/index.js';
import type { PageIndex } from '../content/index.js';
import type { OpenApiProvider } from '../navigation/index.js';
import { collectAsyncApiSources, collectOpenApiSources, loadAsyncApiSpecs, loadOpenApiSpecs, type AsyncApiSiteProvider, type OpenApiSiteProvider } from '../openapi/index.js';
import { containsEndpointEntry, type Diagnostic } from '../shared/index.js';

export interface SiteOpenApi {
  /** The specs: plan endpoint pages and the reference of a page with `openapi:` frontmatter. */
  specs: OpenApiSiteProvider;
  /** The site's AsyncAPI documents (channel pages, `asyncapi:` frontmatter); null when nothing names one. */
  asyncapi: AsyncApiSiteProvider | null;
  /** The same specs (and AsyncAPI channels) as navigation resolves endpoint entries and channel pages through them. */
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
    collectAsyncApiSources(config).length > 0 ||
    [...index.pages.values()].some((p) => p.openapi !== undefined || p.asyncapi !== undefined) ||
    containsEndpointEntry(config.navigation)
  );
}

/**
 * Load every spec the config references (positions from `locate` for problems with a source).
 * AsyncAPI documents load only when docs.json names one or a page of `index` has `asyncapi:`
 * frontmatter (then the repository is also searched for documents, for values naming only a channel).
 */
export async function loadSiteOpenApi(
  root: string,
  config: DocsConfig,
  locate?: LoadedDocsConfig['locate'],
  { index, locateAsyncApi = locate }: { index?: PageIndex; locateAsyncApi?: LoadedDocsConfig['locate'] } = {},
): Promise<SiteOpenApi> {
  // A missing AsyncAPI file is reported where docs.json names it.
  const asyncSources = collectAsyncApiSources(config, locateAsyncApi);
  const asyncPages = index ? [...index.pages.values()].some((p) => p.asyncapi !== undefined) : false;
  const [{ provider: specs, diagnostics }, channels] = await Promise.all([
    loadOpenApiSpecs(root, collectOpenApiSources(config, locate)),
    asyncSources.length > 0 || asyncPages ? loadAsyncApiSpecs(root, asyncSources, { discover: asyncPages }) : null,
  ]);
  const asyncapi = channels?.provider ?? null;
  const provider: OpenApiProvider = asyncapi
    ? { ...specs, channels: (source, directory) => asyncapi.channels(source, directory), channelTitle: (value) => asyncapi.channelTitle(value) }
    : specs;
  return {
    specs,
    asyncapi,
    provider,
    diagnostics: () => {
      const seen = new Set<string>();
      return [...diagnostics, ...specs.diagnostics(), ...(channels?.diagnostics ?? []), ...(asyncapi?.diagnostics() ?? [])].filter((d) => {
        const key = `${d.file}:${d.line}:${d.column}:${d.code}:${d.message}`;
        return seen.has(key) ? false : (seen.add(key), true);
      });
    },
  };
}
