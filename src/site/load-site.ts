/**
 * `loadSite`: a docs root → `Site`, the one way every command, the build, the dev server and
 * the agent read a site. Config, page index, OpenAPI specs and SiteModel, with every problem
 * found on the way. Stops early only when there is no usable config.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadDocsConfig, type DocsConfig, type LoadedDocsConfig } from '../config/index.js';
import { buildPageIndex, type KeepSource, type PageIndex } from '../content/index.js';
import { checkSiteIcons, codeThemesOf, scanPageImports, type RepoImportMap } from '../mdx/index.js';
import { resolveSiteModel, type SiteModel } from '../navigation/index.js';
import type { Diagnostic } from '../shared/index.js';
import { loadSiteOpenApi, referencesOpenApi, type SiteOpenApi } from './openapi.js';

/** A docs repository read and resolved: what later stages work from instead of raw docs.json. */
export interface Site {
  /** Absolute docs root. */
  root: string;
  config: DocsConfig;
  /** Which file the config came from. */
  source: LoadedDocsConfig['source'];
  /** File, line and column of a config field, for problems found later. */
  locate: LoadedDocsConfig['locate'];
  index: PageIndex;
  /** The site's specs; null when they were not loaded (`openapi: false`, or `'auto'` and nothing refers to an API). */
  openapi: SiteOpenApi | null;
  model: SiteModel;
  /** Which snippet each page imports under which component name, for pages that forgot an import (empty without `keepSource`). */
  imports: RepoImportMap;
  /** Config, page, navigation and OpenAPI problems found while loading. */
  diagnostics: Diagnostic[];
}

export interface LoadSiteOptions {
  /**
   * Keep each page's text in the index (`Page.source`), as compiling pages needs; reading navigation
   * does not. `'hash'`: every page's hash, and the text only of pages the load reads whole (a build,
   * which reads the others again as it compiles them).
   */
  keepSource?: KeepSource;
  /** Load the OpenAPI specs: always, never (`folio nav --no-openapi`), or `'auto'`: when something refers to an API. */
  openapi?: boolean | 'auto';
  /**
   * The specs an earlier load of the same root read, used instead of reading them again when
   * the site still refers to an API (`folio build --watch` passes them when only pages changed).
   */
  specs?: SiteOpenApi | null;
}

/** What `loadSite` found: a site, or the reason there is none (`unreadable`: docs.json could not even be read). */
export type SiteLoad = { site: Site; diagnostics: Diagnostic[]; unreadable: false } | { site: null; diagnostics: Diagnostic[]; unreadable: boolean };

/** Read and resolve the site at `rootDir`; `site` is null only when docs.json itself is unusable. */
export async function loadSite(rootDir: string, { keepSource = false, openapi: wanted = 'auto', specs }: LoadSiteOptions = {}): Promise<SiteLoad> {
  const root = path.resolve(rootDir);
  const loaded = await loadDocsConfig(root);
  if (!loaded.config) return { site: null, diagnostics: [...loaded.diagnostics], unreadable: loaded.unreadable };
  const { config, locate } = loaded;
  const index = await buildPageIndex(root, { keepSource, variables: config.variables ?? {} });
  const load = wanted === 'auto' ? referencesOpenApi(config, index) : wanted;
  // AsyncAPI documents load only when something names one: earlier specs without them do not serve a site that now does.
  const reusable = specs && (specs.asyncapi !== null || ![...index.pages.values()].some((p) => p.asyncapi !== undefined)) ? specs : null;
  const openapi = load ? (reusable ?? (await loadSiteOpenApi(root, config, undefined, { index, locateAsyncApi: locate }))) : null;
  const resolved = resolveSiteModel(config, index, { openapi: openapi?.provider, locate });
  const readText = (file: string) => {
    try {
      return readFileSync(path.join(root, file), 'utf8');
    } catch {
      // Gone since it was indexed: the problem is placed at the top of the file.
      return undefined;
    }
  };
  const diagnostics = [...loaded.diagnostics, ...index.diagnostics, ...resolved.diagnostics, ...(openapi?.diagnostics() ?? []), ...codeThemesOf(config.styling?.codeblocks, locate).diagnostics, ...checkSiteIcons(config, index.pages.values(), { library: config.icons?.library, locate, readText })];
  const imports = scanPageImports([...index.pages.values()].map((p) => ({ file: p.file, source: p.source ?? '' })));
  const site: Site = { root, config, source: loaded.source, locate, index, openapi, model: resolved.model, imports, diagnostics };
  return { site, diagnostics: [...diagnostics], unreadable: false };
}
