/** Scroll a long sidebar to the current page without moving the document. */
function revealCurrent(): void {
  const active = document.querySelector<HTMLElement>('.sidebar [aria-current="page"]');
  if (!active) return;
  const scroller = active.closest<HTMLElement>('.sidebar-scroll');
  if (scroller && active.offsetTop > scroller.clientHeight) scroller.scrollTop = active.offsetTop - scroller.clientHeight / 3;
}

/**
 * A large section's page carries only its place in the sidebar (`.nav-tree[data-nav]`); fetch the
 * section's whole tree (one content-hashed file, cached across pages), mark this page in it, open
 * the groups on its way and swap it in. On failure the place stays: it works without this.
 */
async function loadSharedTree(): Promise<void> {
  const place = document.querySelector<HTMLElement>('.sidebar .nav-tree[data-nav]');
  if (!place) return;
  const response = await fetch(place.dataset.nav!);
  if (!response.ok) return;
  const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
  const tree = doc.querySelector('.nav-tree');
  if (!tree) return;
  const current = place.querySelector('[aria-current="page"]')?.getAttribute('href');
  if (current) {
    for (const link of tree.querySelectorAll('a.nav-link')) {
      if (link.getAttribute('href') !== current) continue;
      link.setAttribute('aria-current', 'page');
      // A group's own link sits beside its <details> (sidebar.tsx GroupItem): that group opens too.
      const own = link.classList.contains('nav-group-link') ? link.previousElementSibling : null;
      if (own instanceof HTMLDetailsElement) own.open = true;
      for (let group = link.parentElement?.closest('details'); group; group = group.parentElement?.closest('details')) group.open = true;
    }
  }
  // Groups the reader opened in the place before the tree arrived stay open.
  for (const open of place.querySelectorAll<HTMLDetailsElement>('details[open][data-group]')) {
    const same = tree.querySelector<HTMLDetailsElement>(`details[data-group="${open.dataset.group}"]`);
    if (same) same.open = true;
  }
  const swapped = document.importNode(tree, true) as HTMLElement;
  swapped.dataset.navLoaded = '';
  place.replaceWith(swapped);
  revealCurrent();
}

/**
 * `[data-sidebar-toggle]` opens the sidebar as a drawer on narrow screens; its close button
 * (`[data-sidebar-close]`), Escape or a tap outside it close it.
 */
export function initSidebarToggle(): void {
  const toggles = document.querySelectorAll<HTMLElement>('[data-sidebar-toggle]');
  const set = (open: boolean) => {
    document.documentElement.classList.toggle('sidebar-open', open);
    for (const t of toggles) t.setAttribute('aria-expanded', String(open));
  };
  const isOpen = () => document.documentElement.classList.contains('sidebar-open');
  // Both are links without the script (`#sidebar` opens the drawer through CSS `:target`); with it they toggle in place.
  for (const button of toggles) button.addEventListener('click', (event) => (event.preventDefault(), event.stopPropagation(), set(!isOpen())));
  for (const button of document.querySelectorAll<HTMLElement>('[data-sidebar-close]')) button.addEventListener('click', (event) => (event.preventDefault(), set(false)));
  document.addEventListener('keydown', (event) => void (event.key === 'Escape' && isOpen() && set(false)));
  document.addEventListener('click', (event) => {
    if (isOpen() && !(event.target as Element).closest?.('#sidebar')) set(false);
  });
  revealCurrent();
  void loadSharedTree().catch(() => undefined);
}
