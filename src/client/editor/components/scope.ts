/**
 * A site stylesheet's selector made to match only inside the visual pane: `:root`, `html` and `body`
 * at its start become the pane itself (`.ed-site`), a theme attribute at its start goes on the pane
 * (`[data-theme=dark] .x` → `.ed-site[data-theme=dark] .x`), so is the article's `.prose`; anything else is
 * looked for inside it.
 */

/** `selector` split at its top-level commas (not those inside `:is(...)` or `[...]`). */
export function splitSelectors(selector: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(selector.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(selector.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

function scopeOne(selector: string, scope: string): string {
  // `html`, `:root` or `body` (with what is attached to it, `html[data-theme=dark]`, `body.x`), then the rest.
  const root = /^(?:html|:root|body)((?:\[[^\]]*\]|[.#:][\w-]+(?:\([^)]*\))?)*)(?:\s*(>)?\s*(?:body\b)?)?(.*)$/.exec(selector);
  if (root) {
    const [, attached = '', , rest = ''] = root;
    return `${scope}${attached}${rest.trim() ? ` ${rest.trim()}` : ''}`;
  }
  // The article's prose container is the pane itself (the visual mode's blocks are its children).
  if (/^\.prose(?![\w-])/.test(selector)) return `${scope}${selector.slice('.prose'.length)}`;
  // A theme or state attribute on the document (`[data-theme=dark] .x`, `.dark .x`): put on the pane.
  const theme = /^((?:\[data-theme[^\]]*\]|\.dark\b)+)(?:\s+(.*))?$/.exec(selector);
  if (theme) return `${scope}${theme[1]}${theme[2] ? ` ${theme[2]}` : ''}`;
  return `${scope} ${selector}`;
}

/** Every selector of a selector list scoped to `scope`. */
export function scopeSelector(selectorList: string, scope: string): string {
  return splitSelectors(selectorList)
    .map((s) => scopeOne(s, scope))
    .join(',');
}
