import fs from 'node:fs';
import path from 'node:path';
import { SITE_SETTINGS_FILE, type BuiltSiteSettings } from '../../site-build/index.js';
import { normalizeBasePath } from '../../shared/index.js';

const cache = new Map<string, BuiltSiteSettings>();

/**
 * The settings a published build was made with (`.folio-site.json`: its base path), read once per
 * build directory (builds never change once published). A build from before the file: no base.
 */
export function builtSiteSettings(buildDir: string): BuiltSiteSettings {
  let settings = cache.get(buildDir);
  if (!settings) {
    let raw: Partial<BuiltSiteSettings> = {};
    try {
      raw = JSON.parse(fs.readFileSync(path.join(buildDir, SITE_SETTINGS_FILE), 'utf8')) as Partial<BuiltSiteSettings>;
    } catch {
      // Built before the settings file (or not by Folio): served from `/`, as then.
    }
    const access = raw.access && (raw.access.scope === 'site' || raw.access.scope === 'hidden') && Array.isArray(raw.access.protected) ? raw.access : undefined;
    settings = { basePath: normalizeBasePath(typeof raw.basePath === 'string' ? raw.basePath : '') ?? '', ...(access ? { access } : {}) };
    if (cache.size > 1000) cache.clear();
    cache.set(buildDir, settings);
  }
  return settings;
}
