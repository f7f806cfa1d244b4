/**
 * The files AI tools read, checked on a built corpus (by `npm run compat` for every corpus and by
 * test/site/corpora.test.ts for the ones it builds): every routable page has its `.md`, every
 * indexable navigation page is linked exactly once from `llms.txt` (also under `/.well-known/`), and
 * the full text (`llms-full.txt`, or its parts when split) holds every such page's title.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { markdownFileFor } from '../src/markdown/index.js';
import { seoBaseUrl } from '../src/render/index.js';
import type { Site } from '../src/site/index.js';

const count = (text: string, needle: string) => text.split(needle).length - 1;
const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');

/** What is wrong with the AI files of the build of `site` in `out`, one line each (empty: nothing). */
export function aiFileProblems(site: Site, out: string): string[] {
  const problems: string[] = [];
  const routes = [...site.model.pages.values()];
  for (const r of routes) if (!existsSync(path.join(out, markdownFileFor(r.href)))) problems.push(`no ${markdownFileFor(r.href)} for ${r.href}`);
  const llms = read(path.join(out, 'llms.txt'));
  if (!llms.startsWith(`# ${site.config.name}\n`)) problems.push('llms.txt does not start with the site name');
  if (read(path.join(out, '.well-known/llms.txt')) !== llms) problems.push('.well-known/llms.txt differs from llms.txt');
  const parts = path.join(out, 'llms-full');
  const full = [read(path.join(out, 'llms-full.txt')), ...(existsSync(parts) ? readdirSync(parts).sort().map((f) => read(path.join(parts, f))) : [])].join('\n');
  const indexable = routes.filter((r) => (r.listed || site.config.seo?.indexing === 'all') && !(r.kind === 'page' && site.index.pages.get(r.path)?.noindex));
  if (indexable.length === 0) problems.push('no indexable page');
  // Links are absolute under the site's public URL when docs.json's SEO settings give one.
  const base = (seoBaseUrl(site.config.seo?.metatags, undefined) ?? '').replace(/\/+$/, '');
  for (const r of indexable) {
    const n = count(llms, `](${base}/${markdownFileFor(r.href)})`);
    if (n !== 1) problems.push(`${r.href} is linked ${n} times from llms.txt`);
    if (!full.includes(`# ${r.title.trim()}\n`)) problems.push(`the full text has no title line for ${r.href} (${r.title.trim()})`);
  }
  return problems;
}
