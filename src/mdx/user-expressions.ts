/**
 * The platform's `user` variable in page expressions: the signed-in reader's `content` data. A static
 * build cannot know the reader, so what depends on it is left in the HTML as markers that `folio serve`
 * resolves per request (`hosting/sites/personalize.ts`), and a page with none of them stays static.
 *
 * - A plain read of a property path, with an optional string or number fallback (`{user.firstName}`,
 *   `{user.org?.name}`, `{user.plan ?? "Free"}`), becomes `<span data-folio-user="firstName">`
 *   holding what a reader without that value sees (the fallback, else nothing).
 * - A condition on `user` choosing content (`{user.plan === 'pro' && <Note>...</Note>}`,
 *   `{user.plan === 'enterprise' ? <>A</> : <>B</>}`, nested ones) becomes one wrapper per branch,
 *   `<div data-folio-user-if="<id>.<condition>">` (a `<span>` inside text) ending with
 *   `<template data-folio-user-end="<id>">`, `hidden` when the branch is not the one a reader without
 *   data (the platform's empty `user`) sees. The condition is a small expression language kept as
 *   base64url JSON (`UserCondition`), never code: `folio serve` evaluates it with `evaluateCondition`,
 *   keeps the reader's branch and drops the others. Inside a JSX branch, `{user.x}` reads become
 *   value markers as above.
 *
 * Any other use of `user` (a call, an unknown name in the condition) renders as for a reader who is
 * not signed in, with the renderer's usual warning.
 */
import type { Element, ElementContent } from 'hast';
import type { Expression, Node as EsNode, Program } from 'estree';

/** The attribute marking a personalized value in the HTML; its value is the dotted path under `user`. */
export const USER_ATTRIBUTE = 'data-folio-user';
/** The attribute of a branch chosen per reader: `<id>.<base64url JSON condition>`. */
export const USER_IF_ATTRIBUTE = 'data-folio-user-if';
/** The attribute of the empty `<template>` closing a branch: the branch's id. */
export const USER_END_ATTRIBUTE = 'data-folio-user-end';

/**
 * A condition on the reader's data, as JSON: `['v', literal]`, `['undef']`, `['u', ...path]` (a value under
 * `user`), `['!', c]`, `[op, a, b]` for `===`/`!==`/`==`/`!=`/`<`/`<=`/`>`/`>=`/`&&`/`||`/`??`, and
 * `['includes', list, value]`.
 */
export type UserCondition = unknown[];

const BINARY = new Set(['===', '!==', '==', '!=', '<', '<=', '>', '>=']);
const LOGICAL = new Set(['&&', '||', '??']);
/** Bounds of a condition: its encoded length, nesting and path lengths. */
const MAX_CONDITION_CHARS = 4000;
const MAX_DEPTH = 24;
const KEY = /^[\w-]{1,64}$/;

/** Whether a page's HTML has parts filled per reader: a `{user...}` value or a branch chosen per reader. */
export function hasUserParts(html: string): boolean {
  return html.includes(` ${USER_ATTRIBUTE}="`) || html.includes(` ${USER_IF_ATTRIBUTE}="`);
}

/** `user.a.b` / `user.a?.b` → ['a', 'b']; null for anything else. */
function userPath(e: Expression): string[] | null {
  const path: string[] = [];
  let node: Expression = e.type === 'ChainExpression' ? (e.expression as Expression) : e;
  while (node.type === 'MemberExpression') {
    const key = node.computed ? (node.property.type === 'Literal' && typeof node.property.value === 'string' ? node.property.value : null) : node.property.type === 'Identifier' ? node.property.name : null;
    if (key === null || !KEY.test(key)) return null;
    path.unshift(key);
    node = node.object as Expression;
  }
  return node.type === 'Identifier' && node.name === 'user' && path.length > 0 && path.length <= 8 ? path : null;
}

/** A plain read with its fallback: `user.a ?? "x"` → path and fallback text; null for anything else. */
function userRead(e: Expression): { path: string[]; fallback: string } | null {
  let fallback = '';
  if (e.type === 'LogicalExpression' && (e.operator === '??' || e.operator === '||') && e.right.type === 'Literal' && (typeof e.right.value === 'string' || typeof e.right.value === 'number')) {
    fallback = String(e.right.value);
    e = e.left;
  }
  const path = userPath(e);
  return path ? { path, fallback } : null;
}

const singleExpression = (program: Program | undefined): Expression | null => {
  const statement = program?.body[0];
  return program?.body.length === 1 && statement?.type === 'ExpressionStatement' ? statement.expression : null;
};

/** The marker of a `{user...}` expression (see the file comment); null when the expression is not one. */
export function userMarker(program: Program | undefined): Element | null {
  const e = singleExpression(program);
  const read = e ? userRead(e) : null;
  if (!read) return null;
  return { type: 'element', tagName: 'span', properties: { [USER_ATTRIBUTE]: read.path.join('.') }, children: read.fallback ? [{ type: 'text', value: read.fallback }] : [] };
}

/** Whether an estree subtree names the free identifier `user` (object keys and JSX names are not reads). */
function mentionsUser(node: unknown): boolean {
  if (!node || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some(mentionsUser);
  const n = node as EsNode & Record<string, unknown>;
  if (n.type === 'Identifier') return n.name === 'user';
  for (const [key, value] of Object.entries(n)) {
    if (key === 'loc' || key === 'range' || key === 'position' || key === 'data') continue;
    if (n.type === 'MemberExpression' && key === 'property' && !n.computed) continue;
    if (n.type === 'Property' && key === 'key' && !n.computed) continue;
    if (value && typeof value === 'object' && mentionsUser(value)) return true;
  }
  return false;
}

/** The condition language of an estree expression (see `UserCondition`); null when it says more than that. */
export function conditionOf(e: Expression, depth = 0): UserCondition | null {
  if (depth > MAX_DEPTH) return null;
  switch (e.type) {
    case 'Literal': {
      const v = e.value;
      return v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? ['v', v] : null;
    }
    case 'Identifier':
      return e.name === 'undefined' ? ['undef'] : null;
    case 'ArrayExpression': {
      if (e.elements.length > 64) return null;
      const values: unknown[] = [];
      for (const item of e.elements) {
        if (item?.type !== 'Literal' || !(item.value === null || ['string', 'number', 'boolean'].includes(typeof item.value))) return null;
        values.push(item.value);
      }
      return ['v', values];
    }
    case 'UnaryExpression': {
      if (e.operator !== '!') return null;
      const inner = conditionOf(e.argument, depth + 1);
      return inner ? ['!', inner] : null;
    }
    case 'BinaryExpression':
    case 'LogicalExpression': {
      if (!(BINARY.has(e.operator) || LOGICAL.has(e.operator)) || e.left.type === 'PrivateIdentifier') return null;
      const a = conditionOf(e.left, depth + 1);
      const b = a && conditionOf(e.right, depth + 1);
      return a && b ? [e.operator, a, b] : null;
    }
    case 'ChainExpression':
    case 'MemberExpression': {
      const inner = e.type === 'ChainExpression' ? e.expression : e;
      if (inner.type === 'CallExpression') return includesOf(inner, depth);
      const path = userPath(e);
      return path ? ['u', ...path] : null;
    }
    case 'CallExpression':
      return includesOf(e, depth);
    default:
      return null;
  }
}

/** `list.includes(value)` (the list a `user` value or an array of literals). */
function includesOf(e: Expression, depth: number): UserCondition | null {
  if (e.type !== 'CallExpression' || e.arguments.length !== 1 || e.callee.type !== 'MemberExpression' || e.callee.computed) return null;
  if (e.callee.property.type !== 'Identifier' || e.callee.property.name !== 'includes' || e.callee.object.type === 'Super') return null;
  const arg = e.arguments[0]!;
  if (arg.type === 'SpreadElement') return null;
  const list = conditionOf(e.callee.object as Expression, depth + 1);
  const value = list && conditionOf(arg, depth + 1);
  return list && value ? ['includes', list, value] : null;
}

/** A condition as the attribute keeps it. */
export function encodeCondition(condition: UserCondition): string {
  return Buffer.from(JSON.stringify(condition), 'utf8').toString('base64url');
}

/** A condition read back from an attribute (untrusted: a built page is a repository's output); null when malformed. */
export function decodeCondition(text: string): UserCondition | null {
  if (text.length > MAX_CONDITION_CHARS || !/^[\w-]*$/.test(text)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    return wellFormed(value, 0) ? (value as UserCondition) : null;
  } catch {
    return null;
  }
}

function wellFormed(c: unknown, depth: number): boolean {
  if (!Array.isArray(c) || depth > MAX_DEPTH) return false;
  const [op, a, b] = c as [unknown, unknown, unknown];
  if (op === 'v') return c.length === 2 && (isPrimitive(a) || (Array.isArray(a) && a.length <= 64 && a.every(isPrimitive)));
  if (op === 'undef') return c.length === 1;
  if (op === 'u') return c.length >= 2 && c.length <= 9 && c.slice(1).every((k) => typeof k === 'string' && KEY.test(k));
  if (op === '!') return c.length === 2 && wellFormed(a, depth + 1);
  if (typeof op === 'string' && (BINARY.has(op) || LOGICAL.has(op) || op === 'includes')) return c.length === 3 && wellFormed(a, depth + 1) && wellFormed(b, depth + 1);
  return false;
}

const isPrimitive = (v: unknown) => v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** JavaScript's truthiness for the values a condition yields. */
const truthy = (v: unknown) => !(v === false || v === 0 || v === '' || v === null || v === undefined || Number.isNaN(v));

/** A condition's value for a reader's `user` values, as JavaScript would compute it for the forms allowed. */
function valueOf(c: UserCondition, user: Record<string, unknown>): unknown {
  const [op, a, b] = c as [string, unknown, unknown];
  switch (op) {
    case 'v':
      return a;
    case 'undef':
      return undefined;
    case 'u': {
      let at: unknown = user;
      for (const key of c.slice(1) as string[]) {
        if (!isRecord(at) || !Object.hasOwn(at, key)) return undefined;
        at = at[key];
      }
      return at;
    }
    case '!':
      return !truthy(valueOf(a as UserCondition, user));
    case '&&': {
      const left = valueOf(a as UserCondition, user);
      return truthy(left) ? valueOf(b as UserCondition, user) : left;
    }
    case '||': {
      const left = valueOf(a as UserCondition, user);
      return truthy(left) ? left : valueOf(b as UserCondition, user);
    }
    case '??': {
      const left = valueOf(a as UserCondition, user);
      return left === null || left === undefined ? valueOf(b as UserCondition, user) : left;
    }
    case 'includes': {
      const list = valueOf(a as UserCondition, user);
      const item = valueOf(b as UserCondition, user);
      if (Array.isArray(list)) return list.some((x) => x === item);
      return typeof list === 'string' && typeof item === 'string' ? list.includes(item) : false;
    }
  }
  const left = valueOf(a as UserCondition, user);
  const right = valueOf(b as UserCondition, user);
  switch (op) {
    case '===':
      return left === right;
    case '!==':
      return left !== right;
    case '==':
      return looseEqual(left, right);
    case '!=':
      return !looseEqual(left, right);
  }
  // Order only between two numbers or two strings; anything else is false, never a coercion.
  if (!((typeof left === 'number' && typeof right === 'number') || (typeof left === 'string' && typeof right === 'string'))) return false;
  if (op === '<') return left < right;
  if (op === '<=') return left <= right;
  if (op === '>') return left > right;
  return left >= right;
}

/** `==` for the values allowed: null and undefined alike, a number and its string alike, else `===`. */
function looseEqual(a: unknown, b: unknown): boolean {
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  if ((typeof a === 'number' && typeof b === 'string') || (typeof a === 'string' && typeof b === 'number')) return String(a) === String(b) && b !== '' && a !== '';
  return a === b;
}

/** Whether a condition holds for the reader's `user` values (`{}` for a reader without data). */
export function evaluateCondition(condition: UserCondition, user: Record<string, unknown>): boolean {
  return truthy(valueOf(condition, user));
}

type Expr = { type: 'mdxFlowExpression' | 'mdxTextExpression'; value: string; data: { estree: Program } };

/**
 * The wrappers replacing a `{...}` expression that chooses content by a condition on `user` (see the
 * file comment), numbered from `nextId`; null when the expression is not of that form.
 */
export function userConditional(program: Program | undefined, flow: boolean, nextId: () => number): Element[] | null {
  const e = singleExpression(program);
  if (!e) return null;
  let branches: { when: UserCondition; then: Expression }[];
  if (e.type === 'ConditionalExpression' && mentionsUser(e.test)) {
    const when = conditionOf(e.test);
    if (!when) return null;
    branches = [{ when, then: e.consequent }, { when: ['!', when], then: e.alternate }];
  } else if (e.type === 'LogicalExpression' && e.operator === '&&' && mentionsUser(e.left)) {
    const when = conditionOf(e.left);
    if (!when) return null;
    branches = [{ when, then: e.right }];
  } else return null;
  const out: Element[] = [];
  for (const { when, then } of branches) {
    const content = branchContent(then, flow);
    if (content === null) return null;
    if (content === 'empty') continue;
    const id = nextId();
    out.push({
      type: 'element',
      tagName: flow ? 'div' : 'span',
      properties: { [USER_IF_ATTRIBUTE]: `${id}.${encodeCondition(when)}`, ...(evaluateCondition(when, {}) ? {} : { hidden: true }) },
      children: [...content, { type: 'element', tagName: 'template', properties: { [USER_END_ATTRIBUTE]: String(id) }, children: [] }],
    });
  }
  return out;
}

/** What a branch renders: text, an expression node left to the renderer, 'empty'; null for a branch that reads `user` in a way not kept. */
function branchContent(e: Expression, flow: boolean): ElementContent[] | 'empty' | null {
  if (e.type === 'Literal' && (e.value === null || e.value === false || e.value === '')) return 'empty';
  if (e.type === 'Identifier' && e.name === 'undefined') return 'empty';
  if (e.type === 'Literal' && (typeof e.value === 'string' || typeof e.value === 'number')) return [{ type: 'text', value: String(e.value) }];
  const read = userRead(e);
  if (read) return [{ type: 'element', tagName: 'span', properties: { [USER_ATTRIBUTE]: read.path.join('.') }, children: read.fallback ? [{ type: 'text', value: read.fallback }] : [] }];
  let expression: Expression = e;
  if (e.type === 'JSXElement' || e.type === 'JSXFragment') {
    expression = userReadsInJsx(e) as Expression;
    if (mentionsUser(expression)) return null;
  } else if (!(e.type === 'ConditionalExpression' || (e.type === 'LogicalExpression' && e.operator === '&&'))) {
    if (mentionsUser(e)) return null;
  }
  // Nested conditions stay expressions: the tree walk meets them next and wraps them in turn.
  const node: Expr = { type: flow ? 'mdxFlowExpression' : 'mdxTextExpression', value: '', data: { estree: { type: 'Program', sourceType: 'module', body: [{ type: 'ExpressionStatement', expression }] } } };
  return [node as unknown as ElementContent];
}

/** A JSX tree with each `{user.x ?? "fallback"}` child turned into a value marker `<span data-folio-user="x">`. */
function userReadsInJsx<T>(node: T): T {
  if (!node || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map(userReadsInJsx) as T;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (key === 'loc' || key === 'range') copy[key] = value;
    // Only children: an attribute's `{user.x}` stays a read of `user`, and the branch is not kept.
    else if (key === 'children' && Array.isArray(value)) copy[key] = value.map((child: Record<string, unknown>) => jsxChildRead(child) ?? userReadsInJsx(child));
    else copy[key] = userReadsInJsx(value);
  }
  return copy as T;
}

function jsxChildRead(child: Record<string, unknown>): unknown {
  if (child?.type !== 'JSXExpressionContainer' || !child.expression || (child.expression as EsNode).type === 'JSXEmptyExpression') return null;
  const read = userRead(child.expression as Expression);
  return read ? markerJsx(read.path.join('.'), read.fallback) : null;
}

function markerJsx(path: string, fallback: string): unknown {
  const name = { type: 'JSXIdentifier', name: 'span' };
  return {
    type: 'JSXElement',
    openingElement: { type: 'JSXOpeningElement', name, attributes: [{ type: 'JSXAttribute', name: { type: 'JSXIdentifier', name: USER_ATTRIBUTE }, value: { type: 'Literal', value: path } }], selfClosing: false },
    closingElement: { type: 'JSXClosingElement', name },
    children: fallback ? [{ type: 'JSXText', value: fallback, raw: fallback }] : [],
  };
}
