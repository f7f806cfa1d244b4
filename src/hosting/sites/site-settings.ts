import { SITE_SETTINGS_FILE, type BuiltSiteSettings } from '../../site-build/index.js';
import { normalizeBasePath } from '../../shared/index.js';
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
      return { basePath: normalizeBasePath(typeof raw.basePath === 'string' ? raw.basePath : '') ?? '', ...(access ? { access } : {}), ...(raw.telemetry === false ? { telemetry: false as const } : {}) };
    });
    // A storage failure is not remembered: the next request reads again.
    settings.catch(() => cache.delete(source.key));
    if (cache.size > 1000) cache.clear();
    cache.set(source.key, settings);
  }
  return settings;
}
