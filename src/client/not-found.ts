/**
 * The 404 page on a static host: "did you mean" links to the pages whose paths are closest to the
 * one asked for, from the build's `docs-index.json` (fetched only on this page). The scoring is
 * `closestPaths` of `src/shared/text.ts`, repeated here because the browser bundle imports no layer;
 * `folio dev` fills the same list on the server.
 */
interface IndexPage {
  href: string;
  title: string;
  /** `false` for pages kept out of site search (frontmatter `searchable: false`): never suggested. */
  searchable?: boolean;
}

function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

const comparable = (p: string) => p.toLowerCase().replace(/\.html?$/, '').replace(/\/index$/, '').replace(/\/+$/, '') || '/';

export function closestPages(requested: string, pages: IndexPage[], limit = 5): IndexPage[] {
  const want = comparable(requested);
  const last = want.slice(want.lastIndexOf('/') + 1);
  const threshold = Math.max(2, Math.floor(last.length / 2));
  const scored: { page: IndexPage; score: number }[] = [];
  for (const page of pages) {
    const have = comparable(page.href);
    const tail = have.slice(have.lastIndexOf('/') + 1);
    if (Math.abs(have.length - want.length) > threshold && Math.abs(tail.length - last.length) + 1 > threshold) continue;
    const score = Math.min(distance(want, have), distance(last, tail) + 1);
    if (score <= threshold) scored.push({ page, score });
  }
  return scored.sort((a, b) => a.score - b.score || a.page.href.length - b.page.href.length || a.page.href.localeCompare(b.page.href)).slice(0, limit).map((s) => s.page);
}

export function initNotFound(): void {
  const box = document.querySelector<HTMLElement>('[data-not-found-suggestions]');
  const list = box?.querySelector('ul');
  if (!box || !list) return;
  const base = document.documentElement.dataset.base ?? '/';
  const requested = decodeURIComponent(location.pathname).slice(base.length - 1) || '/';
  fetch(`${base}docs-index.json`)
    .then((r) => (r.ok ? (r.json() as Promise<{ pages?: IndexPage[] }>) : { pages: [] }))
    .then(({ pages = [] }) => {
      const found = closestPages(requested, pages.filter((p) => p.searchable !== false));
      if (found.length === 0) return;
      for (const page of found) {
        const a = document.createElement('a');
        a.href = base.replace(/\/$/, '') + page.href;
        a.textContent = page.title;
        const li = document.createElement('li');
        li.append(a);
        list.append(li);
      }
      box.hidden = false;
    })
    // No index (a site built without it): the page keeps its home link.
    .catch(() => undefined);
}
