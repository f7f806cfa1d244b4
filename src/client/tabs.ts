import { readStore, writeStore } from './storage.js';

/**
 * Tabs and code groups drawn by the MDX layer: `[data-folio-tabs]` holds `[data-folio-tab]`
 * buttons and `[data-folio-tab-panel]` panels in the same order. Without JavaScript every panel
 * stays visible, so nothing is unreadable. Choosing a tab key (say "npm") selects the same key in
 * every tab set on the page and is remembered across pages.
 */
export function initTabs(): void {
  const sets: { keys: string[]; select(index: number): void }[] = [];
  for (const container of document.querySelectorAll<HTMLElement>('[data-folio-tabs]')) {
    const own = (selector: string) =>
      [...container.querySelectorAll<HTMLElement>(selector)].filter((el) => el.closest('[data-folio-tabs]') === container);
    const buttons = own('[data-folio-tab]');
    const panels = own('[data-folio-tab-panel]');
    if (buttons.length === 0 || buttons.length !== panels.length) continue;
    const keys = buttons.map((b) => b.dataset.folioTabKey ?? b.textContent ?? '');
    const select = (index: number) => {
      buttons.forEach((b, i) => b.setAttribute('aria-selected', String(i === index)));
      panels.forEach((p, i) => (p.hidden = i !== index));
      dispatchEvent(new Event('folio-tabs'));
    };
    buttons.forEach((button, index) =>
      button.addEventListener('click', () => {
        const key = keys[index]!;
        writeStore('folio-tab', key);
        for (const set of sets) {
          const i = set.keys.indexOf(key);
          if (i >= 0) set.select(i);
        }
        select(index);
      }),
    );
    const preferred = keys.indexOf(readStore('folio-tab') ?? '');
    const initial = buttons.findIndex((b) => b.getAttribute('aria-selected') === 'true');
    select(preferred >= 0 ? preferred : Math.max(0, initial));
    container.classList.add('tabs-ready');
    sets.push({ keys, select });
    panels.forEach((panel, index) => panelSelect.set(panel, () => select(index)));
  }
  revealHash();
  window.addEventListener('hashchange', revealHash);
}

const panelSelect = new WeakMap<HTMLElement, () => void>();

/** A link to a tab's or an accordion's id (`#deployment-branch`) shows it: the tab is selected, the accordion opened. */
function revealHash(): void {
  let id = location.hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // A malformed escape: look the id up as written.
  }
  const target = id ? document.getElementById(id) : null;
  if (!target) return;
  let shown = false;
  for (let el: HTMLElement | null = target; el; el = el.parentElement) {
    if (el instanceof HTMLDetailsElement && !el.open) el.open = shown = true;
    const select = panelSelect.get(el);
    if (select && el.hidden) {
      select();
      shown = true;
    }
  }
  if (shown) target.scrollIntoView();
}
