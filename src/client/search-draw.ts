/**
 * The search dialog's options. Each is an `<a role="option">` (a real link: middle click and
 * "open in new tab" work) kept out of the tab order, since focus stays in the input and the
 * arrow keys move `aria-activedescendant`. A page's options sit in a group named by its title.
 */
import type { PageHit } from './search-results.js';

/** The words the header's search button hands the dialog (`render/layout/search-trigger.tsx`). */
export interface DialogText {
  label: string;
  placeholder: string;
  recent: string;
  clear: string;
  noResults: string;
  results: string;
  close: string;
  unavailable: string;
  searching: string;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

let ids = 0;

/** A link option, or a plain one (`href` null) that the dialog acts on itself. */
function option(href: string | null, className: string): HTMLElement {
  const a = href === null ? el('div', `search-option ${className}`) : el('a', `search-option ${className}`);
  if (a instanceof HTMLAnchorElement) {
    a.href = href!;
    a.tabIndex = -1;
  }
  a.id = `folio-search-option-${++ids}`;
  a.setAttribute('role', 'option');
  a.setAttribute('aria-selected', 'false');
  return a;
}

/** Pagefind's excerpt HTML: its text is escaped and its only tags are `<mark>`. */
function excerpt(html: string): HTMLElement {
  const span = el('span', 'search-excerpt');
  span.innerHTML = html;
  return span;
}

/** One group per page: the page itself (title, labels, its own excerpt), then its matching sections. */
export function drawHits(hits: PageHit[]): HTMLElement[] {
  return hits.map((hit) => {
    const group = el('div', 'search-group');
    group.setAttribute('role', 'group');
    group.setAttribute('aria-label', hit.title);
    const page = option(hit.url, 'search-page');
    const head = el('span', 'search-page-head');
    head.append(el('span', 'search-title', hit.title), ...hit.labels.map((label) => el('span', 'search-label', label)));
    page.append(head);
    if (hit.excerpt) page.append(excerpt(hit.excerpt));
    group.append(page);
    for (const section of hit.sections) {
      const a = option(section.url, 'search-section');
      a.append(el('span', 'search-title', section.title));
      if (section.excerpt) a.append(excerpt(section.excerpt));
      group.append(a);
    }
    return group;
  });
}

/** The recent searches as options that search again. */
export function drawRecent(queries: string[]): HTMLElement[] {
  return queries.map((query) => {
    const a = option(null, 'search-recent');
    a.dataset.query = query;
    a.append(el('span', 'search-recent-icon'), el('span', 'search-title', query));
    a.firstElementChild!.setAttribute('aria-hidden', 'true');
    return a;
  });
}
