/**
 * "On this page" marks the section being read (`aria-current`), as readers of docs sites expect:
 * the last heading that has passed the top of the window, or the first before any has.
 */
export function initToc(): void {
  const links = Array.from(document.querySelectorAll<HTMLAnchorElement>('.toc a[href^="#"]'));
  if (links.length === 0) return;
  const targets = links.map((a) => document.getElementById(decodeURIComponent(a.hash.slice(1))));
  let queued = false;
  const update = () => {
    queued = false;
    const line = innerHeight * 0.25;
    let current = 0;
    targets.forEach((t, i) => void (t && t.getBoundingClientRect().top <= line && (current = i)));
    links.forEach((a, i) => (i === current ? a.setAttribute('aria-current', 'true') : a.removeAttribute('aria-current')));
  };
  addEventListener('scroll', () => void (queued || ((queued = true), requestAnimationFrame(update))), { passive: true });
  update();
}
