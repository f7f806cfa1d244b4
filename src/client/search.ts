/**
 * Search box. Pagefind's index and script are fetched on first focus only, so pages that never
 * search pay nothing. The index lives at `<base>pagefind/` in the built site.
 */
interface PagefindResult {
  data(): Promise<{ url: string; excerpt: string; meta: { title?: string } }>;
}
interface Pagefind {
  init?(): Promise<void>;
  search(query: string): Promise<{ results: PagefindResult[] } | null>;
}

export function initSearch(): void {
  const input = document.querySelector<HTMLInputElement>('[data-search]');
  const list = document.querySelector<HTMLElement>('[data-search-results]');
  if (!input || !list) return;
  let engine: Promise<Pagefind | null> | null = null;
  const load = () => {
    const base = document.documentElement.dataset.base ?? '/';
    const url = `${base}pagefind/pagefind.js`;
    engine ??= (import(/* @vite-ignore */ url) as Promise<Pagefind>)
      .then(async (pf) => {
        await pf.init?.();
        return pf;
      })
      .catch(() => null);
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
    const pf = await load();
    if (ticket !== latest) return;
    if (!pf) {
      show(list, [], 'Search is not available in this preview.');
      return;
    }
    const found = await pf.search(query);
    const data = await Promise.all((found?.results ?? []).slice(0, 8).map((r) => r.data()));
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
function show(list: HTMLElement, items: { url: string; excerpt: string; meta: { title?: string } }[], empty: string): void {
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
