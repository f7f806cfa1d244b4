/**
 * Browser bundles of the islands pages draw (`mdx/islands.ts`): one entry per module,
 * `assets/island.<id>.js`, which hydrates the page's `<folio-island data-island="<id>">`
 * elements with that module's components. React is bundled once into a chunk every island
 * shares (esbuild code splitting), so a page loads React only when it has an island.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import type { BuiltAsset } from './site-assets.js';

/** Hooks and names the platform injects into page and snippet code without an import. */
const INJECTED = ['useState', 'useEffect', 'useRef', 'useMemo', 'useCallback', 'useContext', 'useId', 'useReducer', 'useLayoutEffect', 'Fragment'];

/** The user module: the injected React names it does not declare or import itself, then its code. */
function moduleSource(code: string): string {
  const declared = (name: string) => new RegExp(`\\bimport\\b[^;]*\\b${name}\\b|\\b(const|let|var|function|class)\\s+${name}\\b`).test(code);
  const names = INJECTED.filter((n) => !declared(n));
  return [
    "import * as __folioReact from 'react';",
    declared('React') ? '' : 'const React = __folioReact;',
    names.length ? `const { ${names.join(', ')} } = __folioReact;` : '',
    code,
  ].join('\n');
}

function entrySource(id: string): string {
  return [
    "import { createElement } from 'react';",
    "import { hydrateRoot } from 'react-dom/client';",
    `import * as m from 'folio-island-module:${id}';`,
    `for (const el of document.querySelectorAll('folio-island[data-island="${id}"]')) {`,
    '  const C = m[el.dataset.component];',
    "  if (typeof C === 'function') hydrateRoot(el, createElement(C, JSON.parse(el.dataset.props || '{}')));",
    '}',
  ].join('\n');
}

const here = path.dirname(fileURLToPath(import.meta.url));

function islandPlugin(modules: ReadonlyMap<string, string>): Plugin {
  return {
    name: 'folio-islands',
    setup(b) {
      b.onResolve({ filter: /^folio-island(-module)?:/ }, (args) => ({ path: args.path, namespace: 'folio-island' }));
      b.onLoad({ filter: /.*/, namespace: 'folio-island' }, (args) => {
        const [kind, id] = args.path.split(':') as [string, string];
        const contents = kind === 'folio-island' ? entrySource(id) : moduleSource(modules.get(id) ?? '');
        return { contents, loader: 'tsx', resolveDir: here };
      });
      // Snippets may import only React (as on the platform); anything else fails the island, not the page.
      b.onResolve({ filter: /.*/, namespace: 'folio-island' }, (args) => {
        if (/^(react|react-dom)(\/|$)/.test(args.path)) return undefined;
        return { errors: [{ text: `islands may import only "react", not "${args.path}"` }] };
      });
    },
  };
}

/** Bundle the island modules (id → code); a module that does not bundle is left out (its page keeps the server HTML). */
export async function bundleIslands(modules: ReadonlyMap<string, string>): Promise<{ assets: BuiltAsset[]; failed: { id: string; message: string }[] }> {
  const failed: { id: string; message: string }[] = [];
  const good = new Map<string, string>();
  // Loaded here: most processes that import the renderer never bundle an island.
  const { build, transform } = await import('esbuild');
  // Check each module alone first, so one broken snippet does not take the others down.
  await Promise.all(
    [...modules].map(async ([id, code]) => {
      try {
        await transform(moduleSource(code), { loader: 'tsx', jsx: 'automatic', format: 'esm', logLevel: 'silent' });
        const foreign = [...code.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!).find((spec) => !/^react(\/|$)/.test(spec));
        if (foreign) throw new Error(`islands may import only "react", not "${foreign}"`);
        good.set(id, code);
      } catch (error) {
        failed.push({ id, message: (error as { errors?: { text: string }[] }).errors?.[0]?.text ?? (error as Error).message });
      }
    }),
  );
  if (good.size === 0) return { assets: [], failed };
  const result = await build({
    entryPoints: [...good.keys()].sort().map((id) => ({ in: `folio-island:${id}`, out: `island.${id}` })),
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    target: ['es2020'],
    jsx: 'automatic',
    outdir: '/assets',
    chunkNames: 'island-react.[hash]',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
    plugins: [islandPlugin(good)],
  });
  return { assets: result.outputFiles.map((f) => ({ file: f.path.replace(/^\/+/, '').split(path.sep).join('/'), contents: f.text })), failed };
}
