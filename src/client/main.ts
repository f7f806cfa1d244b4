/**
 * Entry of the browser bundle. Every page loads this one small script (deferred); each island
 * looks for its own `data-*` hook and does nothing when the page has none, so pages without
 * code blocks or tabs pay only for the bytes, not for the work.
 */
import { initAssistant } from './assistant-loader.js';
import { initBanner } from './banner.js';
import { initCopyButtons } from './copy.js';
import { initMenus } from './menus.js';
import { initMermaid } from './mermaid.js';
import { initNotFound } from './not-found.js';
import { initPageMenu } from './page-menu.js';
import { loadPlayground } from './playground-loader.js';
import { initSearch } from './search.js';
import { initSidebarToggle } from './sidebar.js';
import { initTabs } from './tabs.js';
import { initThemeToggle } from './theme.js';
import { initToc } from './toc.js';
import { initUpdateFilters } from './update-filters.js';
import { loadBeacon } from './beacon-loader.js';

// Read while this script runs: `document.currentScript` is null once it has finished.
const self = document.currentScript as HTMLScriptElement | null;

function start(): void {
  initThemeToggle();
  initBanner();
  initMenus();
  initSidebarToggle();
  initCopyButtons();
  initPageMenu();
  initTabs();
  initSearch(self);
  initMermaid();
  initNotFound();
  initUpdateFilters();
  initToc();
  loadPlayground(self);
  loadBeacon(self);
  initAssistant(self);
  searchLink();
}

/** `?search=<query>` opens the search dialog with the query typed (the platform's deep link); the dialog is an island, so wait for its field. */
function searchLink(): void {
  const query = new URLSearchParams(location.search).get('search');
  if (!query) return;
  document.querySelector<HTMLElement>('[data-search-open]')?.click();
  let frames = 600;
  const fill = () => {
    const input = document.querySelector<HTMLInputElement>('[data-search]');
    if (input) (input.value = query), input.dispatchEvent(new Event('input'));
    else if (frames--) requestAnimationFrame(fill);
  };
  fill();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
