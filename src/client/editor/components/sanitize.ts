/**
 * Raw HTML of a page drawn in the visual mode: parsed inertly and rebuilt from an allow-list of tags
 * and attributes (no script, no event handler, no style sheet, no script address), JSX spellings read
 * as HTML (`className`), and the page's image paths served through the editor's asset route.
 */

const TAGS = new Set(
  'a abbr b blockquote br caption code col colgroup dd del details div dl dt em figcaption figure h1 h2 h3 h4 h5 h6 hr i img ins kbd li mark ol p picture pre q s samp section small source span strong sub summary sup table tbody td tfoot th thead tr u ul video'.split(' '),
);
const ATTRS = new Set(['href', 'src', 'srcset', 'alt', 'title', 'width', 'height', 'class', 'colspan', 'rowspan', 'align', 'open', 'start', 'controls', 'loop', 'muted', 'poster', 'type']);

/** A page path (`/images/a.png`, `images/a.png`) as the editor serves it; other addresses kept (the page's CSP decides). */
export function assetUrl(src: string, assetBase: string): string {
  const url = src.trim();
  if (/^\s*(javascript|vbscript|data:text)/i.test(url)) return '';
  if (/^(https?:|data:image\/|blob:|#)/i.test(url)) return url;
  if (!assetBase) return url;
  return `${assetBase}/${url.replace(/^\.?\/+/, '')}`;
}

function clean(node: Node, doc: Document, assetBase: string): Node | null {
  if (node.nodeType === Node.TEXT_NODE) return doc.createTextNode(node.textContent ?? '');
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  if (!TAGS.has(tag)) {
    // An unknown or forbidden element: its text content only (a script's not even that).
    if (/^(script|style|iframe|object|embed|template|noscript|textarea|select|form|input|button|link|meta|base)$/.test(tag)) return null;
    const frag = doc.createDocumentFragment();
    for (const child of Array.from(el.childNodes)) {
      const c = clean(child, doc, assetBase);
      if (c) frag.append(c);
    }
    return frag;
  }
  const out = doc.createElement(tag);
  for (const attr of Array.from(el.attributes)) {
    const name = attr.name.toLowerCase() === 'classname' ? 'class' : attr.name.toLowerCase();
    if (!ATTRS.has(name)) continue;
    let value = attr.value;
    if (name === 'src' || name === 'poster') value = assetUrl(value, assetBase);
    if (name === 'srcset') value = value.split(',').map((part) => part.trim().replace(/^\S+/, (u) => assetUrl(u, assetBase))).join(', ');
    if (name === 'href' && /^\s*(javascript|vbscript|data):/i.test(value)) value = '#';
    if (value !== '') out.setAttribute(name, value);
  }
  // In the editor a link is not followed.
  if (tag === 'a') out.setAttribute('tabindex', '-1');
  for (const child of Array.from(el.childNodes)) {
    const c = clean(child, doc, assetBase);
    if (c) out.append(c);
  }
  return out;
}

/** The HTML `source` as safe DOM nodes of `doc`. */
export function sanitizedHtml(source: string, assetBase: string, doc: Document = document): DocumentFragment {
  // JSX expressions in attributes (`style={{...}}`) are not HTML: dropped before parsing.
  const html = source.replace(/\s[\w-]+=\{(?:[^{}]|\{[^{}]*\})*\}/g, '');
  const parsed = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  const frag = doc.createDocumentFragment();
  for (const child of Array.from(parsed.body.childNodes)) {
    const c = clean(child, doc, assetBase);
    if (c) frag.append(c);
  }
  return frag;
}
