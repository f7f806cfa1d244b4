/**
 * The site search readers have, run in Node over a built site (`npm run eval:search -- --pagefind`):
 * Pagefind's browser module on the site's index, its shards and delta merged as the search dialog's
 * `loadEngine` merges them (`pagefind/folio-search.json`), its hits taken as the dialog lists them
 * (`findHits`, the dialog's own code: main-index hits of pages in the delta dropped, a question's words
 * searched apart when the whole finds few pages, hits only through a substituted prefix left out),
 * searched from no page (no version first), with the question set's language (its stop words). A cold build streams its pages into two shards, so reading `pagefind/` alone answers from
 * half the site.
 *
 * Pagefind's module reads its files through `fetch` and its language from the page's `<html lang>`;
 * Node has neither, so this sets `globalThis.fetch` (site paths and `file:` URLs read from `dir`; its
 * entry file is asked for with `?ts=`) and a `globalThis.document` that says `language` (without it
 * Pagefind picks a language of its own: Spanish on mintlify-docs). Both stay set while searching.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SearchEngine } from '../src/client/search-engine.js';
import { findHits } from '../src/client/search-worker.js';

/** `q` → the site paths of the first `limit` results (`/a/b`), as the search dialog would list them. */
export type SiteSearch = (q: string, limit?: number) => Promise<string[]>;

export async function sitePagefindSearch(dir: string, language = 'en'): Promise<SiteSearch> {
  const bundle = path.join(dir, 'pagefind', 'pagefind.js');
  if (!existsSync(bundle)) throw new Error(`no Pagefind index in ${dir}`);
  globalThis.fetch = (async (input: string | URL | Request) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const file = url.startsWith('file:') ? fileURLToPath(url) : path.join(dir, url.replace(/[?#].*$/, '').replace(/^\/+/, ''));
    try {
      return new Response(new Uint8Array(await readFile(file)));
    } catch {
      // A file the site does not have (no manifest: an index Folio did not write), as a static host answers.
      return new Response(null, { status: 404 });
    }
  }) as typeof fetch;
  (globalThis as { document?: unknown }).document = { currentScript: null, querySelector: () => ({ getAttribute: () => language }) };
  const pagefind = (await import(pathToFileURL(bundle).href)) as SearchEngine['pagefind'];
  await pagefind.options?.({ basePath: '/pagefind/' });
  await pagefind.init?.();
  const response = await fetch('/pagefind/folio-search.json');
  const manifest = (response.ok ? await response.json() : {}) as { shards?: string[]; delta?: string; stale?: string[] };
  for (const extra of [...(manifest.shards ?? []), ...(manifest.delta ? [manifest.delta] : [])]) await pagefind.mergeIndex?.(`/${extra}`);
  const engine: SearchEngine = { pagefind, stale: new Set(manifest.stale ?? []), prefix: '', language };
  return async (q, limit = 5) => ((await findHits(engine, q, limit, {})) ?? []).map((d) => d.url.replace(/\.html$/, '').replace(/(.)\/$/, '$1'));
}
