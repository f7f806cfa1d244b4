/**
 * Inline script in `<head>`, run before first paint so a dark-mode reader never sees a white
 * flash and a dismissed banner never blinks. Kept tiny and dependency-free on purpose. The empty
 * `catch` is deliberate: where storage is blocked (`localStorage` throws), the page keeps its
 * default theme and shows the banner.
 */
export const HEAD_SCRIPT =
  "(function(){var d=document.documentElement;try{var t=localStorage.getItem('folio-theme')||d.dataset.defaultTheme;" +
  "if(!t||t==='system')t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';d.dataset.theme=t;" +
  "var b=d.dataset.bannerKey;if(b&&localStorage.getItem('folio-banner')===b)d.classList.add('banner-dismissed')}catch(e){}})()";
