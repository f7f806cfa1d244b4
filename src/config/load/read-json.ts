import fs from 'node:fs';
import path from 'node:path';
import jsonc from 'jsonc-parser';
import { isInside, jsonTooDeepAt, resolveInside, toPosixRelative, type Diagnostic } from '../../shared/index.js';
import { withPath } from '../checks/context.js';
import type { ConfigCode } from '../codes.js';
import { MAX_CONFIG_DEPTH, tooDeepMessage } from './depth.js';
import { type FieldPath, SourceMap, formatPath } from './source-map.js';

/** State shared while one configuration and its `$ref` files are read. */
export interface ReadContext {
  root: string;
  map: SourceMap;
  diagnostics: Diagnostic<ConfigCode>[];
  /** True once a file could not be parsed at all (exit code 2). */
  unreadable: boolean;
  /** Paths whose `$ref` failed; schema problems under them are not repeated. */
  failedRefs: FieldPath[];
  texts: Map<string, string>;
}

/** A fresh read context for the docs root. */
export function createReadContext(root: string, rootFile: string): ReadContext {
  return { root, map: new SourceMap(rootFile), diagnostics: [], unreadable: false, failedRefs: [], texts: new Map() };
}

function report(ctx: ReadContext, code: ConfigCode, at: { file: string; line: number; column: number }, p: FieldPath, message: string, severity: 'error' | 'warning' = 'error'): void {
  ctx.diagnostics.push({ ...at, severity, code, path: p.length ? formatPath(p) : '', message: withPath(p, message) });
}

/**
 * Read one JSON-with-comments file into a plain value, recording the position of
 * every value under `prefix` and resolving `$ref` objects. Returns undefined
 * when the file cannot be parsed (the problem is reported).
 */
export function readJsonFile(ctx: ReadContext, absFile: string, prefix: FieldPath, chain: readonly string[]): unknown {
  const rel = toPosixRelative(ctx.root, absFile);
  let text = ctx.texts.get(absFile);
  const firstRead = text === undefined;
  if (text === undefined) {
    // A byte-order mark (some Windows editors write one) is not part of the JSON.
    text = fs.readFileSync(absFile, 'utf8').replace(/^\uFEFF/, '');
    ctx.texts.set(absFile, text);
    ctx.map.addFile(rel, text);
  }
  // Before the parser, which recurses once per level, as everything after it does: a file (with the
  // levels of the files `$ref`ing it) nesting past MAX_CONFIG_DEPTH is not read.
  const deepAt = jsonTooDeepAt(text, MAX_CONFIG_DEPTH - prefix.length);
  if (deepAt !== undefined) {
    ctx.unreadable = true;
    report(ctx, 'CONFIG_TOO_DEEP', ctx.map.at(rel, deepAt), [], tooDeepMessage());
    return undefined;
  }
  const errors: jsonc.ParseError[] = [];
  const tree = jsonc.parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0 || !tree) {
    ctx.unreadable = true;
    // Only the first error: after it the parser's recovery produces follow-on noise.
    for (const e of errors.slice(0, 1)) {
      const what = jsonc.printParseErrorCode(e.error);
      report(ctx, 'JSON_SYNTAX', ctx.map.at(rel, e.offset), [], `invalid JSON: ${describeSyntax(what)}; fix the syntax at this position`);
    }
    if (errors.length === 0) report(ctx, 'JSON_SYNTAX', ctx.map.at(rel, 0), [], 'invalid JSON: the file is empty; write a JSON object');
    return undefined;
  }
  // A file `$ref`ed twice is reported once.
  if (firstRead) reportNonStandardJson(ctx, text, rel);
  return buildValue(ctx, tree, { abs: absFile, rel }, prefix, undefined, [...chain, absFile]);
}

/** jsonc-parser's `SyntaxKind` values (a const enum its types declare, which this build cannot inline). */
const TOKEN = { CloseBraceToken: 2, CloseBracketToken: 4, CommaToken: 5, LineCommentTrivia: 12, BlockCommentTrivia: 13, LineBreakTrivia: 14, Trivia: 15, EOF: 17 } as const;

/**
 * Trailing commas and comments: Folio reads them, but the platform parses docs.json (and the files
 * it `$ref`s) as plain JSON and cannot build such a site, so each one is a warning (an error with
 * `--strict`), at the comma or the comment.
 */
function reportNonStandardJson(ctx: ReadContext, text: string, rel: string): void {
  const scanner = jsonc.createScanner(text, false);
  let comma: number | undefined;
  for (let token: number = scanner.scan(); token !== TOKEN.EOF; token = scanner.scan()) {
    if (token === TOKEN.Trivia || token === TOKEN.LineBreakTrivia) continue;
    if (token === TOKEN.LineCommentTrivia || token === TOKEN.BlockCommentTrivia) {
      report(ctx, 'JSON_NOT_STANDARD', ctx.map.at(rel, scanner.getTokenOffset()), [], 'a comment, which plain JSON does not allow: Folio reads it, but the platform cannot parse the file; remove the comment (or keep the note in a `description`)', 'warning');
      continue;
    }
    if (comma !== undefined && (token === TOKEN.CloseBraceToken || token === TOKEN.CloseBracketToken)) {
      report(ctx, 'JSON_NOT_STANDARD', ctx.map.at(rel, comma), [], 'a trailing comma, which plain JSON does not allow: Folio reads it, but the platform cannot parse the file; remove the comma', 'warning');
    }
    comma = token === TOKEN.CommaToken ? scanner.getTokenOffset() : undefined;
  }
}

function describeSyntax(code: string): string {
  const words: Record<string, string> = {
    InvalidSymbol: 'unexpected character',
    InvalidNumberFormat: 'malformed number',
    PropertyNameExpected: 'expected a property name in double quotes',
    ValueExpected: 'expected a value',
    ColonExpected: 'expected `:` after the property name',
    CommaExpected: 'expected `,` between entries',
    CloseBraceExpected: 'expected `}` to close the object',
    CloseBracketExpected: 'expected `]` to close the array',
    EndOfFileExpected: 'unexpected content after the end of the JSON value',
    UnexpectedEndOfString: 'unterminated string',
    UnexpectedEndOfComment: 'unterminated comment',
    InvalidEscapeCharacter: 'invalid escape sequence in a string',
    InvalidCharacter: 'invalid character in a string',
  };
  return words[code] ?? code;
}

interface FileRef {
  abs: string;
  rel: string;
}

function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  // defineProperty so a key such as `__proto__` stays an ordinary data key.
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

function buildValue(ctx: ReadContext, node: jsonc.Node, file: FileRef, p: FieldPath, keyOffset: number | undefined, chain: readonly string[]): unknown {
  ctx.map.record(p, file.rel, node.offset, keyOffset);
  if (node.type === 'array') return (node.children ?? []).map((child, i) => buildValue(ctx, child, file, [...p, i], undefined, chain));
  if (node.type !== 'object') return node.value;
  const props = (node.children ?? []).filter((c) => c.children && c.children.length === 2);
  const refProp = props.find((c) => c.children![0]!.value === '$ref');
  let out: Record<string, unknown> = {};
  if (refProp) {
    const resolved = resolveRef(ctx, refProp.children![1]!, file, p, chain);
    const siblings = props.filter((c) => c !== refProp);
    if (resolved === undefined) return undefined;
    if (resolved === null || typeof resolved !== 'object' || Array.isArray(resolved)) {
      for (const s of siblings) {
        const k = String(s.children![0]!.value);
        report(ctx, 'REF_SIBLINGS_IGNORED', ctx.map.at(file.rel, s.offset), [...p, k], `\`${formatPath([...p, k])}\` is ignored because \`$ref\` points to a non-object; move it into the referenced file or remove it`, 'warning');
      }
      ctx.map.record(p, file.rel, node.offset, keyOffset);
      return resolved;
    }
    out = { ...(resolved as Record<string, unknown>) };
    for (const s of siblings) {
      const [k, v] = s.children as [jsonc.Node, jsonc.Node];
      setOwn(out, String(k.value), buildValue(ctx, v, file, [...p, String(k.value)], k.offset, chain));
    }
    return out;
  }
  const seen = new Map<string, jsonc.Node>();
  for (const prop of props) {
    const [k, v] = prop.children as [jsonc.Node, jsonc.Node];
    const name = String(k.value);
    const earlier = seen.get(name);
    if (earlier) {
      const again = ctx.map.at(file.rel, k.offset);
      report(ctx, 'CONFIG_DUPLICATE_KEY', ctx.map.at(file.rel, earlier.offset), [...p, name], `\`${formatPath([...p, name])}\` is defined twice; this value is ignored in favour of the one at line ${again.line}; remove one of them`, 'warning');
    }
    seen.set(name, k);
    setOwn(out, name, buildValue(ctx, v, file, [...p, name], k.offset, chain));
  }
  return out;
}

function resolveRef(ctx: ReadContext, refNode: jsonc.Node, from: FileRef, p: FieldPath, chain: readonly string[]): unknown {
  const at = ctx.map.at(from.rel, refNode.offset);
  const refPath = [...p, '$ref'];
  const fail = (code: ConfigCode, message: string): undefined => {
    report(ctx, code, at, refPath, message);
    ctx.failedRefs.push(p);
    return undefined;
  };
  if (typeof refNode.value !== 'string' || refNode.value.trim() === '') {
    return fail('REF_INVALID', `\`${formatPath(refPath)}\` must be a relative path to a JSON file, such as "./navigation.json"`);
  }
  const ref = refNode.value;
  const joined = path.posix.join(path.posix.dirname(from.rel), ref.replace(/\\/g, '/'));
  const target = ref.startsWith('/') ? resolveInside(ctx.root, ref) : resolveInside(ctx.root, joined);
  if (target === null || joined.startsWith('../') || joined === '..') {
    return fail('REF_OUTSIDE_ROOT', `\`$ref\` "${ref}" leaves the docs root; reference a file inside the repository`);
  }
  if (chain.includes(target)) {
    const names = [...chain.slice(chain.indexOf(target)), target].map((f) => toPosixRelative(ctx.root, f));
    return fail('REF_CYCLE', `\`$ref\` "${ref}" forms a cycle (${names.join(' -> ')}); break the cycle by inlining one of the files`);
  }
  let isFile = false;
  try {
    isFile = fs.statSync(target).isFile();
  } catch {
    // Missing or unreadable: reported as REF_NOT_FOUND just below.
    isFile = false;
  }
  if (!isFile) {
    return fail('REF_NOT_FOUND', `\`$ref\` "${ref}" not found (looked for ${toPosixRelative(ctx.root, target)}); fix the path or create the file`);
  }
  // A symlink inside the repository may still point outside it.
  if (!isInside(fs.realpathSync(ctx.root), fs.realpathSync(target))) {
    return fail('REF_OUTSIDE_ROOT', `\`$ref\` "${ref}" is a link to a file outside the docs root; reference a file inside the repository`);
  }
  const value = readJsonFile(ctx, target, p, chain);
  if (value === undefined) ctx.failedRefs.push(p);
  return value;
}
