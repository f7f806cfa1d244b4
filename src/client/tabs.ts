/**
 * Tabs and code groups: a container `[data-tabs]` holds buttons `[data-tab-button]` (or `[role=tab]`)
 * and panels `[data-tab-panel]` (or `[role=tabpanel]`) in the same order. Without JavaScript every
 * panel stays visible, so nothing is unreadable.
 */
export function initTabs(): void {
  for (const container of document.querySelectorAll<HTMLElement>('[data-tabs]')) {
    const own = (selector: string) =>
      [...container.querySelectorAll<HTMLElement>(selector)].filter((el) => el.closest('[data-tabs]') === container);
    const buttons = own('[data-tab-button],[role="tab"]');
    const panels = own('[data-tab-panel],[role="tabpanel"]');
    if (buttons.length === 0 || buttons.length !== panels.length) continue;
    const select = (index: number) => {
      buttons.forEach((b, i) => b.setAttribute('aria-selected', String(i === index)));
      panels.forEach((p, i) => (p.hidden = i !== index));
    };
    buttons.forEach((button, index) => button.addEventListener('click', () => select(index)));
    const initial = buttons.findIndex((b) => b.getAttribute('aria-selected') === 'true');
    select(initial < 0 ? 0 : initial);
    container.classList.add('tabs-ready');
  }
}
