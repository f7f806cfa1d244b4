import type { Diagnostic } from '../shared/index.js';
import { discoverSpecFiles } from './discover-specs.js';
import { specId } from './entries.js';
import { fetchRemoteSpec, RemoteFetchError, type RemoteFetchOptions } from './fetch-remote.js';
import { createProvider, type OpenApiSiteProvider } from './provider.js';
import { SpecStore, specFromText, type SourceOrigin } from './spec-store.js';
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
  const remote = new Map<string, SourceOrigin | undefined>();
  for (const input of sources) {
    const source = typeof input === 'string' ? input : input.source;
    const origin = typeof input === 'string' ? undefined : input.origin;
    const id = specId(source);
    if (store.has(id) || remote.has(id)) continue;
    if (/^[a-z][a-z0-9+.-]*:/i.test(id) && !/^https?:\/\//i.test(id)) {
      store.add(id, { diagnostics: [refusal(origin, id, `only http(s) URLs and repository paths are accepted, not "${id}"`, 'OPENAPI_URL_REFUSED')] });
    } else if (/^https?:\/\//i.test(id)) {
      remote.set(id, origin);
    } else {
      store.get(id, origin);
    }
  }
  // Remote specs download in parallel; each is still bounded by its own size and time caps.
  const fetched = await Promise.all([...remote].map(async ([id, origin]) => [id, await loadRemote(id, origin, fetch)] as const));
  for (const [id, result] of fetched) store.add(id, result);
  // Entries that name no spec and have none in scope try the site defaults (`api.openapi`), then the repository's specs.
  const defaults = sources.flatMap((s) => (typeof s !== 'string' && s.fallback ? [s.source] : []));
  const discovered = discover ? discoverSpecFiles(root).filter((file) => !defaults.some((d) => specId(d) === file)) : [];
  const provider = createProvider(store, [...defaults, ...discovered]);
  return { provider, diagnostics: [...store.diagnostics] };
}

async function loadRemote(url: string, origin: SourceOrigin | undefined, options: RemoteFetchOptions) {
  try {
    return specFromText(url, await fetchRemoteSpec(url, options));
  } catch (error) {
    const refused = error instanceof RemoteFetchError && error.kind === 'refused';
    const message = refused
      ? `OpenAPI URL ${url} refused: ${(error as Error).message}; host the spec on a public address or commit it to the repository`
      : `OpenAPI URL ${url} could not be loaded: ${(error as Error).message}; check the URL or commit the spec to the repository`;
    return { diagnostics: [refusal(origin, url, message, refused ? 'OPENAPI_URL_REFUSED' : 'OPENAPI_FETCH_FAILED')] };
  }
}

function refusal(origin: SourceOrigin | undefined, id: string, message: string, code: OpenApiCode): Diagnostic<OpenApiCode> {
  const where = origin ?? { file: id, line: 1, column: 1, path: '' };
  // A spec that cannot be downloaded now (offline build, host down) degrades: the site builds without it.
  return { ...where, severity: code === 'OPENAPI_FETCH_FAILED' ? 'warning' : 'error', code, message };
}
