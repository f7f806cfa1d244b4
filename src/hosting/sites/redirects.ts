import { parseRedirectsFile, type RedirectRule } from '../../shared/index.js';
import { LocalBuild, type PublishedBuild } from '../storage/site-store.js';

const cache = new Map<string, Promise<RedirectRule[]>>();

/** Rules of a published build's `_redirects` (read once per build), matched with `matchRedirect`. A folder means a local build. */
export function redirectsOf(build: PublishedBuild | string): Promise<RedirectRule[]> {
  const source = typeof build === 'string' ? new LocalBuild(build) : build;
  let rules = cache.get(source.key);
  if (!rules) {
    // No `_redirects` in a build: no rules.
    rules = source.read('_redirects').then((body) => parseRedirectsFile(body ? body.toString('utf8') : ''));
    rules.catch(() => cache.delete(source.key));
    if (cache.size > 1000) cache.clear();
    cache.set(source.key, rules);
  }
  return rules;
}
