import type { JsonObject } from './types.js';
import { pointerSegments } from './positions.js';

/** Look up a local `#/a/b` reference in a document; undefined when it points nowhere. */
export function resolveLocalRef(document: JsonObject, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = document;
  for (const segment of pointerSegments(ref)) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (node && typeof node === 'object' && Object.hasOwn(node, segment)) node = (node as JsonObject)[segment];
    else return undefined;
  }
  return node;
}

/** Name shown for a reference: its last pointer segment (`#/components/schemas/Pet` → `Pet`). */
export function refName(ref: string): string {
  return pointerSegments(ref).at(-1) ?? ref;
}

export interface RefProblem {
  /** Where the `$ref` sits. */
  at: string[];
  ref: string;
  external: boolean;
}

/** Every `$ref` that does not resolve inside the document (external refs are reported too: they are not followed). */
export function findBadRefs(document: JsonObject): RefProblem[] {
  const problems: RefProblem[] = [];
  const seen = new Set<unknown>();
  const walk = (node: unknown, at: string[]): void => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, [...at, String(i)]));
      return;
    }
    const ref = (node as JsonObject).$ref;
    if (typeof ref === 'string') {
      if (!ref.startsWith('#')) problems.push({ at: [...at, '$ref'], ref, external: true });
      else if (resolveLocalRef(document, ref) === undefined) problems.push({ at: [...at, '$ref'], ref, external: false });
    }
    for (const [key, value] of Object.entries(node)) {
      // `example` values and schema `examples` arrays are data: a `$ref` key inside them is just text.
      if (key === 'example' || (key === 'examples' && Array.isArray(value))) continue;
      walk(value, [...at, key]);
    }
  };
  walk(document, []);
  return problems;
}
