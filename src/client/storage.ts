/** localStorage that never throws (private mode, disabled storage, sandboxed iframes). */
export function readStore(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage unavailable: behave as if nothing was stored (the default theme, tab, banner state).
    return null;
  }
}

/** Store a value; silently keeps working without persistence when storage is unavailable. */
export function writeStore(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Without storage the choice lasts for this page only, which is still usable.
  }
}
