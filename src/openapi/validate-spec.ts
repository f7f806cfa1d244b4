import type { Diagnostic, Severity } from '../shared/index.js';
import { bundleExternalRefs } from './bundle-refs.js';
import { parseSpecText } from './parse-spec.js';
import { pointerSegments, type PositionIndex } from './positions.js';
import { findBadRefs } from './refs.js';
import type { JsonObject } from './types.js';
import type { OpenApiCode } from './codes.js';

/** Messages AJV adds on every parent of a real error; they only repeat it less precisely. */
const GENERIC = /^must match (exactly one schema in oneOf|"else" schema|"then" schema|a schema in anyOf)$/;

export interface SpecCheck {
  format: 'json' | 'yaml';
  document?: JsonObject;
  version: '2.0' | '3.0' | '3.1' | 'unknown';
  positions: PositionIndex;
  diagnostics: Diagnostic<OpenApiCode>[];
}

/** Version from the `openapi` / `swagger` field. */
export function specVersion(document: JsonObject): SpecCheck['version'] {
  const v = String(document.openapi ?? document.swagger ?? '');
  if (v.startsWith('3.1')) return '3.1';
  if (v.startsWith('3.0')) return '3.0';
  if (v.startsWith('2.')) return '2.0';
  return 'unknown';
}

/**
 * Parse and validate one spec text: syntax, the OpenAPI schema (through
 * @scalar/openapi-parser) and every `$ref`, each problem at its line:column.
 * `schemaSeverity` lets a site build treat schema violations as warnings while
 * `folio openapi-check` treats them as errors.
 */
export async function checkSpecText(
  file: string,
  text: string,
  { schemaSeverity = 'error' as Severity, root = undefined as string | undefined, absolutePath = undefined as string | undefined } = {},
): Promise<SpecCheck> {
  const parsed = parseSpecText(file, text);
  const result: SpecCheck = { format: parsed.format, version: 'unknown', positions: parsed.positions, diagnostics: [...parsed.diagnostics] };
  let document = parsed.document;
  if (!document) return result;
  // Files the spec references (inside `root`) are inlined, as a site build does.
  if (root && absolutePath) {
    const bundled = bundleExternalRefs(root, absolutePath, document);
    document = bundled.document;
    result.diagnostics.push(...bundled.diagnostics);
  }
  result.document = document;
  result.version = specVersion(document);
  const at = (segments: readonly string[]) => parsed.positions.at(segments);
  const push = (segments: readonly string[], code: OpenApiCode, severity: Severity, message: string) => {
    const { line, column } = at(segments);
    result.diagnostics.push({ file, line, column, severity, code, path: segments.join('.'), message });
  };
  if (result.version === 'unknown') {
    push([], 'OPENAPI_INVALID', 'error', 'missing or unsupported `openapi`/`swagger` version field; set `openapi: 3.1.0` (or 3.0.x, or `swagger: "2.0"`)');
    return result;
  }
  for (const error of await schemaErrors(document)) {
    const segments = pointerSegments(error.path);
    const message = error.message.startsWith('could not be validated') ? error.message : `${error.path || '/'} ${error.message}; correct this field to match the OpenAPI ${result.version} schema`;
    push(segments, 'OPENAPI_INVALID', schemaSeverity, message);
  }
  for (const bad of findBadRefs(document)) {
    const message = bad.external
      ? `$ref "${bad.ref}" points outside this file; external references are not followed, so move the definition into this spec's components`
      : `$ref "${bad.ref}" points to nothing in this spec; add the missing definition or fix the reference`;
    push(bad.at, 'OPENAPI_BAD_REF', schemaSeverity, message);
  }
  return result;
}

const STACK_EXHAUSTED =
  'could not be validated: following its `$ref`s goes deeper than the validator can (a chain of thousands of schemas, each referencing the next); shorten the chain';

async function schemaErrors(document: JsonObject): Promise<{ path: string; message: string }[]> {
  let errors: { path?: string[] | string; message: string }[] = [];
  // The parser's error prettifier crashes on some enum errors, catches that itself and
  // prints the stack with console.error; the error is still reported, so mute the noise.
  const consoleError = console.error;
  console.error = () => {};
  try {
    // The validator may decorate what it is given; hand it a copy.
    const { validate } = await import('@scalar/openapi-parser');
    const result = await validate(structuredClone(document));
    errors = (result.errors ?? []) as typeof errors;
  } catch (error) {
    errors = [{ path: '', message: `could not be validated: ${(error as Error).message}` }];
  } finally {
    console.error = consoleError;
  }
  // The validator follows `$ref`s by recursion, and says so as an error at the root when a chain
  // (thousands of schemas, each pointing at the next) is longer than the stack; the depth of the
  // text itself is bounded before parsing (spec-depth.ts).
  errors = errors.map((e) => (/Maximum call stack size exceeded/.test(e.message) ? { path: '', message: STACK_EXHAUSTED } : e));
  const list = errors
    .map((e) => ({ path: Array.isArray(e.path) ? `/${e.path.join('/')}` : (e.path ?? ''), message: e.message }))
    // Unresolvable references are reported by findBadRefs, with their position.
    .filter((e) => !/^Can't resolve (external )?reference/i.test(e.message));
  const specific = list.filter((e) => !GENERIC.test(e.message));
  const base = specific.length > 0 ? specific : list;
  // An error on a parent whose child also has one is the same mistake seen from further away.
  const kept = base.filter((e) => !base.some((other) => other.path.startsWith(`${e.path}/`)));
  const seen = new Set<string>();
  return kept.filter((e) => {
    const key = `${e.path}\u0000${e.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
