/** Shared by the navigation tests: load a docs folder the way `folio nav` does and serialise the SiteModel. */
import { loadDocsConfig, type DocsConfig } from '../../src/config/index.js';
import { buildPageIndex, type PageIndex } from '../../src/content/index.js';
import { resolveSiteModel, type OpenApiProvider, type ResolveResult, type SiteModel } from '../../src/navigation/index.js';
import { collectOpenApiSources, loadOpenApiSpecs } from '../../src/openapi/index.js';
import { formatDiagnostic, type Diagnostic } from '../../src/shared/diagnostics.js';

export interface LoadedFixture {
  config: DocsConfig;
  index: PageIndex;
  resolved: ResolveResult;
  /** Config, content, openapi and navigation problems together. */
  diagnostics: Diagnostic[];
  provider: OpenApiProvider | undefined;
}

/** Config (real loader), page index, real OpenAPI provider unless `openapi: false`, then resolution. */
export async function loadFixture(root: string, { openapi = true }: { openapi?: boolean } = {}): Promise<LoadedFixture> {
  const loaded = await loadDocsConfig(root);
  if (!loaded.config) throw new Error(`unusable config in ${root}:\n${loaded.diagnostics.map(formatDiagnostic).join('\n')}`);
  const index = await buildPageIndex(root);
  const specs = openapi ? await loadOpenApiSpecs(root, collectOpenApiSources(loaded.config)) : undefined;
  const resolved = resolveSiteModel(loaded.config, index, { locate: loaded.locate, ...(specs ? { openapi: specs.provider } : {}) });
  const diagnostics = [...loaded.diagnostics, ...index.diagnostics, ...resolved.diagnostics, ...(specs ? [...specs.diagnostics, ...specs.provider.diagnostics()] : [])];
  return { config: loaded.config, index, resolved, diagnostics, provider: specs?.provider };
}

/** The SiteModel as plain JSON (Maps to objects, the id index left out since it repeats `sections`). */
export function modelToJson(model: SiteModel): unknown {
  return {
    settings: model.settings,
    defaultSectionId: model.defaultSectionId,
    redirects: model.redirects,
    sections: model.sections,
    pages: Object.fromEntries([...model.pages.entries()].sort(([a], [b]) => a.localeCompare(b))),
    hidden: model.hidden.map((r) => r.href).sort(),
  };
}

/** `docs.json:3:5 warning CODE message` lines, stable order. */
export function diagnosticLines(list: readonly Diagnostic[]): string[] {
  return list.map((d) => `${formatDiagnostic(d)} [${d.code}]`).sort();
}
