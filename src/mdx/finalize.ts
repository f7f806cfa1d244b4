import GithubSlugger from 'github-slugger';
import type { Element, Root as HastRoot, RootContent } from 'hast';
import type { Program } from 'estree';
import type { MdxJsxAttribute, MdxJsxFlowElementHast } from 'mdast-util-mdx-jsx';
import type { Diagnostic } from '../shared/index.js';
import { COMPONENT_ALIASES, isBuiltinComponent } from './components/index.js';
import { diagnosticAt } from './diagnostic-at.js';
import { valueToEstree } from './expand.js';
import { evaluateStatic, expressionOf, type Scope } from './static-eval.js';
import type { Heading } from './types.js';
import type { MdxCode } from './codes.js';

type Parent = { children: RootContent[] };
type Jsx = MdxJsxFlowElementHast & { data?: { folioFile?: string } };

const own = Object.prototype.hasOwnProperty;

export interface FinalizeContext {
  file: string;
  lineOffset: number;
  /** Component names the page defines or imports itself (ESM). */
  declared: ReadonlySet<string>;
  /** Names imported from JavaScript snippets, which cannot run: reported distinctly. */
  unsupported: ReadonlySet<string>;
  diagnostics: Diagnostic<MdxCode>[];
  /** Values of the page's static names, so `## Version {version}` gets its text (and slug) right. */
  scope?: Scope;
  /** True when a free name of a `{}` expression resolves (page ESM, imports, runtime globals). */
  isDefined?: (name: string) => boolean;
  /** Component name → text appended to its unknown-component error (e.g. ambiguous snippet candidates). */
  hints?: ReadonlyMap<string, string>;
}

/**
 * Last tree pass shared by both renderers: drop comment-only `{/* *\/}` expressions, turn
 * unknown components into a visible placeholder plus an error, give lowercase JSX
 * React's prop names, and give headings slug ids and anchor links. Returns the headings.
 */
export function finalizeTree(tree: HastRoot, ctx: FinalizeContext): Heading[] {
  const headings: Heading[] = [];
  const slugger = new GithubSlugger();
  const walk = (parent: Parent, file: string) => {
    for (let i = 0; i < parent.children.length; i++) {
      const node = parent.children[i]!;
      const nodeFile = (node as { data?: { folioFile?: string } }).data?.folioFile ?? file;
      if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
        const program = node.data?.estree as Program | undefined;
        if (isEmptyExpression(program)) {
          parent.children.splice(i, 1);
          i--;
          continue;
        }
        const placeholder = placeholderName(program);
        if (placeholder) {
          ctx.diagnostics.push(
            diagnosticAt(node, nodeFile, nodeFile === ctx.file ? ctx.lineOffset : 0, 'warning', 'MDX_UNKNOWN_VARIABLE', `\`{{${placeholder}}}\` names no entry of docs.json \`variables\`; it is shown as written. Add the variable or fix the name.`),
          );
          parent.children[i] = { type: 'text', value: `{{${placeholder}}}` };
          continue;
        }
        const literal = nodeFile === ctx.file ? undefinedPath(program, ctx) : null;
        if (literal) {
          // Docstrings turned into MDX (`projects/{project}/jobs`) mean the braces as text.
          const text = `{${(node as { value?: string }).value ?? literal}}`;
          const name = literal.split('.')[0];
          ctx.diagnostics.push(
            diagnosticAt(node, nodeFile, ctx.lineOffset, 'warning', 'MDX_UNDEFINED_EXPRESSION', `\`${text}\` is shown as written because this page defines no \`${name}\`. Escape the braces as \`\\${text.slice(0, -1)}\\}\` if they are text, or define it with \`export const ${name} = ...\`.`),
          );
          parent.children[i] = { type: 'text', value: text };
          continue;
        }
      }
      if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
        handleJsx(node as Jsx, nodeFile, ctx, slugger, headings);
      }
      if ('children' in node && node.children) walk(node as Parent, nodeFile);
      if (node.type === 'element' && /^h[1-6]$/.test(node.tagName)) addHeading(node, slugger, headings, ctx.scope ?? {});
    }
  };
  walk(tree as Parent, ctx.file);
  return headings;
}

/** `{{name}}` left after variable substitution parses as the object `{ name }`: return `name`. */
function placeholderName(program: Program | undefined): string | null {
  const statement = program?.body[0];
  if (program?.body.length !== 1 || statement?.type !== 'ExpressionStatement') return null;
  const e = statement.expression;
  if (e.type !== 'ObjectExpression' || e.properties.length !== 1) return null;
  const p = e.properties[0]!;
  return p.type === 'Property' && p.shorthand && p.key.type === 'Identifier' ? p.key.name : null;
}

/** `{name}` or `{a.b.c}` whose first name is not defined: the path as written, else null. */
function undefinedPath(program: Program | undefined, ctx: FinalizeContext): string | null {
  const statement = program?.body[0];
  if (program?.body.length !== 1 || statement?.type !== 'ExpressionStatement') return null;
  const parts: string[] = [];
  let e = statement.expression;
  while (e.type === 'MemberExpression' && !e.computed && !e.optional && e.property.type === 'Identifier') {
    parts.unshift(e.property.name);
    e = e.object as typeof e;
  }
  if (e.type !== 'Identifier') return null;
  const defined = ctx.isDefined ?? ((name: string) => ctx.declared.has(name) || name in (ctx.scope ?? {}) || name in globalThis);
  if (e.name === 'props' || e.name === 'undefined' || defined(e.name)) return null;
  return [e.name, ...parts].join('.');
}

function isEmptyExpression(program: Program | undefined): boolean {
  return Boolean(program && program.body.length === 0);
}

function handleJsx(node: Jsx, file: string, ctx: FinalizeContext, slugger: GithubSlugger, headings: Heading[]): void {
  const name = node.name;
  if (!name) return;
  if (/^[a-z]/.test(name) && !name.includes('.')) {
    node.attributes = node.attributes.map(reactAttribute);
    return;
  }
  const head = name.split('.')[0]!;
  if (isBuiltinComponent(name) || (ctx.declared.has(head) && !ctx.unsupported.has(head))) {
    if (name === 'Update') labelUpdate(node, slugger, headings);
    return;
  }
  // Repository definitions come first: several candidates keep the error that lists them.
  const alias = own.call(COMPONENT_ALIASES, name) && !ctx.hints?.has(head) ? COMPONENT_ALIASES[name] : undefined;
  if (alias) {
    ctx.diagnostics.push(
      diagnosticAt(node, file, file === ctx.file ? ctx.lineOffset : 0, 'warning', 'MDX_COMPONENT_ALIAS', `\`<${name}>\` is not a component name; it is rendered as \`<${alias}>\` for compatibility. Rename it to \`<${alias}>\` (opening and closing tag).`),
    );
    node.name = alias;
    return;
  }
  const unsupported = ctx.unsupported.has(head);
  ctx.diagnostics.push(
    diagnosticAt(
      node,
      file,
      file === ctx.file ? ctx.lineOffset : 0,
      'error',
      unsupported ? 'MDX_UNSUPPORTED_IMPORT' : 'MDX_UNKNOWN_COMPONENT',
      unsupported
        ? `Component \`<${name}>\` comes from a JavaScript snippet, which Folio does not run. Rewrite it as an MDX snippet or use built-in components.`
        : `Unknown component \`<${name}>\`. Use a built-in component (Note, Card, Tabs, ...), import it from an MDX snippet under /snippets/, or escape the \`<\` as \`\\<\` if it is text.${ctx.hints?.get(head) ?? ''}`,
    ),
  );
  node.name = 'FolioUnknown';
  node.attributes = [{ type: 'mdxJsxAttribute', name: 'data-component', value: name }];
}

/** `<Update label="v1.2">` gets a slug id and a TOC entry, as changelog readers expect. */
function labelUpdate(node: Jsx, slugger: GithubSlugger, headings: Heading[]): void {
  const label = node.attributes.find((a): a is MdxJsxAttribute => a.type === 'mdxJsxAttribute' && a.name === 'label');
  if (!label || typeof label.value !== 'string') return;
  const existing = node.attributes.find((a): a is MdxJsxAttribute => a.type === 'mdxJsxAttribute' && a.name === 'id');
  const id = typeof existing?.value === 'string' ? existing.value : slugger.slug(label.value);
  if (!existing) node.attributes.push({ type: 'mdxJsxAttribute', name: 'id', value: id });
  headings.push({ depth: 2, id, text: label.value });
}

function addHeading(node: Element, slugger: GithubSlugger, headings: Heading[], scope: Scope): void {
  const text = textOfHast(node, scope).trim();
  const given = node.properties.id;
  const id = typeof given === 'string' && given ? given : slugger.slug(text);
  node.properties.id = id;
  headings.push({ depth: Number(node.tagName[1]), id, text });
  node.children.unshift({
    type: 'element',
    tagName: 'a',
    properties: { className: ['folio-anchor'], href: `#${id}`, ariaHidden: 'true', tabIndex: -1, dataPagefindIgnore: '' },
    children: [{ type: 'text', value: '#' }],
  });
}

/** Visible text of a hast subtree, including text inside JSX elements and static `{}` values. */
export function textOfHast(node: RootContent | HastRoot, scope: Scope = {}): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'mdxTextExpression' || node.type === 'mdxFlowExpression') {
    try {
      const expression = expressionOf(node.data?.estree as Program | undefined);
      const value = expression ? evaluateStatic(expression, scope) : undefined;
      return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
    } catch {
      // Only the heading's plain text (table of contents, anchor) loses it; rendering the page reports the failure.
      return '';
    }
  }
  if ('children' in node && node.children) return (node.children as RootContent[]).map((c) => textOfHast(c, scope)).join('');
  return '';
}

const REACT_NAMES: Record<string, string> = {
  class: 'className',
  for: 'htmlFor',
  tabindex: 'tabIndex',
  colspan: 'colSpan',
  rowspan: 'rowSpan',
  readonly: 'readOnly',
  maxlength: 'maxLength',
  srcset: 'srcSet',
  crossorigin: 'crossOrigin',
  frameborder: 'frameBorder',
  allowfullscreen: 'allowFullScreen',
  autoplay: 'autoPlay',
  playsinline: 'playsInline',
  referrerpolicy: 'referrerPolicy',
  'xlink:href': 'xlinkHref',
  'xml:space': 'xmlSpace',
};

/** HTML attribute names and string styles as written in MDX → the props React expects. */
function reactAttribute<T extends MdxJsxFlowElementHast['attributes'][number]>(attr: T): T {
  if (attr.type !== 'mdxJsxAttribute') return attr;
  let name = REACT_NAMES[attr.name] ?? attr.name;
  if (/^(?!data-|aria-)[a-z]+(-[a-z]+)+$/.test(name)) name = name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  if (name === 'style' && typeof attr.value === 'string') {
    const estree = valueToEstree(styleToObject(attr.value));
    return {
      ...attr,
      name,
      value: { type: 'mdxJsxAttributeValueExpression', value: '', data: { estree: { type: 'Program', sourceType: 'module', body: [{ type: 'ExpressionStatement', expression: estree! }] } } },
    } as T;
  }
  return name === attr.name ? attr : { ...attr, name };
}

/** `color: red; font-size: 2px` → `{ color: 'red', fontSize: '2px' }` (custom properties keep their name). */
export function styleToObject(css: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const decl of css.split(';')) {
    const at = decl.indexOf(':');
    if (at < 0) continue;
    const prop = decl.slice(0, at).trim();
    const value = decl.slice(at + 1).trim();
    if (!prop) continue;
    const key = prop.startsWith('--') ? prop : prop.toLowerCase().replace(/^-ms-/, 'ms-').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    out[key] = value;
  }
  return out;
}
