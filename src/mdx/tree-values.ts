import type { Root as HastRoot } from 'hast';
import type { Program } from 'estree';
import { evaluateStatic, expressionOf, type Scope } from './static-eval.js';

/**
 * Static values of a finalized tree's `{}` expressions and JSX attributes, for code that reads the
 * tree without rendering it (the Markdown export). Values that need JavaScript come back undefined.
 */
export interface TreeValues {
  /** The value of a `{}` expression node or of a JSX attribute value (string, null for a bare attribute, or an expression). */
  valueOf(node: unknown): unknown;
}

/** Turns the finalized tree of a page into another form (e.g. Markdown) alongside its HTML. */
export type TreeConsumer = (tree: HastRoot, values: TreeValues) => string;

export function treeValues(scope: Scope): TreeValues {
  return {
    valueOf(node) {
      if (node === null) return true;
      if (typeof node === 'string') return node;
      const estree = (node as { data?: { estree?: Program } } | undefined)?.data?.estree;
      try {
        const expression = expressionOf(estree);
        return expression ? evaluateStatic(expression, scope) : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
