import { SITE_SETTINGS_FILE } from '../../shared/index.js';
import type { BuiltSiteSettings } from '../../site-build/index.js';
import { normalizeBasePath } from '../../shared/index.js';
import type { CspSources } from '../../render/index.js';
import { LocalBuild, type PublishedBuild } from '../storage/site-store.js';

const cache = new Map<string, Promise<BuiltSiteSettings>>();

/**
 * The settings a published build was made with (`.folio-site.json`: its base path), read once per
 * build (builds never change once published). A build from before the file: no base. A folder
 * means a local build.
 */
export function builtSiteSettings(build: PublishedBuild | string): Promise<BuiltSiteSettings> {
  const source = typeof build === 'string' ? new LocalBuild(build) : build;
  let settings = cache.get(source.key);
  if (!settings) {
    settings = source.read(SITE_SETTINGS_FILE).then((body) => {
      let raw: Partial<BuiltSiteSettings> = {};
      try {
        raw = body ? (JSON.parse(body.toString('utf8')) as Partial<BuiltSiteSettings>) : {};
      } catch {
        // Not Folio's settings file: served from `/`, as builds before it.
      }
      const access = raw.access && (raw.access.scope === 'site' || raw.access.scope === 'hidden') && Array.isArray(raw.access.protected) ? raw.access : undefined;
      const csp = cspSourcesOf(raw.csp);
      return { basePath: normalizeBasePath(typeof raw.basePath === 'string' ? raw.basePath : '') ?? '', ...(access ? { access } : {}), ...(raw.telemetry === false ? { telemetry: false as const } : {}), ...(csp ? { csp } : {}), ...(Array.isArray(raw.personalized) ? { personalized: raw.personalized.filter((h): h is string => typeof h === 'string') } : {}) };
    });
    // A storage failure is not remembered: the next request reads again.
    settings.catch(() => cache.delete(source.key));
    if (cache.size > 1000) cache.clear();
    cache.set(source.key, settings);
  }
  return settings;
}

const CSP_DIRECTIVES = new Set(['script-src', 'connect-src', 'img-src', 'font-src', 'style-src', 'worker-src']);
/**
 * A source the build may add: an https/wss host (a `*.` subdomain wildcard at most), a script hash,
 * `'unsafe-hashes'` (handler attributes by hash) or `blob:` for workers. Never `'unsafe-inline'`,
 * `'unsafe-eval'`, a bare scheme or `*`: even a forged settings file cannot open the policy.
 */
const CSP_SOURCE = /^(?:(?:https|wss):\/\/(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d{1,5})?|'sha256-[A-Za-z0-9+/]{43}='|'unsafe-hashes')$/i;

/** The build's CSP additions, only the directives and sources `CSP_SOURCE` allows; undefined when none. */
function cspSourcesOf(raw: unknown): CspSources | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const out: Record<string, string[]> = {};
  for (const [directive, list] of Object.entries(raw as Record<string, unknown>)) {
    if (!CSP_DIRECTIVES.has(directive) || !Array.isArray(list)) continue;
    const sources = list.filter((s): s is string => typeof s === 'string' && (CSP_SOURCE.test(s) || (directive === 'worker-src' && s === 'blob:')));
    if (sources.length) out[directive] = sources;
  }
  return Object.keys(out).length ? (out as CspSources) : undefined;
}
