/** `[data-sidebar-toggle]` opens the sidebar as a drawer on narrow screens. */
export function initSidebarToggle(): void {
  for (const button of document.querySelectorAll<HTMLElement>('[data-sidebar-toggle]')) {
    button.addEventListener('click', () => {
      const open = document.documentElement.classList.toggle('sidebar-open');
      button.setAttribute('aria-expanded', String(open));
    });
  }
  const active = document.querySelector<HTMLElement>('.sidebar [aria-current="page"]');
  // Long sidebars: bring the current page into view without moving the document.
  if (active) {
    const scroller = active.closest<HTMLElement>('.sidebar-scroll');
    if (scroller && active.offsetTop > scroller.clientHeight) scroller.scrollTop = active.offsetTop - scroller.clientHeight / 3;
  }
}
