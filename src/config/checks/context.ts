import type { ConfigCode } from '../codes.js';
import type { ReadContext } from '../load/read-json.js';
import { type FieldPath, formatPath } from '../load/source-map.js';

/** What every check gets: the raw resolved value, the docs root and a reporter. */
export interface CheckContext {
  root: string;
  raw: unknown;
  error(code: ConfigCode, path: FieldPath, at: 'key' | 'value', message: string): void;
  warn(code: ConfigCode, path: FieldPath, at: 'key' | 'value', message: string): void;
  fmt(path: FieldPath): string;
}

/** Build the check context over a read context's source map and diagnostics. */
export function createCheckContext(root: string, raw: unknown, ctx: ReadContext): CheckContext {
  const push = (severity: 'error' | 'warning') => (code: ConfigCode, path: FieldPath, at: 'key' | 'value', message: string) => {
    const pos = at === 'key' ? ctx.map.locateKey(path) : ctx.map.locate(path);
    ctx.diagnostics.push({ ...pos, severity, code, path: formatPath(path), message: withPath(path, message) });
  };
  return { root, raw, error: push('error'), warn: push('warning'), fmt: formatPath };
}

/** Every message names its field: prefix `` `path`: `` unless the message already mentions it. */
export function withPath(path: FieldPath, message: string): string {
  const shown = `\`${formatPath(path)}\``;
  return path.length === 0 || message.includes(shown) ? message : `${shown}: ${message}`;
}
