import { editDistance, type EndpointEntry } from '../shared/index.js';
import { samePath } from './entries.js';
import type { LoadedSpec } from './types.js';

/**
 * The operation a mistyped entry most likely meant: the same path under another
 * method, else the nearest path under the same method (a few typos at most).
 * Used to say how to fix "endpoint not found".
 */
export function suggestOperation(specs: readonly LoadedSpec[], entry: EndpointEntry): string | undefined {
  const operations = specs.flatMap((s) => s.operations.filter((op) => op.kind === 'operation' && !op.hidden));
  const otherMethod = operations.find((op) => samePath(op.path, entry.path));
  if (otherMethod) return `${otherMethod.method} ${otherMethod.path}`;
  let best: { label: string; score: number } | undefined;
  // Parameter names do not matter for matching, so they do not count as typos either.
  const shape = (p: string) => p.replace(/\{[^}]*\}/g, '{}');
  const wanted = shape(entry.path);
  for (const op of operations) {
    if (op.method !== entry.method) continue;
    const score = editDistance(shape(op.path), wanted);
    if (score <= Math.max(2, Math.floor(wanted.length / 10)) && (!best || score < best.score)) best = { label: `${op.method} ${op.path}`, score };
  }
  return best?.label;
}
