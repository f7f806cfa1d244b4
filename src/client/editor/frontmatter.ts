/**
 * The page settings form reads and writes single-line keys of the page's YAML frontmatter as text
 * edits: other keys, comments, order and blank lines keep their bytes.
 */

const BLOCK = /^---\r?\n([\s\S]*?)\r?\n?---(\r?\n|$)/;

/** Single-line `key: value` pairs of the frontmatter, values unquoted. */
export function frontmatterOf(text: string): Record<string, string> {
  const block = BLOCK.exec(text)?.[1] ?? '';
  const out: Record<string, string> = {};
  for (const line of block.split(/\r?\n/)) {
    const m = /^([A-Za-z][\w-]*):\s*(.*?)\s*$/.exec(line);
    if (!m) continue;
    let value = m[2]!;
    if (/^".*"$/.test(value)) {
      try {
        value = JSON.parse(value) as string;
      } catch {
        // Not a JSON string: shown as written.
      }
    } else if (/^'.*'$/.test(value)) value = value.slice(1, -1).replace(/''/g, "'");
    out[m[1]!] = value;
  }
  return out;
}

/**
 * Set (or, with `value` empty, remove) one key. `string` values are written as JSON strings when YAML
 * would read them otherwise (a colon, a quote, a leading symbol), `raw` ones as they are (`true`).
 */
export function setFrontmatter(text: string, key: string, value: string, kind: 'string' | 'raw'): string {
  const written = kind === 'raw' || /^[A-Za-z0-9][\w .,()/-]*$/.test(value) ? value : JSON.stringify(value);
  const line = `${key}: ${written}`;
  const match = BLOCK.exec(text);
  if (!match) return value === '' ? text : `---\n${line}\n---\n\n${text}`;
  const lines = match[1]!.split(/\r?\n/);
  const at = lines.findIndex((l) => new RegExp(`^${key}:`).test(l));
  // The same value as written (quoted or not): the bytes stay.
  if (at >= 0 && (lines[at] === line || frontmatterOf(text)[key] === value)) return text;
  if (value === '') {
    if (at < 0) return text;
    lines.splice(at, 1);
  } else if (at >= 0) lines[at] = line;
  else lines.push(line);
  const body = lines.length === 1 && lines[0] === '' ? '' : lines.join('\n');
  return `---\n${body}${body ? '\n' : ''}---${match[2]}${text.slice(match[0].length)}`;
}
