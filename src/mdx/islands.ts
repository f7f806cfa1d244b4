/**
 * Live React in trusted builds: a component a page or snippet defines that keeps state or handles
 * events (`useState`, `onClick={...}`) is rendered on the server as usual, inside
 * `<folio-island data-island="<id>" data-component="<name>" data-props="<json>">`, and the module
 * that defines it (its ESM as written, `id` = hash of that code) is recorded for the page. The
 * render layer bundles each recorded module once (`render/islands.ts`) and the browser hydrates
 * the marked elements; without JavaScript the server HTML stays. Only reached on the MDX
 * fallback (page code runs), so never in untrusted builds.
 */
import { createHash } from 'node:crypto';
import { createElement, isValidElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { Program, Statement } from 'estree';

/** A module whose components hydrate in the browser: its id and its code (ESM, JSX allowed). */
export interface IslandModule {
  id: string;
  code: string;
}

/** State, effects or event handlers: the component does something after it is drawn. */
const INTERACTIVE = /\buse(State|Effect|Reducer|LayoutEffect|Ref|Callback)\s*\(|\bon[A-Z][A-Za-z]+\s*=\s*\{/;

export function isInteractive(code: string): boolean {
  return INTERACTIVE.test(code);
}

export function islandId(code: string): string {
  return createHash('sha256').update(code).digest('hex').slice(0, 12);
}

// Rendering is synchronous: one collector per page render, like `collectFeatures`.
let active: Map<string, string> | null = null;

/** Run `fn` while recording the island modules the page draws (id → code). */
export function collectIslands<T>(into: Map<string, string>, fn: () => T): T {
  const previous = active;
  active = into;
  try {
    return fn();
  } finally {
    active = previous;
  }
}

/** Props as JSON when they survive the trip to the browser (no functions, no elements as children); else null. */
function propsJson(props: Record<string, unknown>): string | null {
  let ok = true;
  const json = JSON.stringify(props, (key, value: unknown) => {
    if (typeof value === 'function' || typeof value === 'symbol' || isValidElement(value)) ok = false;
    return value;
  });
  return ok ? json : null;
}

/** `Component` drawn as an island of the module `code` under the export name `name`. */
export function islandComponent(code: string, name: string, Component: ComponentType<any>): ComponentType<any> {
  const id = islandId(code);
  const Island = (props: Record<string, unknown>) => {
    const json = active ? propsJson(props) : null;
    if (json === null || !active) return createElement(Component, props);
    active.set(id, code);
    // renderToString, not static markup: the browser's hydrateRoot expects its text separators.
    const inner = renderToString(createElement(Component, props));
    return createElement('folio-island', { 'data-island': id, 'data-component': name, 'data-props': json, dangerouslySetInnerHTML: { __html: inner } });
  };
  Island.displayName = `Island(${name})`;
  return Island;
}

/** Every capitalised function a JavaScript snippet exports, as islands when the snippet is interactive. */
export function islandExports(code: string, exports: Record<string, unknown>): Record<string, unknown> {
  if (!isInteractive(code)) return exports;
  const out: Record<string, unknown> = { ...exports };
  for (const [name, value] of Object.entries(exports)) if (/^[A-Z]/.test(name) && typeof value === 'function') out[name] = islandComponent(code, name, value as ComponentType<any>);
  return out;
}

/** Name of the wrapper function page code calls (`$folioIsland(code, name, component)`), handed in through the MDX scope. */
export const ISLAND_WRAPPER = '$folioIsland';

/** The ESM of an MDX module as browser code: its `export`/`const` statements, imports dropped. */
export function esmCode(values: readonly string[]): string {
  return values
    .join('\n')
    .replace(/^\s*import\s[\s\S]*?from\s*['"][^'"]+['"];?[ \t]*$/gm, '')
    .trim();
}

const call = (code: string, name: string, init: unknown) => ({
  type: 'CallExpression',
  optional: false,
  callee: { type: 'Identifier', name: ISLAND_WRAPPER },
  arguments: [{ type: 'Literal', value: code }, { type: 'Literal', value: name }, init],
});

/**
 * Rewrite the capitalised components an MDX module declares (`export const Counter = () => ...`,
 * `function Counter() {}`) into `$folioIsland(code, "Counter", ...)` so they render as islands.
 */
export function wrapDeclaredComponents(program: Program, code: string): void {
  const visit = (statement: Statement | Program['body'][number]): Statement | Program['body'][number] => {
    if (statement.type === 'ExportNamedDeclaration' && statement.declaration) {
      statement.declaration = visit(statement.declaration as Statement) as typeof statement.declaration;
      return statement;
    }
    if (statement.type === 'VariableDeclaration') {
      for (const d of statement.declarations) {
        if (d.id.type === 'Identifier' && /^[A-Z]/.test(d.id.name) && d.init && (d.init.type === 'ArrowFunctionExpression' || d.init.type === 'FunctionExpression')) {
          d.init = call(code, d.id.name, d.init) as never;
        }
      }
      return statement;
    }
    if (statement.type === 'FunctionDeclaration' && statement.id && /^[A-Z]/.test(statement.id.name)) {
      const name = statement.id.name;
      return {
        type: 'VariableDeclaration',
        kind: 'const',
        declarations: [{ type: 'VariableDeclarator', id: { type: 'Identifier', name }, init: call(code, name, { ...statement, type: 'FunctionExpression' }) as never }],
      };
    }
    return statement;
  };
  program.body = program.body.map((s) => visit(s as Statement)) as Program['body'];
}
