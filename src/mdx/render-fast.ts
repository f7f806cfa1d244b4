import type { Root as HastRoot } from 'hast';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { builtinComponents, collectFeatures, FolioUnknown } from './components/index.js';
import { evaluateStatic, NotStatic, type Scope } from './static-eval.js';
import type { ClientFeature } from './types.js';

/** Built-in components plus the placeholder, as a scope the static evaluator can resolve names in. */
export function componentScope(): Scope {
  return { ...builtinComponents, FolioUnknown };
}

/**
 * Render a finalized tree straight to HTML: expressions are evaluated statically (throws
 * NotStatic when one needs JavaScript, and the caller falls back to MDX), components are
 * React server components. No JavaScript is generated or evaluated per page.
 */
export function renderFast(
  tree: HastRoot,
  scope: Scope,
  features: Set<ClientFeature>,
  reportUnknownName: (name: string, line: number, column: number) => void,
  /** Untrusted mode: each value passes `guard`, and what is not static becomes `notStatic()` instead of throwing. */
  untrusted?: { guard(value: unknown): unknown; notStatic(): unknown },
): string {
  const fullScope: Scope = { ...componentScope(), ...scope };
  const evaluate = (expression: Parameters<typeof evaluateStatic>[0]) => {
    try {
      const value = evaluateStatic(expression, fullScope);
      return untrusted ? untrusted.guard(value) : value;
    } catch (error) {
      // A name defined nowhere (not in the page, its imports or JavaScript's globals) fails on the
      // fallback too; report it where it is written and render nothing instead.
      if (error instanceof NotStatic && error.unknownName && !(error.unknownName in globalThis)) {
        const loc = error.node?.loc?.start;
        reportUnknownName(error.unknownName, loc?.line ?? 1, (loc?.column ?? 0) + 1);
        return undefined;
      }
      if (untrusted && error instanceof NotStatic) return untrusted.notStatic();
      throw error;
    }
  };
  const element = toJsxRuntime(tree, {
    Fragment,
    jsx: jsx as never,
    jsxs: jsxs as never,
    elementAttributeNameCase: 'react',
    stylePropertyNameCase: 'dom',
    createEvaluater: () => ({
      evaluateExpression: evaluate,
      evaluateProgram: () => undefined,
    }),
  });
  return collectFeatures(features, () => renderToStaticMarkup(element)).trim();
}
