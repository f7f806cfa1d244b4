import type { z } from 'zod';
import { type FieldPath, formatPath } from './source-map.js';
import { problemsFromIssues, type SchemaProblem } from './schema-issues.js';

/** A schema problem with the severity it is reported at. */
export interface RatedProblem extends SchemaProblem {
  severity: 'error' | 'warning';
}

/**
 * Validate, forgiving values outside a known set. The platform adds enum values over time
 * (`contextual` options, icon styles, themes), and a value Folio does not know never stops a
 * site from building: it is reported as a warning and left out, so the setting falls back to its
 * default. Such a value stays an error only where leaving it out leaves a required field empty
 * (`navbar.primary.type`). Every other schema problem is an error.
 */
export function parseLeniently<S extends z.ZodType>(schema: S, raw: unknown): { data: z.output<S> | null; problems: RatedProblem[] } {
  const first = schema.safeParse(raw);
  if (first.success) return { data: first.data, problems: [] };
  const problems = problemsFromIssues(first.error.issues, raw);
  const unknownValues = problems.filter((p) => p.ignorable);
  if (unknownValues.length === 0) return { data: null, problems: problems.map((p) => ({ ...p, severity: 'error' })) };
  const trimmed = withoutPaths(raw, unknownValues.map((p) => p.path));
  const second = schema.safeParse(trimmed);
  const stillNeeded = new Set(second.success ? [] : problemsFromIssues(second.error.issues, trimmed).map((p) => formatPath(p.path)));
  const rated = problems.map((p): RatedProblem => {
    const forgiven = p.ignorable !== undefined && !stillNeeded.has(formatPath(p.path));
    return forgiven ? { ...p, severity: 'warning', message: p.ignorable! } : { ...p, severity: 'error' };
  });
  return { data: second.success ? second.data : null, problems: rated };
}

/** A deep copy of `value` without the values at `paths` (array elements are removed, later ones shift). */
export function withoutPaths(value: unknown, paths: readonly FieldPath[]): unknown {
  const copy = structuredClone(value);
  // Deepest and highest index first, so one removal never moves another path's target.
  const ordered = [...paths].sort((a, b) => b.length - a.length || compareLast(b, a));
  for (const path of ordered) {
    if (path.length === 0) continue;
    let parent: unknown = copy;
    for (const seg of path.slice(0, -1)) parent = parent && typeof parent === 'object' ? (parent as Record<string | number, unknown>)[seg] : undefined;
    const last = path[path.length - 1]!;
    if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
    else if (parent && typeof parent === 'object') delete (parent as Record<string | number, unknown>)[last];
  }
  return copy;
}

function compareLast(a: FieldPath, b: FieldPath): number {
  const x = a[a.length - 1];
  const y = b[b.length - 1];
  return typeof x === 'number' && typeof y === 'number' ? x - y : 0;
}
