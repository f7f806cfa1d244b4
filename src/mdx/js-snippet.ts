import * as React from 'react';
import * as runtime from 'react/jsx-runtime';
import { esbuildSync } from './esbuild-sync.js';
import { builtinComponents } from './components/index.js';
import type { Scope } from './static-eval.js';
import { islandExports } from './islands.js';

/** React hooks docs.json sites use in their components without importing them. */
export function reactGlobals(): Scope {
  const { useState, useEffect, useRef, useMemo, useCallback, useContext, useId, useReducer, useLayoutEffect, Fragment } = React;
  return { React, useState, useEffect, useRef, useMemo, useCallback, useContext, useId, useReducer, useLayoutEffect, Fragment };
}

/** Built-in components and React globals, as free names for page and snippet JavaScript. */
export function runtimeGlobals(): Scope {
  const out: Scope = { ...reactGlobals() };
  for (const [name, value] of Object.entries(builtinComponents)) if (!name.startsWith('Folio')) out[name] = value;
  return out;
}

const loaders: Record<string, 'js' | 'jsx' | 'ts' | 'tsx'> = { js: 'jsx', jsx: 'jsx', mjs: 'jsx', ts: 'tsx', tsx: 'tsx' };

/**
 * Run a JavaScript snippet (`/snippets/x.jsx` exporting React components). Only reached from the
 * MDX fallback, for pages that import such a snippet: this is user code, as an MDX page's own
 * `export const X = () => ...` is. It may import only `react`; other imports throw.
 */
export function evaluateJsSnippet(source: string, file: string): Scope {
  const ext = /\.([a-z]+)$/i.exec(file)?.[1]?.toLowerCase() ?? 'js';
  const { code } = esbuildSync().transformSync(source, { loader: loaders[ext] ?? 'jsx', format: 'cjs', jsx: 'automatic', sourcefile: file, target: 'es2022' });
  const module = { exports: {} as Scope };
  const require = (id: string) => {
    if (id === 'react') return React;
    if (id === 'react/jsx-runtime') return runtime;
    throw new Error(`${file} imports "${id}"; snippets may import only "react"`);
  };
  const globals = runtimeGlobals();
  const names = Object.keys(globals);
  // eslint-disable-next-line no-new-func
  const fn = new Function('require', 'module', 'exports', ...names, code);
  fn(require, module, module.exports, ...names.map((n) => globals[n]));
  // Components that keep state or handle events hydrate in the browser (`islands.ts`).
  return islandExports(source, module.exports) as Scope;
}
