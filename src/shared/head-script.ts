/**
 * Inline script in `<head>`, run before first paint so a dark-mode reader never sees a white
 * flash and a dismissed banner never blinks. Kept tiny and dependency-free on purpose. The empty
 * `catch` is deliberate: where storage is blocked (`localStorage` throws), the page keeps its
 * default theme and shows the banner. With `appearance.strict` (`data-theme-strict`) a stored choice
 * is ignored: the site is only ever shown in its default mode. Dark mode also sets `html.dark`, the class
 * the platform's sites (and the custom CSS written for them, `html.dark .x`) key dark rules on. Without JavaScript, `<html>` already
 * carries the default mode (`data-theme`), so a dark-only site is dark.
 */
export const HEAD_SCRIPT =
  "(function(){var d=document.documentElement;try{var t=(d.dataset.themeStrict===undefined&&localStorage.getItem('folio-theme'))||d.dataset.defaultTheme;" +
  "if(!t||t==='system')t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';d.dataset.theme=t;d.classList.toggle('dark',t==='dark');" +
  "var b=d.dataset.bannerKey;if(b&&localStorage.getItem('folio-banner')===b)d.classList.add('banner-dismissed')}catch(e){}})()";
