/**
 * Anchor ids as the platform makes them (its documentation, create/text.mdx, "Automatic anchor
 * IDs"): not GitHub's slugs. Letters are lowercased, every whitespace character becomes a hyphen
 * (so `V1 → V3` gives `v1--v3`), a straight apostrophe becomes `’` and stays, a period becomes a
 * hyphen, slashes and ampersands stay, brackets, colons and other punctuation go (`The fix:
 * json_mode` → `the-fix-json_mode`, as links written for the platform expect). Letters of every
 * script, digits and emoji stay as they are. The first duplicate on a page gets `-2`.
 */
const DROP = /[^\p{L}\p{M}\p{N}\p{Extended_Pictographic}\u200d\ufe0f\-_’/&$]/gu;

export function headingSlug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/'/g, '’')
    .replace(/\./g, '-')
    .replace(/\s/g, '-')
    .replace(DROP, '');
}

/**
 * Field ids (`<ParamField>`, `<ResponseField>`): `param-` and the name in kebab case, as links
 * in the platform's users' pages expect (`retryOn` → `#param-retry-on`, `thumbnails.background`
 * → `#param-thumbnails-background`, `--max-session-duration` → `#param-max-session-duration`).
 */
export function fieldSlug(name: string): string {
  const words = name
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return `param-${words.join('-').toLowerCase()}`;
}

/** Unique ids for one page: headings count `x`, `x-2`, `x-3`; fields `x`, `x-1`, `x-2`. */
export class PageSlugger {
  private readonly used = new Set<string>();
  private readonly fieldCounts = new Map<string, number>();

  /** Mark an id the author gave (`{#id}`, `id=`) as taken. */
  claim(id: string): void {
    this.used.add(id);
  }

  heading(text: string): string {
    const base = headingSlug(text);
    let id = base;
    for (let n = 2; this.used.has(id); n++) id = `${base}-${n}`;
    this.used.add(id);
    return id;
  }

  field(name: string): string {
    const base = fieldSlug(name);
    const seen = this.fieldCounts.get(base) ?? 0;
    this.fieldCounts.set(base, seen + 1);
    let id = seen === 0 ? base : `${base}-${seen}`;
    for (let n = seen + 1; this.used.has(id); n++) id = `${base}-${n}`;
    this.used.add(id);
    return id;
  }
}
