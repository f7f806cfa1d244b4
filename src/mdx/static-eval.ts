import { createElement, Fragment } from 'react';
import type { Expression, Node as EsNode, Program } from 'estree';
import type { JSXElement, JSXFragment } from 'estree-jsx';

/** Thrown when an expression needs real JavaScript; the caller then uses the MDX fallback. */
export class NotStatic extends Error {
  constructor(
    what: string,
    /** Set when the cause is a name no scope defines (a typo, or a variable of another page). */
    readonly unknownName?: string,
    readonly node?: EsNode,
  ) {
    super(`not statically evaluable: ${what}`);
  }
}

export type Scope = Record<string, unknown>;

const own = Object.prototype.hasOwnProperty;

/**
 * Evaluate the side-effect-free subset of JavaScript that docs pages write in props and
 * `{...}`: literals, arrays, objects, templates, `+`/`-`/`!`, `a ? b : c`, `a && b`, member
 * access, identifiers from `scope`, and JSX. Anything else throws NotStatic, so no user code runs.
 */
export function evaluateStatic(node: EsNode, scope: Scope): unknown {
  switch (node.type) {
    case 'Literal':
      if ('regex' in node && node.regex) throw new NotStatic('regular expression');
      if (typeof node.value === 'bigint') throw new NotStatic('bigint');
      return node.value;
    case 'TemplateLiteral': {
      let out = node.quasis[0]?.value.cooked ?? '';
      node.expressions.forEach((e, i) => {
        out += String(evaluateStatic(e, scope)) + (node.quasis[i + 1]?.value.cooked ?? '');
      });
      return out;
    }
    case 'ArrayExpression': {
      const out: unknown[] = [];
      for (const el of node.elements) {
        if (el === null) out.push(undefined);
        else if (el.type === 'SpreadElement') out.push(...(evaluateStatic(el.argument, scope) as unknown[]));
        else out.push(evaluateStatic(el, scope));
      }
      return out;
    }
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const p of node.properties) {
        if (p.type === 'SpreadElement') Object.assign(out, evaluateStatic(p.argument, scope));
        else {
          if (p.kind !== 'init' || p.method) throw new NotStatic('accessor or method');
          const key = p.computed
            ? String(evaluateStatic(p.key, scope))
            : p.key.type === 'Identifier'
              ? p.key.name
              : String((p.key as { value?: unknown }).value);
          out[key] = evaluateStatic(p.value, scope);
        }
      }
      return out;
    }
    case 'UnaryExpression': {
      const v = evaluateStatic(node.argument, scope);
      if (node.operator === '-') return -(v as number);
      if (node.operator === '+') return +(v as number);
      if (node.operator === '!') return !v;
      if (node.operator === 'void') return undefined;
      throw new NotStatic(`operator ${node.operator}`);
    }
    case 'BinaryExpression': {
      if (node.left.type === 'PrivateIdentifier') throw new NotStatic('private name');
      const a = evaluateStatic(node.left, scope) as number;
      const b = evaluateStatic(node.right, scope) as number;
      switch (node.operator) {
        case '+':
          return a + b;
        case '-':
          return a - b;
        case '*':
          return a * b;
        case '/':
          return a / b;
        case '===':
          return a === b;
        case '!==':
          return a !== b;
        default:
          throw new NotStatic(`operator ${node.operator}`);
      }
    }
    case 'LogicalExpression': {
      const a = evaluateStatic(node.left, scope);
      if (node.operator === '&&') return a ? evaluateStatic(node.right, scope) : a;
      if (node.operator === '||') return a ? a : evaluateStatic(node.right, scope);
      return a ?? evaluateStatic(node.right, scope);
    }
    case 'ConditionalExpression':
      return evaluateStatic(node.test, scope) ? evaluateStatic(node.consequent, scope) : evaluateStatic(node.alternate, scope);
    case 'Identifier':
      if (own.call(scope, node.name)) return scope[node.name];
      if (node.name === 'undefined') return undefined;
      throw new NotStatic(`unknown name ${node.name}`, node.name, node);
    case 'MemberExpression': {
      if (node.object.type === 'Super') throw new NotStatic('super');
      const object = evaluateStatic(node.object, scope) as Record<string, unknown> | null | undefined;
      const key = node.computed
        ? String(evaluateStatic(node.property as Expression, scope))
        : (node.property as { name: string }).name;
      if (object === null || object === undefined) {
        if (node.optional) return undefined;
        throw new NotStatic('member of nothing');
      }
      if (typeof object !== 'object' && typeof object !== 'function' && typeof object !== 'string') throw new NotStatic('member of primitive');
      if (!own.call(object, key) && !(Array.isArray(object) && key === 'length') && !(typeof object === 'string' && key === 'length')) {
        return undefined;
      }
      return (object as Record<string, unknown>)[key];
    }
    case 'ChainExpression':
      return evaluateStatic(node.expression, scope);
    default: {
      const t = (node as { type: string }).type;
      if (t === 'JSXElement') return jsxElement(node as unknown as JSXElement, scope);
      if (t === 'JSXFragment') return createElement(Fragment, null, ...(jsxChildren(node as unknown as JSXFragment, scope) as never[]));
      throw new NotStatic(t);
    }
  }
}

/** A JSX element inside an expression (`icon={<svg .../>}`), built with React.createElement. */
function jsxElement(node: JSXElement, scope: Scope): unknown {
  const name = jsxName(node.openingElement.name);
  let type: unknown = name;
  if (!/^[a-z]/.test(name) || name.includes('.')) {
    type = name.split('.').reduce<unknown>((acc, part, i) => {
      if (i === 0) {
        if (!own.call(scope, part)) throw new NotStatic(`unknown component ${part}`);
        return scope[part];
      }
      return acc ? (acc as Record<string, unknown>)[part] : undefined;
    }, undefined);
    if (!type) throw new NotStatic(`unknown component ${name}`);
  }
  const props: Record<string, unknown> = {};
  for (const attr of node.openingElement.attributes) {
    if (attr.type === 'JSXSpreadAttribute') Object.assign(props, evaluateStatic(attr.argument as EsNode, scope));
    else {
      const key = attr.name.type === 'JSXIdentifier' ? attr.name.name : `${attr.name.namespace.name}:${attr.name.name.name}`;
      const v = attr.value;
      if (v === null || v === undefined) props[key] = true;
      else if (v.type === 'Literal') props[key] = v.value;
      else if (v.type === 'JSXExpressionContainer') {
        props[key] = v.expression.type === 'JSXEmptyExpression' ? undefined : evaluateStatic(v.expression as EsNode, scope);
      } else props[key] = evaluateStatic(v as unknown as EsNode, scope);
    }
  }
  return createElement(type as never, props, ...(jsxChildren(node, scope) as never[]));
}

function jsxName(name: JSXElement['openingElement']['name']): string {
  if (name.type === 'JSXIdentifier') return name.name;
  if (name.type === 'JSXNamespacedName') return `${name.namespace.name}:${name.name.name}`;
  return `${jsxName(name.object as JSXElement['openingElement']['name'])}.${name.property.name}`;
}

function jsxChildren(node: JSXElement | JSXFragment, scope: Scope): unknown[] {
  const out: unknown[] = [];
  for (const child of node.children) {
    if (child.type === 'JSXText') {
      // JSX drops whitespace-only lines and trims line breaks, as the compiler does.
      const text = child.value.replace(/\s*\n\s*/g, ' ');
      if (text.trim() || !child.value.includes('\n')) out.push(text);
    } else if (child.type === 'JSXExpressionContainer') {
      if (child.expression.type !== 'JSXEmptyExpression') out.push(evaluateStatic(child.expression as EsNode, scope));
    } else if (child.type === 'JSXSpreadChild') throw new NotStatic('spread child');
    else out.push(evaluateStatic(child as unknown as EsNode, scope));
  }
  return out;
}

/** The single expression of an MDX `{...}` program, or null for a comment-only `{/* ... *\/}`. */
export function expressionOf(program: Program | undefined): Expression | null {
  const first = program?.body[0];
  if (!first) return null;
  if (first.type !== 'ExpressionStatement') throw new NotStatic(first.type);
  return first.expression;
}
