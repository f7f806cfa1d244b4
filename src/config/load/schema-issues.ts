import type { z } from 'zod';
import type { ConfigCode } from '../codes.js';
import { type FieldPath, formatPath } from './source-map.js';
import { closest } from '../../shared/index.js';

/** A schema problem before it gets a position. */
export interface SchemaProblem {
  path: FieldPath;
  code: ConfigCode;
  message: string;
  /** Point at the key naming `path` rather than its value. */
  atKey: boolean;
  /** Set for a value outside a known set: the message to use when the value is left out instead. */
  ignorable?: string;
}

type Issue = z.core.$ZodIssue;

/** The value at `path` inside `data`, or undefined. */
export function valueAt(data: unknown, path: FieldPath): unknown {
  let v = data;
  for (const seg of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[seg];
  }
  return v;
}

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + '...' : v)}`;
  return `${typeof v} ${String(v)}`;
}

const article = (t: string): string => (/^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`);

/** Turn zod issues into located-later problems, flattening unions to their best branch. */
export function problemsFromIssues(issues: readonly Issue[], data: unknown, base: FieldPath = []): SchemaProblem[] {
  const out: SchemaProblem[] = [];
  for (const issue of issues) out.push(...problemsFromIssue(issue, data, [...base, ...(issue.path as (string | number)[])]));
  return out;
}

function problemsFromIssue(issue: Issue, data: unknown, path: FieldPath): SchemaProblem[] {
  const where = `\`${formatPath(path)}\``;
  const value = valueAt(data, path);
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined) {
        return [{ path, code: 'CONFIG_MISSING_FIELD', atKey: false, message: `${where} is required; add ${article(issue.expected)}` }];
      }
      return [{ path, code: 'CONFIG_INVALID_TYPE', atKey: false, message: `${where} must be ${article(issue.expected)}, not ${kindOf(value)}; change its type` }];
    case 'invalid_value': {
      const allowed = issue.values.map((v) => JSON.stringify(v));
      const guess = typeof value === 'string' ? closest(value, issue.values.map(String)) : undefined;
      const hint = guess !== undefined ? `did you mean "${guess}"?` : `use one of ${allowed.join(', ')}`;
      const shown = kindOf(value).replace(/^the string /, '');
      return [{ path, code: 'CONFIG_INVALID_VALUE', atKey: false, message: `${where} has unsupported value ${shown}; ${hint}`, ignorable: `${where} has unsupported value ${shown}, which is ignored; ${hint}` }];
    }
    case 'invalid_format':
      return [{ path, code: 'CONFIG_INVALID_FORMAT', atKey: false, message: `${where} ${issue.message.startsWith('must') ? issue.message : `has an invalid ${issue.format} format`}; got ${kindOf(value)}` }];
    case 'too_small':
    case 'too_big': {
      const limit = issue.code === 'too_small' ? `at least ${issue.minimum}` : `at most ${issue.maximum}`;
      const unit = issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' entries' : '';
      const fix = issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1 ? 'must not be empty; write a value' : `must have ${limit}${unit}`;
      return [{ path, code: 'CONFIG_OUT_OF_RANGE', atKey: false, message: `${where} ${fix}` }];
    }
    case 'invalid_key':
      return invalidKey(issue, path, data);
    case 'invalid_union':
      return invalidUnion(issue, data, path);
    case 'unrecognized_keys':
      return [];
    case 'custom':
      // Our own refinements phrase the rest of the sentence after the field path.
      return [{ path, code: value === undefined ? 'CONFIG_MISSING_FIELD' : 'CONFIG_INVALID', atKey: false, message: `${where} ${issue.message}` }];
    default:
      return [{ path, code: 'CONFIG_INVALID', atKey: false, message: `${where} is invalid: ${issue.message}` }];
  }
}

function invalidKey(issue: Extract<Issue, { code: 'invalid_key' }>, path: FieldPath, data: unknown): SchemaProblem[] {
  // zod puts the offending key at the end of the path.
  const key = String(path[path.length - 1]);
  const inner = issue.issues.find((i) => i.code === 'invalid_value') as Extract<Issue, { code: 'invalid_value' }> | undefined;
  const allowed = inner ? inner.values.map(String) : [];
  const guess = closest(key, allowed);
  const format = issue.issues.find((i) => i.code === 'invalid_format');
  const hint = guess ? `did you mean "${guess}"?` : allowed.length ? `use one of ${allowed.join(', ')}` : format ? `${format.message}; rename it` : 'rename it';
  void data;
  return [{ path, code: 'CONFIG_INVALID_VALUE', atKey: true, message: `\`${formatPath(path)}\`: "${key}" is not a supported key; ${hint}` }];
}

function invalidUnion(issue: Extract<Issue, { code: 'invalid_union' }>, data: unknown, path: FieldPath): SchemaProblem[] {
  const value = valueAt(data, path);
  const where = `\`${formatPath(path)}\``;
  const branches = issue.errors;
  const typeOnly = (list: readonly Issue[]) => list.length === 1 && list[0]!.code === 'invalid_type' && list[0]!.path.length === 0;
  const fitting = branches.filter((b) => !typeOnly(b));
  if (fitting.length >= 1) {
    // Prefer the branch with the fewest problems: it is the shape the author meant.
    const best = [...fitting].sort((a, b) => a.length - b.length)[0]!;
    return problemsFromIssues(best, data, path);
  }
  const expected = branches.flatMap((b) => (b[0]?.code === 'invalid_type' ? [b[0].expected] : []));
  const list = [...new Set(expected)].map(article).join(' or ');
  if (value === undefined) return [{ path, code: 'CONFIG_MISSING_FIELD', atKey: false, message: `${where} is required; add ${list}` }];
  return [{ path, code: 'CONFIG_INVALID_TYPE', atKey: false, message: `${where} must be ${list}, not ${kindOf(value)}; change its type` }];
}
