import type { Expression, Program } from 'estree';
import type { Root as HastRoot, RootContent } from 'hast';
import type { MdxJsxAttribute, MdxJsxExpressionAttribute, MdxJsxFlowElementHast } from 'mdast-util-mdx-jsx';
import type { Diagnostic } from '../shared/index.js';
import { diagnosticAt } from './diagnostic-at.js';
import { freeNames } from './free-names.js';
import { isMdxPath, snippetFilePath, type LoadedSnippet } from './snippet-loader.js';
import { evaluateStatic, expressionOf, NotStatic, type Scope } from './static-eval.js';
import type { MdxCode } from './codes.js';

type AnyNode = HastRoot | RootContent;
type Parent = { children: RootContent[] };
type JsxNode = MdxJsxFlowElementHast & { data?: { folioFile?: string } };

/** Where expansion happens: the file whose nodes we walk, its scope and its snippet imports. */
export interface ExpandScope {
  file: string;
  lineOffset: number;
  scope: Scope;
  /** Local component name → import path. */
  components: Map<string, string>;
  /** Names every page and snippet gets from the runtime (built-in components, React hooks, JavaScript's globals). */
  isGlobal?: (name: string) => boolean;
}

const MAX_DEPTH = 20;

/**
 * Replace snippet usages (`<MySnippet a="1"/>`, `<Snippet file="x.mdx"/>`) with the snippet's
 * content, with the snippet's `{prop}` expressions evaluated against the usage's props. Done on
 * the syntax tree so both renderers see the same nodes and snippet headings reach the TOC.
 */
export function expandSnippets(
  tree: HastRoot | Parent,
  at: ExpandScope,
  snippets: Map<string, LoadedSnippet | null>,
  diagnostics: Diagnostic<MdxCode>[],
  depth = 0,
): void {
  const walk = (parent: Parent, file: string) => {
    for (let i = 0; i < parent.children.length; i++) {
      const node = parent.children[i] as AnyNode;
      const nodeFile = ((node as { data?: { folioFile?: string } }).data?.folioFile) ?? file;
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name) {
        const target = snippetTarget(node as JsxNode, at);
        if (target !== undefined) {
          const loaded = snippets.get(target);
          if (loaded && depth < MAX_DEPTH) {
            const replacement = instantiate(node as JsxNode, loaded, at, snippets, diagnostics, depth);
            parent.children.splice(i, 1, ...replacement);
            i += replacement.length - 1;
            continue;
          }
          if (loaded === null || loaded === undefined) {
            // Already reported (missing, cycle or parse error): drop the usage but keep its children.
            const kids = ((node as JsxNode).children ?? []) as RootContent[];
            parent.children.splice(i, 1, ...kids);
            i += kids.length - 1;
            continue;
          }
        }
      }
      if ('children' in node && node.children) walk(node as Parent, nodeFile);
    }
  };
  walk(tree as Parent, at.file);
}

/** The snippet import path a JSX element stands for, or undefined when it is not a snippet. */
function snippetTarget(node: JsxNode, at: ExpandScope): string | undefined {
  if (node.name === 'Snippet' && !at.components.has('Snippet')) {
    const attr = node.attributes.find((a): a is MdxJsxAttribute => a.type === 'mdxJsxAttribute' && a.name === 'file');
    return attr && typeof attr.value === 'string' ? snippetFilePath(attr.value) : undefined;
  }
  const path = node.name ? at.components.get(node.name) : undefined;
  return path && isMdxPath(path) ? path : undefined;
}

/** Props of a usage, evaluated in the scope where the usage is written. */
function usageProps(node: JsxNode, at: ExpandScope, diagnostics: Diagnostic<MdxCode>[]): Scope {
  const props: Scope = {};
  for (const attr of node.attributes) {
    try {
      if (attr.type === 'mdxJsxExpressionAttribute') {
        const expr = expressionOf((attr.data?.estree ?? undefined) as Program | undefined);
        if (expr?.type === 'ObjectExpression') {
          for (const p of expr.properties) if (p.type === 'SpreadElement') Object.assign(props, evaluateStatic(p.argument, at.scope));
        }
      } else if (attr.value === null || attr.value === undefined) props[attr.name] = true;
      else if (typeof attr.value === 'string') props[attr.name] = attr.value;
      else {
        const expr = expressionOf((attr.value.data?.estree ?? undefined) as Program | undefined);
        props[attr.name] = expr ? evaluateStatic(expr, at.scope) : undefined;
      }
    } catch (error) {
      if (!(error instanceof NotStatic)) throw error;
      diagnostics.push(
        diagnosticAt(node, at.file, at.lineOffset, 'warning', 'MDX_EVAL_ERROR', `A prop of snippet \`<${node.name}>\` is computed by JavaScript and cannot be passed to a snippet; use a literal value.`),
      );
    }
  }
  return props;
}

function instantiate(
  usage: JsxNode,
  snippet: LoadedSnippet,
  at: ExpandScope,
  snippets: Map<string, LoadedSnippet | null>,
  diagnostics: Diagnostic<MdxCode>[],
  depth: number,
): RootContent[] {
  if (snippet.missing) return [...structuredClone(snippet.hast.children), ...((usage.children ?? []) as RootContent[])];
  const props = usageProps(usage, at, diagnostics);
  const scope: Scope = { ...snippet.esm.constants, ...namedImports(snippet, snippets), ...props, props };
  const clone = structuredClone(snippet.hast);
  const imported = new Set(snippet.esm.imports.map((b) => b.local));
  const isGlobal = at.isGlobal ?? ((name: string) => name in globalThis);
  const given = (name: string) => name in scope || name === 'children' || snippet.esm.declared.has(name) || imported.has(name) || isGlobal(name);
  const missing = new Set<string>();
  substitute(clone as Parent, scope, (usage.children ?? []) as RootContent[], (expr) => readsMissing(expr, given, missing));
  if (missing.size > 0) diagnostics.push(missingPropsDiagnostic(usage, at, snippet.file, [...missing]));
  const inner: ExpandScope = {
    file: snippet.file,
    lineOffset: 0,
    scope,
    components: snippet.components,
    isGlobal,
  };
  expandSnippets(clone, inner, snippets, diagnostics, depth + 1);
  const kids = clone.children.filter((c) => c.type !== 'mdxjsEsm');
  for (const kid of kids) {
    const withData = kid as { data?: Record<string, unknown> };
    withData.data = { ...(withData.data ?? {}), folioFile: snippet.file };
  }
  return kids;
}

/**
 * True when an expression of the snippet reads a name the snippet neither defines nor gets from
 * the usage (a prop the usage does not pass); the names are added to `missing`.
 */
function readsMissing(expr: Expression, given: (name: string) => boolean, missing: Set<string>): boolean {
  const absent = [...(freeNames(expr) ?? [])].filter((name) => !given(name));
  for (const name of absent) missing.add(name);
  return absent.length > 0;
}

/**
 * One warning per usage that leaves out props its snippet reads: each expression reading one
 * renders nothing (the platform publishes such a page; evaluated, the expression would fail).
 */
function missingPropsDiagnostic(usage: JsxNode, at: ExpandScope, snippetFile: string, names: string[]): Diagnostic<MdxCode> {
  const list = names.map((n) => `\`${n}\``).join(names.length === 2 ? ' and ' : ', ');
  const example = names.map((n) => `${n}="..."`).join(' ');
  return diagnosticAt(
    usage,
    at.file,
    at.lineOffset,
    'warning',
    'MDX_SNIPPET_PROP_MISSING',
    `\`<${usage.name}>\` does not pass ${list}, which ${snippetFile} reads, so what reads ${names.length === 1 ? 'it' : 'them'} renders nothing. Pass ${names.length === 1 ? 'it' : 'them'}: \`<${usage.name} ${example} />\`.`,
  );
}

/** Constants a snippet imports by name from other snippets. */
function namedImports(snippet: LoadedSnippet, snippets: Map<string, LoadedSnippet | null>): Scope {
  const out: Scope = {};
  for (const binding of snippet.esm.imports) {
    if (binding.imported === 'default') continue;
    const target = snippets.get(snippet.components.get(binding.local) ?? '');
    if (!target) continue;
    if (binding.imported === '*') out[binding.local] = target.esm.constants;
    else if (binding.imported in target.esm.constants) out[binding.local] = target.esm.constants[binding.imported];
  }
  return out;
}

/** Estree for a JSON-like value, or null when the value is not plain data. */
export function valueToEstree(value: unknown): Expression | null {
  if (value === undefined) return { type: 'Identifier', name: 'undefined' };
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return { type: 'Literal', value };
  if (typeof value === 'number') {
    return value < 0
      ? { type: 'UnaryExpression', operator: '-', prefix: true, argument: { type: 'Literal', value: -value } }
      : { type: 'Literal', value };
  }
  if (Array.isArray(value)) {
    const elements = value.map(valueToEstree);
    return elements.every((e) => e !== null) ? { type: 'ArrayExpression', elements: elements as Expression[] } : null;
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const properties = [];
    for (const [key, v] of Object.entries(value)) {
      const e = valueToEstree(v);
      if (!e) return null;
      properties.push({ type: 'Property' as const, key: { type: 'Literal' as const, value: key }, value: e, kind: 'init' as const, computed: false, method: false, shorthand: false });
    }
    return { type: 'ObjectExpression', properties };
  }
  return null;
}

/** An MDX attribute value expression holding `expression`. */
function attributeExpression(expression: Expression) {
  return {
    type: 'mdxJsxAttributeValueExpression' as const,
    value: '',
    data: { estree: { type: 'Program', sourceType: 'module', body: [{ type: 'ExpressionStatement', expression }] } as Program },
  };
}

/**
 * Evaluate a snippet's expressions against its props: values become text or literal
 * attributes, `{children}` becomes the usage's children. Expressions that need JavaScript stay.
 */
function substitute(parent: Parent, scope: Scope, children: RootContent[], unresolved: Unresolved): void {
  for (let i = 0; i < parent.children.length; i++) {
    const node = parent.children[i] as AnyNode;
    if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
      const replacement = substituteExpression(node.data?.estree as Program | undefined, scope, children, unresolved);
      if (replacement) {
        parent.children.splice(i, 1, ...replacement);
        i += replacement.length - 1;
      }
      continue;
    }
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      node.attributes = node.attributes.flatMap((attr) => substituteAttribute(attr, scope, unresolved));
    }
    if ('children' in node && node.children) substitute(node as Parent, scope, children, unresolved);
  }
}

/** True when an expression that does not evaluate statically reads a name nothing gives the snippet: it is then left out. */
type Unresolved = (expr: Expression) => boolean;

function substituteExpression(program: Program | undefined, scope: Scope, children: RootContent[], unresolved: Unresolved): RootContent[] | null {
  let expr: Expression | null;
  try {
    expr = expressionOf(program);
  } catch {
    // Not one static expression: left in place for the renderer, which evaluates it and reports a failure.
    return null;
  }
  if (!expr) return null;
  if (
    (expr.type === 'Identifier' && expr.name === 'children') ||
    (expr.type === 'MemberExpression' && expr.object.type === 'Identifier' && expr.object.name === 'props' && !expr.computed && expr.property.type === 'Identifier' && expr.property.name === 'children')
  ) {
    return structuredClone(children);
  }
  try {
    const value = evaluateStatic(expr, scope);
    if (value === null || value === undefined || typeof value === 'boolean') return [];
    if (typeof value === 'string' || typeof value === 'number') return [{ type: 'text', value: String(value) }];
  } catch (error) {
    if (!(error instanceof NotStatic)) throw error;
    if (unresolved(expr)) return [];
  }
  return null;
}

function substituteAttribute(attr: MdxJsxAttribute | MdxJsxExpressionAttribute, scope: Scope, unresolved: Unresolved): Array<MdxJsxAttribute | MdxJsxExpressionAttribute> {
  if (attr.type !== 'mdxJsxAttribute' || !attr.value || typeof attr.value === 'string') return [attr];
  let expr: Expression | null = null;
  try {
    expr = expressionOf(attr.value.data?.estree as Program | undefined);
    if (!expr) return [attr];
    const value = evaluateStatic(expr, scope);
    if (typeof value === 'string') return [{ ...attr, value }];
    if (value === true) return [{ ...attr, value: null }];
    if (value === false || value === undefined || value === null) return [];
    const estree = valueToEstree(value);
    return estree ? [{ ...attr, value: attributeExpression(estree) as never }] : [attr];
  } catch (error) {
    if (!(error instanceof NotStatic)) throw error;
    return expr && unresolved(expr) ? [] : [attr];
  }
}

