import { jsonTooDeepAt, type Diagnostic } from '../../shared/index.js';
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
