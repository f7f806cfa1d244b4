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
    // Every position is read before anything is written: a write between two reads makes the browser lay
    // the page out again for each heading (on a long page, hundreds of layouts in one frame).
    const shown = targets.map((t) => !t?.closest('[hidden]'));
    const tops = targets.map((t, i) => (shown[i] && t ? t.getBoundingClientRect().top : Infinity));
    let current = -1;
    shown.forEach((s, i) => {
      if (s && (current < 0 || tops[i]! <= line)) current = i;
    });
    links.forEach((a, i) => {
      const item = a.parentElement!;
      if (item.hidden === shown[i]) item.hidden = !shown[i];
      if (i === current) {
        if (!a.hasAttribute('aria-current')) a.setAttribute('aria-current', 'true');
      } else if (a.hasAttribute('aria-current')) a.removeAttribute('aria-current');
    });
  };
  const queue = () => void (queued || ((queued = true), requestAnimationFrame(update)));
  addEventListener('scroll', queue, { passive: true });
  addEventListener('folio-tabs', queue);
  update();
}
