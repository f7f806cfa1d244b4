/**
 * Search box. Pagefind's index and script are fetched on first focus only, so pages that never
 * search pay nothing. The index lives at `<base>pagefind/` in the built site, with further shards
 * and, after a small rebuild, a delta index of the changed pages beside it (all named in
 * `folio-search.json`); they are merged here, and main-index hits of delta pages are dropped.
 */
interface PagefindData {
  url: string;
  excerpt: string;
  meta: { title?: string; folio_delta?: string };
}
interface PagefindResult {
  data(): Promise<PagefindData>;
}
interface Pagefind {
  init?(): Promise<void>;
  mergeIndex?(path: string): Promise<void>;
  search(query: string): Promise<{ results: PagefindResult[] } | null>;
}
interface SearchManifest {
  shards?: string[];
  delta?: string;
  stale?: string[];
}
interface SearchEngine {
  pagefind: Pagefind;
  stale: Set<string>;
  /** The site's base path without its last slash (`/docs`, `''`): Pagefind puts it before each hit's URL, the manifest names pages without it. */
  prefix: string;
}

/** `/a/b/`, `/a/b/index.html` and `/a/b.html` all name the page `/a/b`. */
const pageKey = (url: string) => url.replace(/(\/index)?\.html$/, '').replace(/(.)\/$/, '$1');

async function loadEngine(base: string): Promise<SearchEngine> {
  const [pagefind, manifest] = await Promise.all([
    import(/* @vite-ignore */ `${base}pagefind/pagefind.js`) as Promise<Pagefind>,
    fetch(`${base}pagefind/folio-search.json`)
      .then((r): Promise<SearchManifest> | SearchManifest => (r.ok ? r.json() : {}))
      // No manifest (a site built before shards, or a static host without it): the main index alone still answers.
      .catch((): SearchManifest => ({})),
  ]);
  await pagefind.init?.();
  const extra = [...(manifest.shards ?? []), ...(manifest.delta ? [manifest.delta] : [])];
  if (pagefind.mergeIndex) for (const dir of extra) await pagefind.mergeIndex(`${base}${dir}`);
  return { pagefind, stale: new Set((manifest.stale ?? []).map(pageKey)), prefix: base.replace(/\/$/, '') };
}

/** `/docs/a` → `/a` under the base path `/docs`. */
const withoutPrefix = (url: string, prefix: string) => (prefix && url.startsWith(prefix + '/') ? url.slice(prefix.length) : url);

/** The first `limit` hits, leaving out main-index hits of pages the delta index replaced. */
async function freshResults(engine: SearchEngine, results: PagefindResult[], limit: number): Promise<PagefindData[]> {
  const out: PagefindData[] = [];
  for (let i = 0; i < results.length && out.length < limit; i += limit) {
    const batch = await Promise.all(results.slice(i, i + limit).map((r) => r.data()));
    for (const d of batch) if (d.meta.folio_delta || !engine.stale.has(pageKey(withoutPrefix(d.url, engine.prefix)))) out.push(d);
  }
  return out.slice(0, limit);
}

export function initSearch(): void {
  const input = document.querySelector<HTMLInputElement>('[data-search]');
  const list = document.querySelector<HTMLElement>('[data-search-results]');
  if (!input || !list) return;
  let engine: Promise<SearchEngine | null> | null = null;
  const load = () => {
    engine ??= loadEngine(document.documentElement.dataset.base ?? '/').catch((error: unknown) => {
      // The box says search is unavailable; the console says why.
      console.warn('Folio search: the Pagefind index could not be loaded', error);
      return null;
    });
    return engine;
  };
  input.addEventListener('focus', () => void load(), { once: true });
  let latest = 0;
  input.addEventListener('input', async () => {
    const query = input.value.trim();
    const ticket = ++latest;
    if (!query) {
      list.hidden = true;
      return;
    }
    const ready = await load();
    if (ticket !== latest) return;
    if (!ready) {
      show(list, [], 'Search is not available in this preview.');
      return;
    }
    const found = await ready.pagefind.search(query);
    const data = await freshResults(ready, found?.results ?? [], 8);
    if (ticket === latest) show(list, data, 'No results.');
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === '/' && document.activeElement === document.body) {
      event.preventDefault();
      input.focus();
    }
  });
}

/** Draw results; excerpts come from Pagefind already escaped with `<mark>` highlights. */
function show(list: HTMLElement, items: PagefindData[], empty: string): void {
  list.replaceChildren();
  if (items.length === 0) {
    const li = document.createElement('li');
    li.textContent = empty;
    list.append(li);
  }
  for (const item of items) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = item.url;
    const title = document.createElement('strong');
    title.textContent = item.meta.title ?? item.url;
    const excerpt = document.createElement('span');
    excerpt.innerHTML = item.excerpt;
    a.append(title, excerpt);
    li.append(a);
    list.append(li);
  }
  list.hidden = false;
}
