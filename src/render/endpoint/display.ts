import type { DocsConfig } from '../../config/index.js';

/** How endpoint pages are drawn, from docs.json `api.*` (and a page's `playground:` frontmatter). */
export interface ApiDisplay {
  /** `api.examples.languages` (platform keys or aliases); the platform's defaults when empty. */
  languages: string[];
  /** `api.examples.defaults`: `required` leaves optional parameters out of generated samples. */
  defaults: 'required' | 'all';
  /** `api.examples.autogenerate: false` keeps only the spec's own samples. */
  autogenerate: boolean;
  /** `api.params.expanded: all` opens nested fields. */
  expanded: boolean;
  /** `api.url: full` shows the base URL in the request line. */
  fullUrl: boolean;
  /** `api.playground.display`; `auth` is drawn as `none` (Folio has no reader sign-in). */
  playground: 'interactive' | 'simple' | 'none';
  /** `api.playground.proxy` (default true): the playground sends through `POST /__folio/api-proxy`. */
  proxy: boolean;
  /** `api.playground.credentials`: direct requests include the browser's credentials. */
  credentials: boolean;
  /** `api.examples.prefill`: the playground starts with the spec's example values. */
  prefill: boolean;
}

const PLAYGROUND_MODES = ['interactive', 'simple', 'none', 'auth'] as const;

/** Endpoint page settings of a site; `playgroundOverride` is a page's `playground:` frontmatter. */
export function apiDisplayOf(config: Pick<DocsConfig, 'api'>, playgroundOverride?: unknown): ApiDisplay {
  const api = config.api ?? {};
  const override = PLAYGROUND_MODES.find((m) => m === playgroundOverride);
  const mode = override ?? api.playground?.display ?? 'interactive';
  return {
    languages: api.examples?.languages ?? [],
    defaults: api.examples?.defaults ?? 'all',
    autogenerate: api.examples?.autogenerate !== false,
    expanded: api.params?.expanded === 'all',
    fullUrl: api.url === 'full',
    playground: mode === 'auth' ? 'none' : mode,
    proxy: api.playground?.proxy !== false,
    credentials: api.playground?.credentials === true,
    prefill: api.examples?.prefill === true,
  };
}

/** The settings when a page is drawn without a site (tests, bench): the platform's defaults. */
export const DEFAULT_API_DISPLAY: ApiDisplay = apiDisplayOf({});
