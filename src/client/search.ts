/**
 * The search button and its shortcuts (⌘K / Ctrl+K, `/`). This part is on every page, so it stays
 * small: the dialog, Pagefind and the result drawing are an island (`search-dialog.ts`, built as
 * `assets/search.<hash>.js` beside `site.<hash>.js`) fetched when the reader points at the button
 * or first asks to search, and Pagefind's index with it.
 */
interface SearchIsland {
  openSearch(trigger: HTMLElement): void;
  preloadSearch(trigger: HTMLElement): void;
}

/** Apple keyboards say ⌘, the others Ctrl. */
const isApple = () => /Mac|iPhone|iPad|iPod/.test(navigator.platform || navigator.userAgent);

/** Typing in a field, or in an editor: `/` is then a character, not the shortcut. */
function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
}

export function initSearch(script: HTMLScriptElement | null): void {
  const trigger = document.querySelector<HTMLElement>('[data-search-open]');
  const src = script?.src.replace(/\/site\.([0-9a-f]+)\.js(\?.*)?$/, '/search.$1.js');
  if (!trigger || !src || src === script?.src) return;
  for (const kbd of document.querySelectorAll('[data-search-kbd]')) kbd.textContent = isApple() ? '⌘K' : 'Ctrl K';

  let island: Promise<SearchIsland | null> | null = null;
  const load = () =>
    (island ??= (import(/* @vite-ignore */ src) as Promise<SearchIsland>).catch((error: unknown) => {
      // The page stays readable; only search does nothing. The console says why.
      console.warn('Folio: the search dialog could not be loaded', error);
      island = null;
      return null;
    }));
  const open = () => void load().then((m) => m?.openSearch(trigger));

  trigger.addEventListener('click', open);
  // Other buttons that open the same dialog (the `mode: assistant` page's entry).
  for (const other of document.querySelectorAll('[data-search-proxy]')) other.addEventListener('click', open);
  // Pointing at or focusing the button fetches the dialog and starts Pagefind's index: the first search is answered sooner.
  const preload = () => void load().then((m) => m?.preloadSearch(trigger));
  trigger.addEventListener('pointerenter', preload, { once: true });
  trigger.addEventListener('focus', preload, { once: true });
  document.addEventListener('keydown', (event) => {
    const shortcut = event.key.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey;
    if (shortcut || (event.key === '/' && !event.metaKey && !event.ctrlKey && !event.altKey && !isTyping(event.target))) {
      event.preventDefault();
      open();
    }
  });
}
