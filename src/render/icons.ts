/**
 * Icons of a page as CSS masks: the markup keeps `span.folio-icon[data-icon=name][data-icon-type]`
 * (MDX components and the layout draw the same hook), and each page's `<head>` gets one rule per
 * distinct glyph it shows, its SVG as a data URL. A page carries only its own glyphs (~300-900 bytes
 * each), no icon font and no request; a glyph used by two names (`home`, `house`) is one rule.
 */
import { iconMaskUrl, resolveIcon, type IconLibrary } from '../mdx/index.js';

/** Base rule: a named icon takes the colour of its text through a mask; an unknown one is a dot. */
export function iconCss(): string {
  return (
    '.folio-icon[data-icon]{-webkit-mask:var(--icon,radial-gradient(circle,#000 30%,transparent 34%)) center/contain no-repeat;' +
    'mask:var(--icon,radial-gradient(circle,#000 30%,transparent 34%)) center/contain no-repeat;background:currentColor;opacity:1;border-radius:0}'
  );
}

const ICON_ATTRS = /data-icon="([^"]*)"(?: data-icon-type="([^"]*)")?/g;

const unescapeAttr = (s: string) => s.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const cssString = (s: string) => `"${s.replace(/[\\"]/g, '\\$&').replace(/\n/g, '\\a ')}"`;

/** Resolves names to glyphs once per library and name/type pair for the whole process. */
export class PageIconStyles {
  private resolved = new Map<string, { id: string; url: string } | null>();

  constructor(private readonly library?: IconLibrary) {}

  private glyph(name: string, type: string | undefined) {
    const key = `${name}\u0000${type ?? ''}`;
    let found = this.resolved.get(key);
    if (found === undefined) {
      const icon = resolveIcon(name, { type, library: this.library });
      found = icon ? { id: icon.id, url: iconMaskUrl(icon) } : null;
      this.resolved.set(key, found);
    }
    return found;
  }

  /** The CSS rules for the icons in `html`: one rule per distinct glyph, each listing the selectors that show it. */
  cssFor(html: string): string {
    const selectors = new Map<string, { url: string; list: Set<string> }>();
    for (const m of html.matchAll(ICON_ATTRS)) {
      const name = unescapeAttr(m[1]!);
      const type = m[2] === undefined ? undefined : unescapeAttr(m[2]);
      const glyph = this.glyph(name, type);
      if (!glyph) continue;
      let entry = selectors.get(glyph.id);
      if (!entry) selectors.set(glyph.id, (entry = { url: glyph.url, list: new Set() }));
      entry.list.add(`.folio-icon[data-icon=${cssString(name)}]${type === undefined ? '' : `[data-icon-type=${cssString(type)}]`}`);
    }
    let css = '';
    for (const { url, list } of selectors.values()) css += `${[...list].join(',')}{--icon:${url}}`;
    return css;
  }
}
