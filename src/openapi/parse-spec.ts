import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { LineCounter, parseDocument } from 'yaml';
import type { Diagnostic } from '../shared/index.js';
import { jsonPositions, yamlPositions, type PositionIndex } from './positions.js';
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
  const diagnostics = parsed.diagnostics.map((d) => ({ ...d, code, message: d.message.replace('an `openapi` or `swagger` field', 'an `asyncapi` field') }));
  return { ...parsed, diagnostics };
}

function parseJsonSpec(file: string, text: string): ParsedSpecText {
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
  // Alias and size limits guard against billion-laughs documents.
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
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
  return { format: 'yaml', document: asSpecObject(file, value, diagnostics), positions: yamlPositions(text), diagnostics };
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
