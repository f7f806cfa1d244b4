import type { Diagnostic } from '../../shared/index.js';
import type { ConfigCode } from '../codes.js';

/**
 * How deeply docs.json (with the files it `$ref`s) may nest objects and arrays. Each level of navigation
 * groups takes two (the group and its `pages`), so this allows about 60 levels of groups. The deepest
 * docs.json of the corpora nests 17 levels (5 of groups). Everything that reads the file recurses once
 * per level (jsonc-parser, the reader that records positions, the schema, navigation, the editor's
 * outline and edits, the maintainer's jobs): a 10,000-deep navigation overflowed the stack of each.
 * Checked on the text, before any of them runs, so everything downstream may rely on it.
 */
export const MAX_CONFIG_DEPTH = 128;

/**
 * Offset of the first `{` or `[` of JSON text that opens a level past `max`, or undefined when the text
 * stays within it. One pass, no recursion; strings and comments skipped; brackets counted as written, so
 * the answer holds for malformed text too (the parser reports that afterwards).
 */
export function jsonTooDeepAt(text: string, max = MAX_CONFIG_DEPTH): number | undefined {
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

/** 1-based line and column of `offset` in `text`. */
function positionOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

/** The message of CONFIG_TOO_DEEP, shared by the loader, the editor and the maintainer. */
export function tooDeepMessage(max = MAX_CONFIG_DEPTH): string {
  return (
    `objects and arrays nest more than ${max} levels deep from here (about ${Math.floor(max / 2) - 4} levels of navigation groups), ` +
    'past what Folio reads (real sites nest under 20); the configuration is not read. Flatten the navigation: put deep groups side by side, or split the site into tabs or products'
  );
}

/**
 * The CONFIG_TOO_DEEP problem of a docs.json (or `$ref`ed) text nesting past `max` levels, located at the
 * bracket that goes too deep, or null when it does not. `file` is the name reported.
 */
export function configTooDeep(text: string, file = 'docs.json', max = MAX_CONFIG_DEPTH): Diagnostic<ConfigCode> | null {
  const at = jsonTooDeepAt(text, max);
  if (at === undefined) return null;
  return { file, ...positionOf(text, at), severity: 'error', code: 'CONFIG_TOO_DEEP', path: '', message: tooDeepMessage(MAX_CONFIG_DEPTH) };
}
