import type { Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import type { ImportDeclaration, Program, Statement, ModuleDeclaration } from 'estree';
import { createElement } from 'react';
import * as runtime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { createProcessor, run } from '@mdx-js/mdx';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { collectFeatures } from './components/index.js';
import { componentScope } from './render-fast.js';
import { valueToEstree } from './expand.js';
import { folioHandlers, type HastContext } from './to-hast.js';
import type { Scope } from './static-eval.js';
import type { ClientFeature } from './types.js';

export interface FallbackOptions {
  ctx: HastContext;
  /** Runs on the hast MDX made: snippet expansion and finalize, the same as on the fast path. */
  transform(tree: HastRoot): void;
  /** Values of names imported from snippets: their `import` becomes a `const`. */
  importedValues: Scope;
}

/**
 * The slow path for pages whose ESM or expressions need JavaScript: compile the already parsed
 * tree with @mdx-js/mdx and run it with the same components. Only snippet imports are
 * rewritten (to constants); no other module can be imported.
 */
export async function renderWithMdx(tree: MdastRoot, options: FallbackOptions, features: Set<ClientFeature>): Promise<string> {
  const processor = createProcessor({
    outputFormat: 'function-body',
    development: false,
    elementAttributeNameCase: 'react',
    stylePropertyNameCase: 'dom',
    remarkPlugins: [remarkGfm, remarkMath],
    remarkRehypeOptions: { handlers: folioHandlers(options.ctx) },
    rehypePlugins: [
      () => (hast: HastRoot) => {
        options.transform(hast);
        rewriteImports(hast, options.importedValues);
      },
    ],
  });
  const estree = await processor.run(tree as never);
  const code = processor.stringify(estree as never);
  const mod = await run(code, { ...runtime, baseUrl: import.meta.url });
  const components = componentScope();
  return collectFeatures(features, () => renderToStaticMarkup(createElement(mod.default, { components: components as never })));
}

/** Replace every `import` with constants (snippet values) or nothing; module loading is never allowed. */
function rewriteImports(tree: HastRoot, values: Scope): void {
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    const program = node.data?.estree as Program | undefined;
    if (!program) continue;
    program.body = program.body.flatMap((statement): Array<Statement | ModuleDeclaration> => {
      if (statement.type !== 'ImportDeclaration') return [statement];
      return importToConstants(statement, values);
    });
  }
}

function importToConstants(statement: ImportDeclaration, values: Scope): Statement[] {
  const out: Statement[] = [];
  for (const spec of statement.specifiers) {
    const name = spec.local.name;
    if (!(name in values)) continue;
    const init = valueToEstree(values[name]);
    if (!init) continue;
    out.push({ type: 'VariableDeclaration', kind: 'const', declarations: [{ type: 'VariableDeclarator', id: { type: 'Identifier', name }, init }] });
  }
  return out;
}
