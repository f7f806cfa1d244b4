/**
 * "On this page" marks the section being read (`aria-current`), as readers of docs sites expect:
 * the last heading that has passed the top of the window, or the first before any has.
 * Headings inside a hidden tab panel are left out of the list (shown again when their tab is
 * chosen: `tabs.ts` sends `folio-tabs`), as the platform does for its views, so the reader is
 * never pointed at a heading they cannot see.
 */
export function initToc(): void {
  const links = Array.from(document.querySelectorAll<HTMLAnchorElement>('.toc a[href^="#"]'));
  if (links.length === 0) return;
  const targets = links.map((a) => document.getElementById(decodeURIComponent(a.hash.slice(1))));
  let queued = false;
  const update = () => {
    queued = false;
    const line = innerHeight * 0.25;
    let current = -1;
    targets.forEach((t, i) => {
      const shown = !t?.closest('[hidden]');
      links[i]!.parentElement!.hidden = !shown;
      if (shown && (current < 0 || (t && t.getBoundingClientRect().top <= line))) current = i;
    });
    links.forEach((a, i) => (i === current ? a.setAttribute('aria-current', 'true') : a.removeAttribute('aria-current')));
  };
  const queue = () => void (queued || ((queued = true), requestAnimationFrame(update)));
  addEventListener('scroll', queue, { passive: true });
  addEventListener('folio-tabs', queue);
  update();
}
