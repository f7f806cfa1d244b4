import fs from 'node:fs';
import path from 'node:path';
import { parseRedirectsFile, type RedirectRule } from '../../shared/index.js';

const cache = new Map<string, RedirectRule[]>();

/** Rules of a published build's `_redirects` (read once per build directory), matched with `matchRedirect`. */
export function redirectsOf(buildDir: string): RedirectRule[] {
  let rules = cache.get(buildDir);
  if (!rules) {
    let text = '';
    try {
      text = fs.readFileSync(path.join(buildDir, '_redirects'), 'utf8');
    } catch {
      // No redirects in this build.
    }
    rules = parseRedirectsFile(text);
    if (cache.size > 1000) cache.clear();
    cache.set(buildDir, rules);
  }
  return rules;
}
