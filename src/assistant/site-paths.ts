/** A page path as search results give it, or as a reader or model may write it: `guides/intro`, `/guides/intro.md#x`, a full URL. */
export function sitePathOf(input: string): string | null {
  let p = input;
  if (/^https?:\/\//i.test(p)) {
    try {
      p = new URL(p).pathname;
    } catch {
      return null;
    }
  }
  p = p.replace(/[?#].*$/, '').replace(/\.md$/, '').replace(/\/+$/, '');
  p = '/' + p.replace(/^\/+/, '');
  return p === '/' ? '/index' : p;
}
