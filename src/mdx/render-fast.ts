import type { Root as HastRoot } from 'hast';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { builtinComponents, collectFeatures, FolioUnknown } from './components/index.js';
import { evaluateStatic, type Scope } from './static-eval.js';
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
export function renderFast(tree: HastRoot, scope: Scope, features: Set<ClientFeature>): string {
  const fullScope: Scope = { ...componentScope(), ...scope };
  const element = toJsxRuntime(tree, {
    Fragment,
    jsx: jsx as never,
    jsxs: jsxs as never,
    elementAttributeNameCase: 'react',
    stylePropertyNameCase: 'dom',
    createEvaluater: () => ({
      evaluateExpression: (expression) => evaluateStatic(expression, fullScope),
      evaluateProgram: () => undefined,
    }),
  });
  return collectFeatures(features, () => renderToStaticMarkup(element));
}
