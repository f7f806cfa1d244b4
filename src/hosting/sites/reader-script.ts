/**
 * The inline script of a personalized answer, apart from `personalize.ts` so that `serve-site.ts` can
 * allow it by its hash at start while personalization (and the MDX, OpenAPI and Markdown helpers it
 * reads branches and values with) loads on a reader's first personalized page.
 */

/** `window.mintlify.user` for the site's own scripts: set from the JSON block before them, announced once the page is parsed. */
export const READER_USER_SCRIPT =
  "(function(){var e=document.getElementById('folio-reader-user');if(!e)return;var u=JSON.parse(e.textContent);var m=window.mintlify=window.mintlify||{};m.user=u;var f=function(){window.dispatchEvent(new CustomEvent('mintlify:user',{detail:u}))};if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',f);else f()})()";
