import type { Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import type { Program } from 'estree';
import { createElement } from 'react';
import * as runtime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { collectFeatures } from './components/index.js';
import { componentScope } from './render-fast.js';
import { folioHandlers, type HastContext } from './to-hast.js';
import type { Scope } from './static-eval.js';
import type { ClientFeature } from './types.js';
import { collectIslands, esmCode, ISLAND_WRAPPER, islandComponent, isInteractive, wrapDeclaredComponents } from './islands.js';

export interface FallbackOptions {
  ctx: HastContext;
  /** Runs on the hast MDX made: snippet expansion and finalize, the same as on the fast path. */
  transform(tree: HastRoot): void;
  /**
   * Free names the page's code can use: built-in components, React hooks and everything it
   * imports (snippet constants, JavaScript snippet components). Page-declared names win.
   */
  runtimeScope: Scope;
}

/**
 * @mdx-js/mdx, loaded by the first page that needs it: most pages take the fast path, and a site
 * with none on this one does not pay its ~250 ms of module loading at start.
 */
let compiler: Promise<typeof import('@mdx-js/mdx')> | undefined;
const mdxCompiler = () => (compiler ??= import('@mdx-js/mdx'));

/**
 * Compile an already parsed MDX tree with @mdx-js/mdx and run it: the module's default export
 * renders the content, named exports are the file's `export`s. `import`s are removed (never
 * loaded as modules); what they name is handed in through `runtimeScope`.
 */
export async function runMdxModule(tree: MdastRoot, options: FallbackOptions): Promise<Record<string, unknown>> {
  const { createProcessor, run } = await mdxCompiler();
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
        removeImports(hast);
        markIslands(hast);
      },
    ],
  });
  // The processor mutates the tree (unravelling, estree rewrites): compile a copy.
  const estree = await processor.run(structuredClone(tree) as never);
  const scope = { ...options.runtimeScope, [ISLAND_WRAPPER]: islandComponent };
  const names = Object.keys(scope).filter((n) => /^[A-Za-z$][\w$]*$/.test(n));
  const prelude = names.length ? `const {${names.join(', ')}} = arguments[0].folioScope;\n` : '';
  const code = prelude + String(processor.stringify(estree as never));
  return (await run(code, { ...runtime, baseUrl: import.meta.url, folioScope: scope } as never)) as Record<string, unknown>;
}

/**
 * The slow path for pages whose ESM or expressions need JavaScript: compile and run the page
 * with the same components as the fast path, plus whatever its imports provide.
 */
export async function renderWithMdx(tree: MdastRoot, options: FallbackOptions, features: Set<ClientFeature>, islands: Map<string, string> = new Map()): Promise<string> {
  const mod = await runMdxModule(tree, options);
  const components: Scope = { ...componentScope() };
  for (const [name, value] of Object.entries(options.runtimeScope)) {
    if (/^[A-Z]/.test(name) && (typeof value === 'function' || (typeof value === 'object' && value !== null))) components[name] = value;
  }
  const Content = mod.default as Parameters<typeof createElement>[0];
  return collectIslands(islands, () => collectFeatures(features, () => renderToStaticMarkup(createElement(Content, { components } as never)))).trim();
}

/** When the module's own code keeps state or handles events, its declared components become islands (`islands.ts`). */
function markIslands(tree: HastRoot): void {
  const esm = tree.children.filter((node) => node.type === 'mdxjsEsm');
  const code = esmCode(esm.map((node) => String((node as { value?: string }).value ?? '')));
  if (!isInteractive(code)) return;
  for (const node of esm) {
    const program = node.data?.estree as Program | undefined;
    if (program) wrapDeclaredComponents(program, code);
  }
}

/** Drop every `import` declaration: modules are never loaded, their names come from the scope. */
function removeImports(tree: HastRoot): void {
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    const program = node.data?.estree as Program | undefined;
    if (program) program.body = program.body.filter((statement) => statement.type !== 'ImportDeclaration');
  }
}
