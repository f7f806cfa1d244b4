/** Shared helpers of the openapi fixture tests: resolve a fixture site with the real layers and describe it as text. */
import { loadDocsConfig } from '../../src/config/index.js';
import { buildPageIndex } from '../../src/content/index.js';
import type { SidebarNode } from '../../src/navigation/types.js';
import { resolveSiteModel } from '../../src/navigation/resolve.js';
import { collectOpenApiSources, loadOpenApiSpecs, type OpenApiSiteProvider } from '../../src/openapi/index.js';
import type { Diagnostic } from '../../src/shared/diagnostics.js';

export interface FixtureSite {
  outline: string[];
  diagnostics: string[];
  provider: OpenApiSiteProvider;
  frontmatter: Map<string, string>;
  apiSources: string[];
}

function describe(nodes: readonly SidebarNode[], indent: string, out: string[]): void {
  for (const node of nodes) {
    if (node.type === 'page') out.push(`${indent}page ${node.href} "${node.title}"`);
    else if (node.type === 'link') out.push(`${indent}link ${node.href}`);
    else if (node.type === 'endpoint-set') out.push(`${indent}endpoint-set ${node.openapi.sources.join(',')}`);
    else if (node.type === 'endpoint') out.push(`${indent}${node.method} ${node.path} -> ${node.href} "${node.title}"${node.deprecated ? ' deprecated' : ''}`);
    else {
      out.push(`${indent}group "${node.name}"`);
      describe(node.children, `${indent}  `, out);
    }
  }
}

function line(d: Diagnostic): string {
  return `${d.severity} ${d.code} ${d.file}:${d.line}:${d.column}`;
}

/** Load config, pages and specs of `root`, resolve navigation with the openapi provider. */
export async function resolveFixture(root: string): Promise<FixtureSite> {
  const loaded = await loadDocsConfig(root);
  if (!loaded.config) throw new Error(`fixture ${root} has no valid docs.json: ${JSON.stringify(loaded.diagnostics)}`);
  const index = await buildPageIndex(root);
  const sources = collectOpenApiSources(loaded.config, loaded.locate);
  const { provider } = await loadOpenApiSpecs(root, sources);
  // With `locate`, as `folio build` and `folio nav` resolve: diagnostics point where docs.json lists the entry.
  const resolved = resolveSiteModel(loaded.config, index, { openapi: provider, locate: loaded.locate });
  const outline: string[] = [];
  for (const section of resolved.model.sections) {
    outline.push(`section ${section.id}`);
    describe(section.sidebar, '  ', outline);
  }
  const frontmatter = new Map<string, string>();
  for (const page of index.pages.values()) if (page.openapi) frontmatter.set(page.path, page.openapi);
  const diagnostics = [...loaded.diagnostics, ...index.diagnostics, ...resolved.diagnostics, ...provider.diagnostics()].map(line).sort();
  const api = (loaded.config as { api?: { openapi?: unknown } }).api;
  const apiSources = collectOpenApiSources({ api }).map((s) => s.source);
  return { outline, diagnostics, provider, frontmatter, apiSources };
}
