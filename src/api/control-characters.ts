import type { MiddlewareHandler } from 'hono';
import { ApiError, errorResponse } from './errors.js';
import { NUL_PROBLEM } from './schemas.js';

/**
 * C0 controls (NUL, CR, LF, VT...), DEL and C1 controls. No id, slug, branch, date, cursor or
 * address of Folio holds one: in a path or a query they are an attack or a mistake. NUL reached
 * PostgreSQL (`invalid byte sequence`, a 500), CR/LF a response header (a 500 whose message put the
 * raw value in the server log as a forged line).
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

/** True when `text` holds a control character. */
export const hasControlCharacter = (text: string): boolean => CONTROL.test(text);

/** Why `text` is refused (the API's wording for a field), or null when it holds no control character. */
export function controlCharacterProblem(text: string): string | null {
  const found = CONTROL.exec(text);
  if (!found) return null;
  if (found[0] === '\u0000') return NUL_PROBLEM;
  return `it contains a control character (U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}), which no id or value has; remove it`;
}

/** `text` with each control character written as an escape (`\r`, `\u0000`), so it shows as what it is. */
export function escapeControlCharacters(text: string): string {
  return text.replace(CONTROLS, (ch) => (ch === '\r' ? '\\r' : ch === '\n' ? '\\n' : ch === '\t' ? '\\t' : `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/**
 * One entry of a server log, whatever it carries: control characters escaped, except the newlines of
 * a stack trace, whose lines are indented so that no text a client sent can start a line of its own
 * and pass for an entry.
 */
export function logEntry(text: string): string {
  return text
    .split('\n')
    .map((line, i) => (i === 0 ? '' : '    ') + escapeControlCharacters(line))
    .join('\n');
}

/** Where a request's address holds a control character: a path segment (its index) or a query key or value. */
export type ControlCharacterPlace = { in: 'path'; segment: number; problem: string } | { in: 'query'; name: string; problem: string };

/** The first control character of a URL's decoded path segments and query keys and values; null when there is none. */
export function controlCharacterInUrl(url: string): ControlCharacterPlace | null {
  const { pathname, searchParams } = new URL(url);
  const segments = pathname.split('/');
  for (let i = 0; i < segments.length; i++) {
    let segment = segments[i]!;
    try {
      segment = decodeURIComponent(segment);
    } catch {
      // A malformed escape decodes to nothing; what it holds literally is still checked.
    }
    const problem = controlCharacterProblem(segment);
    if (problem) return { in: 'path', segment: i, problem };
  }
  for (const [name, value] of searchParams) {
    const problem = controlCharacterProblem(name) ?? controlCharacterProblem(value);
    if (problem) return { in: 'query', name: escapeControlCharacters(name), problem };
  }
  return null;
}

/**
 * The name of each path parameter of `paths` (Hono patterns, `/v2/agent/:projectId/job/:id`) at a
 * segment of `path`: the first pattern of as many segments whose fixed segments match.
 */
export function paramNameAt(paths: readonly string[], path: string, segment: number): string | null {
  const parts = path.split('/');
  for (const pattern of paths) {
    const fixed = pattern.split('/');
    if (fixed.length !== parts.length) continue;
    if (!fixed.every((p, i) => p.startsWith(':') || p === parts[i] || i === segment)) continue;
    const name = /^:(\w+)/.exec(fixed[segment]!)?.[1];
    if (name) return name;
  }
  return null;
}

/**
 * 400 INVALID_REQUEST, before authentication, for a request whose path or query holds a control
 * character, naming the path parameter (from the app's route patterns, `routes()`) or the query key.
 */
export function refuseControlCharacters(routes: () => readonly string[]): MiddlewareHandler {
  let paths: readonly string[] | null = null;
  return async (c, next) => {
    const found = controlCharacterInUrl(c.req.url);
    if (!found) return next();
    paths ??= routes().filter((p) => !p.includes('*'));
    const field = found.in === 'query' ? found.name : (paramNameAt(paths, new URL(c.req.url).pathname, found.segment) ?? 'path');
    return errorResponse(c, new ApiError(400, 'INVALID_REQUEST', `Invalid request: ${field}: ${found.problem}.`));
  };
}
