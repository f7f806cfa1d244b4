import { writeStore } from './storage.js';

/**
 * `[data-banner]` carries a key derived from the banner text; dismissing stores that key so the
 * banner stays hidden on every page until its text changes. The head script hides it before paint.
 */
export function initBanner(): void {
  const banner = document.querySelector<HTMLElement>('[data-banner]');
  const close = banner?.querySelector<HTMLElement>('[data-banner-close]');
  if (!banner || !close) return;
  close.addEventListener('click', () => {
    writeStore('folio-banner', banner.dataset.banner ?? '');
    document.documentElement.classList.add('banner-dismissed');
  });
}
