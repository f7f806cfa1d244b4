import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { Composer, LineCounter, Parser, YAMLParseError, type CST, type Document } from 'yaml';
import { jsonTooDeepAt, type Diagnostic } from '../shared/index.js';
import { jsonPositions, lineColumnOf, yamlPositions, type PositionIndex } from './positions.js';
import { MAX_SPEC_DEPTH, valueTooDeepPath, yamlTooDeepAt } from './spec-depth.js';
import type { JsonObject } from './types.js';
import type { OpenApiCode } from './codes.js';

export interface ParsedSpecText {
  format: 'json' | 'yaml';
  document?: JsonObject;
  positions: PositionIndex;
  diagnostics: Diagnostic<OpenApiCode>[];
}

/** JSON when the name says so or the text starts with `{`; YAML otherwise. */
export function detectFormat(name: string, text: string): 'json' | 'yaml' {
  if (/\.json$/i.test(name)) return 'json';
  if (/\.ya?ml$/i.test(name)) return 'yaml';
  return text.trimStart().startsWith('{') ? 'json' : 'yaml';
}

/**
 * Parse spec text as JSON or YAML, reporting syntax errors with positions; no code runs (no custom YAML tags).
 * AsyncAPI documents are read the same way and report under their own code.
 */
export function parseSpecText(file: string, text: string, code: 'OPENAPI_PARSE_ERROR' | 'ASYNCAPI_PARSE_ERROR' = 'OPENAPI_PARSE_ERROR'): ParsedSpecText {
  const format = detectFormat(file, text);
  const parsed = format === 'json' ? parseJsonSpec(file, text) : parseYamlSpec(file, text);
  if (code === 'OPENAPI_PARSE_ERROR') return parsed;
  const diagnostics = parsed.diagnostics.map((d) => ({
    ...d,
    code: d.code === 'OPENAPI_TOO_DEEP' ? ('ASYNCAPI_TOO_DEEP' as const) : code,
    message: d.message.replace('an `openapi` or `swagger` field', 'an `asyncapi` field'),
  }));
  return { ...parsed, diagnostics };
}

/** No positions: for text that is not parsed at all. */
const NO_POSITIONS: PositionIndex = { at: () => ({ line: 1, column: 1 }) };

function tooDeep(file: string, { line, column }: { line: number; column: number }, path = ''): Diagnostic<OpenApiCode> {
  return {
    file, line, column, severity: 'error', code: 'OPENAPI_TOO_DEEP', path,
    message: `objects and arrays nest more than ${MAX_SPEC_DEPTH} levels deep from here, past what Folio reads (real specs stay under 30); the spec is not read. Flatten it: move nested schemas into \`components\` and point at them with \`$ref\``,
  };
}

function parseJsonSpec(file: string, text: string): ParsedSpecText {
  // Before the parser, which recurses once per level.
  const deepAt = jsonTooDeepAt(text, MAX_SPEC_DEPTH);
  if (deepAt !== undefined) return { format: 'json', positions: NO_POSITIONS, diagnostics: [tooDeep(file, lineColumnOf(text, deepAt))] };
  const errors: ParseError[] = [];
  const value: unknown = parseJsonc(text, errors, { allowTrailingComma: false, disallowComments: true });
  const positions = jsonPositions(text);
  const diagnostics = errors.map((e) => {
    const before = text.slice(0, e.offset).split('\n');
    return syntaxDiagnostic(file, before.length, (before.at(-1)?.length ?? 0) + 1, `invalid JSON: ${printParseErrorCode(e.error)}`);
  });
  return { format: 'json', document: asSpecObject(file, value, diagnostics), positions, diagnostics };
}

function parseYamlSpec(file: string, text: string): ParsedSpecText {
  const lineCounter = new LineCounter();
  // The parser (no recursion) makes the syntax tree; its depth is checked before the composer, which recurses.
  const tokens = [...new Parser(lineCounter.addNewLine).parse(text)];
  const deepAt = yamlTooDeepAt(tokens);
  if (deepAt !== undefined) return { format: 'yaml', positions: NO_POSITIONS, diagnostics: [tooDeep(file, lineColumnOf(text, deepAt))] };
  // Alias and size limits guard against billion-laughs documents.
  const doc = composeOne(tokens, text.length);
  const diagnostics = doc.errors.map((e) => {
    const pos = lineCounter.linePos(e.pos[0]);
    return syntaxDiagnostic(file, pos.line, pos.col, `invalid YAML: ${e.message.split('\n')[0]}`);
  });
  let value: unknown;
  if (diagnostics.length === 0) {
    try {
      value = doc.toJS({ maxAliasCount: 100 });
    } catch (error) {
      diagnostics.push(syntaxDiagnostic(file, 1, 1, `invalid YAML: ${(error as Error).message}`));
    }
  }
  const positions = yamlPositions(text);
  // Aliases share values: a few lines can nest each alias's anchor inside the next.
  const deepPath = diagnostics.length === 0 ? valueTooDeepPath(value) : undefined;
  if (deepPath) return { format: 'yaml', positions, diagnostics: [tooDeep(file, positions.at(deepPath), deepPath.join('.'))] };
  return { format: 'yaml', document: asSpecObject(file, value, diagnostics), positions, diagnostics };
}

/** The first document of the syntax tree, as `parseDocument` composes it (a second one is an error). */
function composeOne(tokens: readonly CST.Token[], length: number): Document.Parsed {
  const composer = new Composer({ uniqueKeys: true });
  let first: Document.Parsed | undefined;
  for (const doc of composer.compose(tokens, true, length)) {
    if (!first) first = doc;
    else {
      first.errors.push(new YAMLParseError(doc.range.slice(0, 2) as [number, number], 'MULTIPLE_DOCS', 'Source contains multiple documents; please use YAML.parseAllDocuments()'));
      break;
    }
  }
  // compose(…, forceDoc = true) always ends with a document.
  return first!;
}

function asSpecObject(file: string, value: unknown, diagnostics: Diagnostic<OpenApiCode>[]): JsonObject | undefined {
  if (diagnostics.length > 0) return undefined;
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as JsonObject;
  diagnostics.push(syntaxDiagnostic(file, 1, 1, 'a spec must be an object with an `openapi` or `swagger` field at the top'));
  return undefined;
}

function syntaxDiagnostic(file: string, line: number, column: number, message: string): Diagnostic<OpenApiCode> {
  return { file, line, column, severity: 'error', code: 'OPENAPI_PARSE_ERROR', path: '', message: `${message}; fix the syntax at this position` };
}
