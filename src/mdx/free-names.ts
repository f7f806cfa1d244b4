import type { Node as EsNode } from 'estree';

type AnyNode = EsNode | { type: string; [key: string]: unknown };

/** Node types that bind names of their own: the walk does not follow scopes, so it gives up on them. */
const BINDS = new Set(['FunctionExpression', 'ArrowFunctionExpression', 'ClassExpression', 'FunctionDeclaration', 'ClassDeclaration', 'VariableDeclaration', 'CatchClause']);

/** Keys that hold positions or parents, never child nodes. */
const NOT_CHILDREN = new Set(['loc', 'range', 'start', 'end', 'parent', 'comments']);

/**
 * The names an expression reads from its surroundings (`{`python ${path_to_script}`}` reads
 * `path_to_script`; `{a.b + c[d]}` reads `a`, `c` and `d`), or null when part of it binds names
 * of its own (a function, a class), which this walk does not resolve. JSX element names are not
 * counted: components are resolved (and reported) on their own.
 */
export function freeNames(root: EsNode): Set<string> | null {
  const names = new Set<string>();
  const walk = (node: AnyNode): boolean => {
    if (BINDS.has(node.type)) return false;
    switch (node.type) {
      case 'Identifier':
        names.add((node as { name: string }).name);
        return true;
      case 'MemberExpression': {
        const m = node as { object: AnyNode; property: AnyNode; computed: boolean };
        return walk(m.object) && (!m.computed || walk(m.property));
      }
      case 'Property': {
        const p = node as { key: AnyNode; value: AnyNode; computed: boolean };
        return (!p.computed || walk(p.key)) && walk(p.value);
      }
      case 'JSXAttribute': {
        const value = (node as { value: AnyNode | null }).value;
        return !value || walk(value);
      }
      case 'JSXIdentifier':
      case 'JSXMemberExpression':
      case 'JSXNamespacedName':
        return true;
      default:
        return children(node).every(walk);
    }
  };
  return walk(root) ? names : null;
}

function children(node: AnyNode): AnyNode[] {
  const out: AnyNode[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (NOT_CHILDREN.has(key)) continue;
    if (Array.isArray(value)) {
      for (const v of value) if (isNode(v)) out.push(v);
    } else if (isNode(value)) out.push(value);
  }
  return out;
}

const isNode = (value: unknown): value is AnyNode => typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
