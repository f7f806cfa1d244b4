/**
 * Selectors (version, language, product, dropdown) are `<details data-menu>` so they open without
 * JavaScript; this only closes an open one on an outside click or Escape, as readers expect.
 */
export function initMenus(): void {
  const menus = [...document.querySelectorAll<HTMLDetailsElement>('details[data-menu]')];
  if (menus.length === 0) return;
  document.addEventListener('click', (event) => {
    for (const menu of menus) if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') for (const menu of menus) menu.open = false;
  });
}
