import { isNode, parseDocument, visit, type YAMLError } from 'yaml';
import { detached, type Diagnostic } from '../shared/index.js';
import type { ContentCode } from './codes.js';

/** The frontmatter of one file and where its body starts. */
export interface FrontmatterResult {
  data: Record<string, unknown>;
  /** Character offset of the first body character. */
  bodyOffset: number;
  /** 1-based line of the first body character. */
  bodyLine: number;
  diagnostics: Diagnostic<ContentCode>[];
}

/** Anchors may be used, but a handful of aliases is all real frontmatter needs; more smells of a billion-laughs file. */
const MAX_ALIAS_COUNT = 20;

/** Tags YAML's core schema resolves itself; anything else (`!!js/function`, `!!binary`, `!custom`) is refused. */
const ALLOWED_TAGS = new Set(
  ['str', 'int', 'float', 'bool', 'null', 'map', 'seq'].map((t) => `tag:yaml.org,2002:${t}`),
);

const OPENING = /^---([A-Za-z]*)[ \t]*\r?\n/;
const CLOSING = /^(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/gm;

export interface FrontmatterOptions {
  /**
   * docs.json `variables`: `{{name}}` in string values is replaced, as in the page body (titles and
   * descriptions reach the sidebar and `<meta>` tags). Unknown names stay as written, with a
   * warning. Omitted: no substitution at all.
   */
  variables?: Readonly<Record<string, string>>;
}

/**
 * Split `---` YAML frontmatter from a page and parse it safely: no custom tags,
 * bounded aliases, and `---js` refused without ever being evaluated.
 */
export function parseFrontmatter(text: string, file: string, options: FrontmatterOptions = {}): FrontmatterResult {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const none: FrontmatterResult = { data: {}, bodyOffset: start, bodyLine: 1, diagnostics: [] };
  const opening = OPENING.exec(text.slice(start, start + 64));
  if (!opening) return none;
  const yamlStart = start + opening[0].length;
  CLOSING.lastIndex = yamlStart;
  const closing = CLOSING.exec(text);
  const lang = (opening[1] ?? '').toLowerCase();
  const problem = (code: ContentCode, message: string, line = 1, column = 1): Diagnostic<ContentCode> => ({
    file, line, column, severity: 'error', code, path: 'frontmatter', message,
  });
  if (!closing) {
    return {
      ...none,
      diagnostics: [problem('CONTENT_FRONTMATTER_UNCLOSED', 'Frontmatter starts with `---` on line 1 but no closing `---` line follows. Add a line containing only `---` after the last frontmatter field.')],
    };
  }
  const bodyOffset = closing.index + closing[0].length;
  const bodyLine = countLines(text, bodyOffset);
  const result: FrontmatterResult = { data: {}, bodyOffset, bodyLine, diagnostics: [] };
  if (lang !== '' && lang !== 'yaml' && lang !== 'yml') {
    const js = lang === 'js' || lang === 'javascript';
    result.diagnostics.push(
      problem(
        js ? 'CONTENT_FRONTMATTER_JS' : 'CONTENT_FRONTMATTER_SYNTAX',
        js
          ? 'JavaScript frontmatter (`---js`) is not supported and was not executed; its fields are ignored. Rewrite it as YAML frontmatter starting with a plain `---` line.'
          : `Frontmatter language \`${lang}\` is not supported; its fields are ignored. Start the frontmatter with a plain \`---\` line and write YAML.`,
      ),
    );
    return result;
  }
  // A copy, not a slice: V8 keeps a sliced string's whole parent alive, so every title and
  // description parsed from a slice of the page text held that text (12 KB a page, as long as
  // the site model lives) even when the index was asked not to keep it.
  const yamlText = detached(text.slice(yamlStart, closing.index));
  parseYamlInto(result, yamlText, countLines(text, yamlStart), problem);
  if (options.variables && yamlText.includes('{{')) {
    result.data = substituteInValues(result.data, options.variables, (name) => {
      const at = yamlText.search(new RegExp(`\\{\\{\\s*${name.replace(/[.$]/g, '\\$&')}\\s*\\}\\}`));
      const line = countLines(yamlText, Math.max(0, at)) + countLines(text, yamlStart) - 1;
      const column = at - yamlText.lastIndexOf('\n', at - 1);
      result.diagnostics.push({
        ...problem('CONTENT_FRONTMATTER_VARIABLE', `\`{{${name}}}\` names no entry of docs.json \`variables\`; it is shown as written. Add the variable or fix the name.`, line, column),
        severity: 'warning',
      });
    });
  }
  return result;
}

const VARIABLE = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g;

/** Replace `{{name}}` in every string of the frontmatter (nested too); `unknown` is called once per missing name. */
function substituteInValues(data: Record<string, unknown>, variables: Readonly<Record<string, string>>, unknown: (name: string) => void): Record<string, unknown> {
  const reported = new Set<string>();
  const visit = (value: unknown): unknown => {
    if (typeof value === 'string') {
      return value.replace(VARIABLE, (whole, name: string) => {
        if (Object.prototype.hasOwnProperty.call(variables, name)) return variables[name]!;
        if (!reported.has(name)) {
          reported.add(name);
          unknown(name);
        }
        return whole;
      });
    }
    if (Array.isArray(value)) return value.map(visit);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v)]));
    return value;
  };
  return visit(data) as Record<string, unknown>;
}

type Problem = (code: ContentCode, message: string, line?: number, column?: number) => Diagnostic<ContentCode>;

/** Parse the YAML between the fences; `firstLine` maps YAML-relative lines back onto the file. */
function parseYamlInto(result: FrontmatterResult, yamlText: string, firstLine: number, problem: Problem): void {
  const simple = simpleMapping(yamlText);
  if (simple) {
    result.data = simple;
    return;
  }
  let doc = parseDocument(yamlText, YAML_OPTIONS);
  if (doc.errors.length > 0) {
    // Other frontmatter readers accept a quoted value whose continuation lines start at column 1;
    // strict YAML does not. Indenting those lines changes no value (quoted scalars fold leading spaces).
    const repaired = parseDocument(indentContinuations(yamlText), YAML_OPTIONS);
    if (repaired.errors.length === 0) {
      doc = repaired;
      result.diagnostics.push({ ...problem('CONTENT_FRONTMATTER_SYNTAX', 'A multi-line frontmatter value continues at the start of a line, which strict YAML rejects; it was read leniently. Indent the continuation lines by two spaces.', firstLine), severity: 'warning' });
    }
  }
  const at = (e: YAMLError): [number, number] => [
    (e.linePos?.[0]?.line ?? 1) + firstLine - 1,
    e.linePos?.[0]?.col ?? 1,
  ];
  let fatal = false;
  for (const e of doc.errors) {
    const [line, column] = at(e);
    const duplicate = e.code === 'DUPLICATE_KEY';
    fatal ||= !duplicate;
    const d = problem('CONTENT_FRONTMATTER_SYNTAX', duplicate
      ? `Frontmatter key is repeated; the last value wins. Remove the duplicate key. (${firstSentence(e.message)})`
      : `Frontmatter is not valid YAML: ${firstSentence(e.message)}. Fix the YAML (quote values containing \`:\` or \`#\`).`, line, column);
    if (duplicate) d.severity = 'warning';
    result.diagnostics.push(d);
  }
  const tagProblems = findForeignTags(doc, yamlText, firstLine, problem);
  if (tagProblems.length > 0 || fatal) {
    result.diagnostics.push(...tagProblems);
    return;
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch {
    result.diagnostics.push(problem('CONTENT_FRONTMATTER_ALIASES', `Frontmatter expands more than ${MAX_ALIAS_COUNT} YAML aliases and was ignored. Write the values out instead of repeating \`*alias\` references.`, firstLine));
    return;
  }
  if (value === null || value === undefined) return;
  if (typeof value !== 'object' || Array.isArray(value)) {
    result.diagnostics.push(problem('CONTENT_FRONTMATTER_NOT_MAPPING', 'Frontmatter must be `key: value` lines (a YAML mapping); it was ignored. Write e.g. `title: My page`.', firstLine));
    return;
  }
  result.data = flattenStrings(value) as Record<string, unknown>;
}

/**
 * `value` (parsed YAML: mappings, sequences, scalars) with each string of its own. The YAML parser
 * builds a quoted or folded scalar piece by piece, and V8 keeps such a string as a tree of its
 * pieces (a 150-character description: ~150 nodes, ~5 KB instead of 150 bytes) for as long as the
 * page is held: 28 MB of a 25,000-page real-page site's index.
 */
function flattenStrings(value: unknown): unknown {
  if (typeof value === 'string') return detached(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = flattenStrings(value[i]);
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) record[key] = flattenStrings(record[key]);
  }
  return value;
}

const SIMPLE_KEY = /^[A-Za-z][A-Za-z0-9_-]*$/;
/** A character that is not printable in YAML (or a tab, a carriage return): such text takes the full parser. */
const UNUSUAL = /[\x00-\x09\x0b-\x1f\x7f-\x9f\ufeff\ufffe\uffff]/;

/**
 * Most frontmatter is a few `key: text` lines (`title: Page 0`): read here without the YAML parser,
 * which took ~0.15 ms a page (a fifth of a 1,000-page build's planning). Only lines whose YAML
 * value is certainly the same string qualify: a key of letters, digits, `-` and `_`, one space,
 * and either a value in quotes holding no quote of its kind (nor, in double quotes, a backslash)
 * or a plain scalar that starts with an ASCII letter or a character past Latin-1 (so no number,
 * tag, anchor, alias, flow collection, block scalar or variable), is not `true`/`false`/`null` in
 * any case, and holds no `: `, ` #`, trailing `:` or space; no tab or control character anywhere,
 * no key twice. Anything else (blank and comment lines too) returns null and the full parser reads
 * the text. Of the corpora's 12,679 frontmatters, 10,252 qualify, each read as the parser reads it.
 */
export function simpleMapping(yamlText: string): Record<string, string> | null {
  if (UNUSUAL.test(yamlText)) return null;
  const data: Record<string, string> = {};
  const lines = yamlText.split('\n');
  // The text ends with the newline before the closing `---`.
  if (lines[lines.length - 1] === '') lines.pop();
  for (const line of lines) {
    const colon = line.indexOf(': ');
    if (colon < 1) return null;
    const key = line.slice(0, colon);
    const value = line.slice(colon + 2);
    if (!SIMPLE_KEY.test(key) || Object.prototype.hasOwnProperty.call(data, key)) return null;
    const first = value.charCodeAt(0);
    // A quoted value with no quote of its kind (nor, in double quotes, a backslash) inside: its text.
    if (first === 34 || first === 39) {
      const quote = value[0]!;
      if (value.length < 2 || !value.endsWith(quote) || value.indexOf(quote, 1) !== value.length - 1 || (first === 34 && value.includes('\\'))) return null;
      data[key] = value.slice(1, -1);
      continue;
    }
    // An ASCII letter, or a character past Latin-1's controls and no-break space (`title: Über`, `title: 入门`): none is a YAML indicator.
    if (!((first >= 65 && first <= 90) || (first >= 97 && first <= 122) || first > 0xa0)) return null;
    if (value.includes(': ') || value.includes(' #') || value.endsWith(':') || value.endsWith(' ')) return null;
    const lower = value.toLowerCase();
    if (lower === 'true' || lower === 'false' || lower === 'null') return null;
    data[key] = value;
  }
  return data;
}

// prettyErrors fills in `linePos`, which diagnostics need.
const YAML_OPTIONS = { schema: 'core', uniqueKeys: true, prettyErrors: true } as const;

/**
 * Indent lines that continue the previous value: every line inside a quoted value left open on
 * an earlier line (even one that reads like `Ex: a key`, as agentops writes a description), and
 * outside quotes every line that cannot start a mapping entry.
 */
function indentContinuations(yamlText: string): string {
  let open: '"' | "'" | null = null;
  return yamlText
    .split('\n')
    .map((line) => {
      if (open) {
        const quote = open;
        open = closesQuote(line, quote) ? null : quote;
        return /^\s/.test(line) || line === '' ? line : `  ${line}`;
      }
      const opening = /^[ \t]*(?:-[ \t]+)?[^\s:"'#][^:]*:[ \t]+(["'])(.*)$/.exec(line);
      if (opening && !closesQuote(opening[2]!, opening[1] as '"' | "'")) open = opening[1] as '"' | "'";
      return line === '' || /^[\s#-]/.test(line) || /^[^\s:"']+\s*:(\s|$)/.test(line) ? line : `  ${line}`;
    })
    .join('\n');
}

/** Whether `text` (inside a quoted value) holds its closing quote: `''` is an escaped `'`, `\"` an escaped `"`. */
function closesQuote(text: string, quote: '"' | "'"): boolean {
  for (let i = 0; i < text.length; i++) {
    if (quote === '"' && text[i] === '\\') i++;
    else if (text[i] === quote) {
      if (quote === "'" && text[i + 1] === "'") i++;
      else return true;
    }
  }
  return false;
}

/** Every node carrying an explicit tag outside the core schema, as a diagnostic. */
function findForeignTags(doc: ReturnType<typeof parseDocument>, yamlText: string, firstLine: number, problem: Problem): Diagnostic<ContentCode>[] {
  const found: Diagnostic<ContentCode>[] = [];
  visit(doc, (_key, node) => {
    if (!isNode(node) || !node.tag || ALLOWED_TAGS.has(node.tag)) return;
    // The node's range starts at its value; step back to the `!` that opens the tag on that line.
    const valueAt = node.range?.[0] ?? 0;
    let offset = yamlText.lastIndexOf('!', valueAt);
    if (offset === -1 || yamlText.slice(offset, valueAt).includes('\n')) offset = valueAt;
    while (offset > 0 && yamlText[offset - 1] === '!') offset--;
    const line = countLines(yamlText, offset) + firstLine - 1;
    const column = offset - yamlText.lastIndexOf('\n', offset - 1);
    found.push(problem('CONTENT_FRONTMATTER_TAG', `YAML tag \`${node.tag}\` is not allowed in frontmatter; the frontmatter was ignored. Remove the tag and write a plain value.`, line, column));
  });
  return found;
}

/** 1-based line number of `offset` in `text`. */
function countLines(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

function firstSentence(message: string): string {
  return (message.split('\n')[0] ?? message).replace(/ at line \d+, column \d+:?$/, '').replace(/[.:]$/, '');
}
