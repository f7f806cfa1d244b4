/**
 * Loads the API playground bundle, only on pages with a "Try it" button. The build names it
 * after this script (`assets/site.<hash>.js` → `assets/playground.<hash>.js`, one hash for both).
 */
export function loadPlayground(script: HTMLScriptElement | null): void {
  if (!script?.src || !document.querySelector('[data-api-try]')) return;
  const src = script.src.replace(/\/site\.([0-9a-f]+)\.js(\?.*)?$/, '/playground.$1.js');
  if (src === script.src) return;
  void import(/* @vite-ignore */ src).catch((error: unknown) => {
    // The reference stays readable; only "Try it" does nothing. The console says why.
    console.warn('Folio: the API playground could not be loaded', error);
  });
}
