import fs from 'node:fs';
import path from 'node:path';
import { isInside, toPosixRelative, type Diagnostic } from '../shared/index.js';
import { parseSpecText } from './parse-spec.js';
import type { JsonObject } from './types.js';
import type { OpenApiCode } from './codes.js';

/** Key under which referenced files are inlined: refs into them become local pointers. */
export const EXTERNAL_KEY = 'x-folio-external';
const MAX_FILES = 50;
const MAX_FILE_BYTES = 5 * 1024 * 1024;

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Inline the repository files a local spec references (`$ref: "schemas.yaml#/Pet"`):
 * each file is parsed once and stored under `x-folio-external`, and every ref into it
 * (and every ref inside it, local or to further files) is rewritten to a local pointer,
 * so the rest of the layer only ever resolves `#/...`. Files must lie inside `root`;
 * URLs are never fetched. Refs that cannot be inlined are left as they are and
 * reported by the bad-ref check.
 */
export function bundleExternalRefs(root: string, specFile: string, document: JsonObject): { document: JsonObject; diagnostics: Diagnostic<OpenApiCode>[] } {
  const diagnostics: Diagnostic<OpenApiCode>[] = [];
  const inlined: JsonObject = {};
  const keys = new Map<string, string>();
  let budget = MAX_FILES;

  /** Local pointer prefix for `file` (absolute), loading it on first use; undefined when it cannot be read. */
  const prefixFor = (file: string, from: string): string | undefined => {
    const known = keys.get(file);
    if (known !== undefined) return `#/${EXTERNAL_KEY}/${escapePointer(known)}`;
    const relative = toPosixRelative(root, from);
    if (!isInside(root, file)) {
      diagnostics.push({ file: relative, line: 1, column: 1, severity: 'warning', code: 'OPENAPI_SOURCE_OUTSIDE_ROOT', path: '', message: `$ref to ${path.basename(file)} leaves the docs root and is not followed; keep referenced files inside the repository` });
      return undefined;
    }
    if (budget-- <= 0 || !fs.existsSync(file) || !fs.statSync(file).isFile() || fs.statSync(file).size > MAX_FILE_BYTES) return undefined;
    // isInside is lexical: a symlink inside the root may still point out of it.
    if (!isInside(fs.realpathSync(root), fs.realpathSync(file))) return undefined;
    const key = toPosixRelative(root, file);
    const parsed = parseSpecText(key, fs.readFileSync(file, 'utf8'));
    diagnostics.push(...parsed.diagnostics);
    if (!parsed.document) return undefined;
    keys.set(file, key);
    const prefix = `#/${EXTERNAL_KEY}/${escapePointer(key)}`;
    inlined[key] = rewrite(parsed.document, file, prefix);
    return prefix;
  };

  /** Copy `node` with every `$ref` made local; `prefix` is where `#/` of this file now lives. */
  const rewrite = (node: unknown, file: string, prefix: string): JsonObject => walk(node, file, prefix) as JsonObject;
  const walk = (node: unknown, file: string, prefix: string): unknown => {
    if (Array.isArray(node)) return node.map((n) => walk(n, file, prefix));
    if (!node || typeof node !== 'object') return node;
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out[key] = localRef(value, file, prefix);
      else if (key === 'example') out[key] = value;
      else out[key] = walk(value, file, prefix);
    }
    return out;
  };
  const localRef = (ref: string, file: string, prefix: string): string => {
    if (ref.startsWith('#')) return prefix === '#' ? ref : `${prefix}${ref.slice(1)}`;
    if (/^[a-z][a-z0-9+.-]*:/i.test(ref)) return ref;
    const [target = '', fragment = ''] = ref.split('#');
    const targetPrefix = prefixFor(path.resolve(path.dirname(file), decodeURIComponent(target)), file);
    return targetPrefix === undefined ? ref : `${targetPrefix}${fragment}`;
  };

  const bundled = rewrite(document, specFile, '#');
  if (Object.keys(inlined).length > 0) bundled[EXTERNAL_KEY] = inlined;
  return { document: bundled, diagnostics };
}
