import { writeStore } from './storage.js';

/** `[data-theme-toggle]` flips `<html data-theme>` between light and dark and remembers the choice. */
export function initThemeToggle(): void {
  for (const button of document.querySelectorAll<HTMLElement>('[data-theme-toggle]')) {
    button.addEventListener('click', () => {
      const root = document.documentElement;
      const next = root.dataset.theme === 'dark' ? 'light' : 'dark';
      root.dataset.theme = next;
      root.classList.toggle('dark', next === 'dark');
      writeStore('folio-theme', next);
    });
  }
}
