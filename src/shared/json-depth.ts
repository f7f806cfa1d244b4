/**
 * Offset of the first `{` or `[` of JSON (or JSONC) text that opens a level past `max`, or undefined
 * when the text stays within it. One pass, no recursion: the readers after it (jsonc-parser, JSON.parse
 * walks, schemas, `$ref` bundling) recurse once per level and overflow the stack on a few kilobytes
 * nested thousands deep. Strings and comments are skipped; brackets are counted as written, so the
 * answer holds for malformed text too (the parser reports that afterwards). docs.json (`config`) and
 * OpenAPI/AsyncAPI specs (`openapi`) are checked with it, each with its own limit.
 */
export function jsonTooDeepAt(text: string, max: number): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) {
        if (text.charCodeAt(i) === 0x5c /* \ */) i++;
      }
    } else if (c === 0x2f /* / */ && text.charCodeAt(i + 1) === 0x2f) {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end;
    } else if (c === 0x2f && text.charCodeAt(i + 1) === 0x2a /* * */) {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 1;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return i;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth = Math.max(0, depth - 1);
    }
  }
  return undefined;
}
