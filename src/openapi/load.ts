import type { Diagnostic } from '../shared/index.js';
import { discoverSpecFiles } from './discover-specs.js';
import { specId } from './entries.js';
import type { RemoteFetchOptions } from './fetch-remote.js';
import { createProvider, type OpenApiSiteProvider } from './provider.js';
import { SpecStore, type SourceOrigin } from './spec-store.js';
import type { OpenApiSource } from './types.js';
import type { OpenApiCode } from './codes.js';

/** A spec to load: a path or URL, optionally with the docs.json position it was written at. */
export type OpenApiSourceInput = string | (OpenApiSource & { origin?: SourceOrigin; fallback?: boolean });

export interface LoadOpenApiOptions {
  /** Limits and address policy for remote specs. */
  fetch?: RemoteFetchOptions;
  /** Look for spec files in the repository for entries that name none (existing sites rely on it). */
  discover?: boolean;
}

/**
 * Load every spec the site references (files inside `root`, http(s) URLs
 * through the guarded fetcher) and return a provider that plans endpoint
 * pages from them. Local specs not listed here still load on first use.
 */
export async function loadOpenApiSpecs(
  root: string,
  sources: readonly OpenApiSourceInput[],
  { fetch = {}, discover = true }: LoadOpenApiOptions = {},
): Promise<{ provider: OpenApiSiteProvider; diagnostics: Diagnostic<OpenApiCode>[] }> {
  const store = new SpecStore(root);
  await store.addSources(sources, fetch);
  // Entries that name no spec and have none in scope try the site defaults (`api.openapi`), then the repository's specs.
  const defaults = sources.flatMap((s) => (typeof s !== 'string' && s.fallback ? [s.source] : []));
  const discovered = discover ? discoverSpecFiles(root).filter((file) => !defaults.some((d) => specId(d) === file)) : [];
  const provider = createProvider(store, [...defaults, ...discovered]);
  return { provider, diagnostics: [...store.diagnostics] };
}
