/**
 * Reads a docs root into everything a build or the dev server needs: config, page index and
 * SiteModel, with all problems found on the way. Stops early only when there is no usable config.
 */
import path from 'node:path';
import { loadDocsConfig, type DocsConfig, type FieldPath } from '../config/index.js';
import { buildPageIndex, type PageIndex } from '../content/index.js';
import { scanPageImports, type RepoImportMap } from '../mdx/index.js';
import { resolveSiteModel, type SiteModel } from '../navigation/index.js';
import type { Diagnostic } from '../shared/diagnostics.js';
import { createSiteOpenApi, type SiteOpenApi } from './openapi.js';

export interface LoadedSite {
  root: string;
  config: DocsConfig;
  index: PageIndex;
  model: SiteModel;
  openapi: SiteOpenApi | null;
  /** Which snippet each page imports under which component name, for pages that forgot an import. */
  imports: RepoImportMap;
}

/** `navigation.tabs[0].pages[2]` → ['navigation', 'tabs', 0, 'pages', 2]. */
export function fieldPathOf(text: string): FieldPath {
  const out: (string | number)[] = [];
  for (const m of text.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) out.push(m[2] !== undefined ? Number(m[2]) : m[1]!);
  return out;
}

/** Load and resolve a site; `site` is null only when docs.json itself is unusable. */
export async function loadSite(rootDir: string): Promise<{ site: LoadedSite | null; diagnostics: Diagnostic[] }> {
  const root = path.resolve(rootDir);
  const loaded = await loadDocsConfig(root);
  const diagnostics: Diagnostic[] = [...loaded.diagnostics];
  if (!loaded.config) return { site: null, diagnostics };
  const config = loaded.config;
  const index = await buildPageIndex(root, { keepSource: true, variables: config.variables ?? {} });
  diagnostics.push(...index.diagnostics);
  const openapi = await createSiteOpenApi(root, config, [...index.pages.values()].some((p) => p.openapi !== undefined));
  const resolved = resolveSiteModel(config, index, {
    openapi: openapi?.provider,
    locate: loaded.locate,
  });
  diagnostics.push(...resolved.diagnostics);
  if (openapi) diagnostics.push(...openapi.diagnostics());
  const imports = scanPageImports([...index.pages.values()].map((p) => ({ file: p.file, source: p.source ?? '' })));
  return { site: { root, config, index, model: resolved.model, openapi, imports }, diagnostics };
}
