/** What a fence's info string says besides the language. */
export interface CodeMeta {
  lang: string | null;
  title?: string;
  icon?: string;
  highlight: Set<number>;
  wrap: boolean;
  lines: boolean;
  expandable: boolean;
}

const FLAGS = new Set(['wrap', 'lines', 'expandable']);

/** Parse `1-3,5` into line numbers. */
function parseRanges(text: string, into: Set<number>): void {
  for (const part of text.split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(part);
    if (!m) continue;
    const from = Number(m[1]);
    const to = m[2] ? Number(m[2]) : from;
    for (let i = from; i <= Math.min(to, from + 10_000); i++) into.add(i);
  }
}

/**
 * Read a fence like ```` ```js title.js {1-3} icon="js" wrap ````: bare words that are not
 * flags form the title (docs.json sites write titles with spaces), `{...}` highlights lines.
 */
export function parseCodeMeta(langRaw: string | null | undefined, metaRaw: string | null | undefined): CodeMeta {
  const meta: CodeMeta = { lang: null, highlight: new Set(), wrap: false, lines: false, expandable: false };
  let lang = langRaw ?? '';
  const braced = /^([^{]*)\{([^}]*)\}$/.exec(lang);
  if (braced) {
    lang = braced[1] ?? '';
    parseRanges(braced[2] ?? '', meta.highlight);
  }
  meta.lang = lang || null;
  const words: string[] = [];
  const re = /(\w[\w-]*)=(?:"([^"]*)"|'([^']*)'|(\S+))|\{([^}]*)\}|(\S+)/g;
  for (const m of (metaRaw ?? '').matchAll(re)) {
    if (m[1]) {
      const value = m[2] ?? m[3] ?? m[4] ?? '';
      if (m[1] === 'title' || m[1] === 'filename') meta.title = value;
      else if (m[1] === 'icon') meta.icon = value;
      else if (m[1] === 'highlight') parseRanges(value.replace(/[{}]/g, ''), meta.highlight);
    } else if (m[5] !== undefined) parseRanges(m[5], meta.highlight);
    else if (m[6]) {
      if (FLAGS.has(m[6])) meta[m[6] as 'wrap' | 'lines' | 'expandable'] = true;
      else words.push(m[6]);
    }
  }
  if (words.length && meta.title === undefined) meta.title = words.join(' ');
  return meta;
}
