/** Shared by the navigation tests: load a docs folder the way `folio nav` does and serialise the SiteModel. */
import type { DocsConfig } from '../../src/config/index.js';
import type { PageIndex } from '../../src/content/index.js';
import type { OpenApiProvider, SiteModel } from '../../src/navigation/index.js';
import { formatDiagnostic, type Diagnostic } from '../../src/shared/diagnostics.js';
import { loadSite } from '../../src/site/index.js';

export interface LoadedFixture {
  config: DocsConfig;
  index: PageIndex;
  model: SiteModel;
  /** Config, content, openapi and navigation problems together. */
  diagnostics: Diagnostic[];
  provider: OpenApiProvider | undefined;
}

/** `loadSite` as `folio nav` calls it: the real OpenAPI provider unless `openapi: false`. */
export async function loadFixture(root: string, { openapi = true }: { openapi?: boolean } = {}): Promise<LoadedFixture> {
  const { site, diagnostics } = await loadSite(root, { openapi });
  if (!site) throw new Error(`unusable config in ${root}:\n${diagnostics.map(formatDiagnostic).join('\n')}`);
  return { config: site.config, index: site.index, model: site.model, diagnostics, provider: site.openapi?.provider };
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
