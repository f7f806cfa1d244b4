/** A run of top-level blocks that can be parsed on its own. */
export interface Chunk {
  text: string;
  /** 0-based index of the chunk's first line in the source. */
  line: number;
  /** Offset of the chunk's first character in the source. */
  offset: number;
}

const CONTINUES_BLOCK = /^(?:[*+-](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|[ \t])/;

/**
 * Split a page at blank lines where nothing is open (no fenced code, JSX element, `{}` expression
 * or list that could continue), so plain-Markdown stretches can take the fast parser and only the
 * stretches with JSX pay for micromark. Returns null when splitting is not safe: link reference
 * definitions apply to the whole page, and an unbalanced scan means we misread the page.
 */
export function splitTopLevel(source: string): Chunk[] | null {
  if (/^ {0,3}\[[^\]\n]+\]:/m.test(source)) return null;
  const lines = source.split('\n');
  const chunks: Chunk[] = [];
  const scan = new Scanner();
  let fence: string | null = null;
  let chunkStart = 0;
  let offset = 0;
  let chunkOffset = 0;
  let previousBlank = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const blank = /^[ \t]*$/.test(line);
    if (
      i > chunkStart &&
      previousBlank &&
      !blank &&
      fence === null &&
      scan.closed() &&
      !CONTINUES_BLOCK.test(line)
    ) {
      chunks.push({ text: lines.slice(chunkStart, i).join('\n'), line: chunkStart, offset: chunkOffset });
      chunkStart = i;
      chunkOffset = offset;
    }
    if (fence !== null) {
      const m = /^\s*(`{3,}|~{3,}|\${2,})\s*$/.exec(line);
      if (m && m[1]![0] === fence[0] && m[1]!.length >= fence.length) fence = null;
    } else {
      // Code fences and `$$` math blocks may hold blank lines, `<` and `{`: nothing inside counts.
      const m = /^\s*(`{3,}|~{3,}|\${2,})/.exec(line);
      if (m && scan.inText()) fence = m[1]!;
      else if (!scan.line(line)) return null;
    }
    previousBlank = blank;
    offset += line.length + 1;
  }
  if (fence !== null || !scan.closed()) return null;
  chunks.push({ text: lines.slice(chunkStart).join('\n'), line: chunkStart, offset: chunkOffset });
  return chunks;
}

/** Tracks JSX element depth, `{}` depth and an unfinished tag across lines. */
class Scanner {
  private depth = 0;
  private braces = 0;
  private inTag = false;
  private closingTag = false;
  private quote: string | null = null;

  /** True between tags and expressions, where a fenced code block can start. */
  inText(): boolean {
    return this.braces === 0 && !this.inTag && this.quote === null;
  }

  closed(): boolean {
    return this.depth === 0 && this.braces === 0 && !this.inTag && this.quote === null;
  }

  /** Feed one line; false when the line makes the structure unbalanced. */
  line(text: string): boolean {
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (this.quote !== null) {
        if (c === '\\') i++;
        else if (c === this.quote) this.quote = null;
        continue;
      }
      if (this.braces > 0) {
        if (c === '"' || c === "'" || c === '`') this.quote = c;
        else if (c === '{') this.braces++;
        else if (c === '}') this.braces--;
        continue;
      }
      if (this.inTag) {
        if (c === '"' || c === "'") this.quote = c;
        else if (c === '{') this.braces++;
        else if (c === '>') {
          this.inTag = false;
          if (this.closingTag) this.depth--;
          else if (text[i - 1] !== '/') this.depth++;
          if (this.depth < 0) return false;
        }
        continue;
      }
      if (c === '\\') {
        i++;
        continue;
      }
      if (c === '`') {
        // Inline code on this line hides `<` and `{`; an unmatched run is literal text.
        let n = 1;
        while (text[i + n] === '`') n++;
        const close = text.indexOf('`'.repeat(n), i + n);
        if (close >= 0) i = close + n - 1;
        else i += n - 1;
        continue;
      }
      if (c === '{') this.braces++;
      else if (c === '}') return false;
      else if (c === '<') {
        const next = text[i + 1];
        if (next === '/' && /[A-Za-z>]/.test(text[i + 2] ?? '')) {
          this.inTag = true;
          this.closingTag = true;
          i++;
        } else if (next !== undefined && /[A-Za-z>]/.test(next)) {
          this.inTag = true;
          this.closingTag = false;
        }
      }
    }
    return true;
  }
}
