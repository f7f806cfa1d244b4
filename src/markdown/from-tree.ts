/**
 * The finalized tree of a page body (hast with MDX JSX nodes, as both HTML renderers see it) →
 * Markdown. Plain elements map to their Markdown syntax; components go through `components.ts`.
 */
import type { Root as HastRoot, RootContent } from 'hast';
import type { TreeValues } from '../mdx/index.js';
import { componentMarkdown } from './components.js';
import { userBlockMarker, userSpanMarker, userValueMarker } from './user-markdown.js';

export type Node = RootContent | HastRoot;

export interface Walk {
  values: TreeValues;
  /** Blocks of `nodes`, separated by blank lines. */
  blocks(nodes: readonly Node[]): string;
  /** Inline Markdown of `nodes` on one logical line. */
  inline(nodes: readonly Node[]): string;
  /** Props of a JSX element or attributes of an element, with static values. */
  props(node: Node): Record<string, unknown>;
}

const BLOCK_TAGS = new Set([
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'pre', 'table', 'hr', 'div', 'section',
  'details', 'summary', 'figure', 'figcaption', 'aside', 'article', 'header', 'footer', 'nav', 'main', 'dl', 'dt', 'dd', 'iframe', 'video',
]);

/** Markdown of a finalized page body tree. */
export function treeToMarkdown(tree: HastRoot, values: TreeValues): string {
  const walk: Walk = {
    values,
    blocks: (nodes) => blocks(nodes.filter(shown), walk),
    inline: (nodes) => nodes.filter(shown).map((n) => inline(n, walk)).join(''),
    props: (node) => propsOf(node, values),
  };
  return tidy(walk.blocks(tree.children));
}

/**
 * Not an element the page hides. A branch chosen per reader (`mdx/user-expressions.ts`; `hidden`
 * when a reader without data does not see it) stays, as a marker `user-markdown.ts` resolves per reader.
 */
const shown = (node: Node) => !(node.type === 'element' && node.properties?.hidden && node.properties[USER_IF] === undefined);

const USER_IF = 'data-folio-user-if';
const USER_VALUE = 'data-folio-user';

/** A branch chosen per reader: its `<id>.<condition>` and id; null for any other node. */
function userBranch(node: Node): { spec: string; id: string } | null {
  if (node.type !== 'element') return null;
  const spec = node.properties?.[USER_IF];
  return typeof spec === 'string' ? { spec, id: spec.slice(0, spec.indexOf('.')) } : null;
}

function nameOf(node: Node): string | null {
  if (node.type === 'element') return node.tagName;
  if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') return node.name ?? '';
  return null;
}

function childrenOf(node: Node): Node[] {
  return 'children' in node ? (node.children as Node[]) : [];
}

function isBlock(node: Node): boolean {
  if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxFlowExpression') return true;
  if (node.type === 'mdxJsxTextElement') return BLOCK_TAGS.has(node.name ?? '');
  return node.type === 'element' && BLOCK_TAGS.has(node.tagName);
}

function propsOf(node: Node, values: TreeValues): Record<string, unknown> {
  if (node.type === 'element') return { ...node.properties };
  if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return {};
  const out: Record<string, unknown> = {};
  for (const attr of node.attributes) {
    if (attr.type !== 'mdxJsxAttribute') continue;
    const value = values.valueOf(attr.value);
    if (value !== undefined) out[attr.name] = value;
  }
  return out;
}

function blocks(nodes: readonly Node[], walk: Walk): string {
  const out: string[] = [];
  let run: Node[] = [];
  const flush = () => {
    const text = walk.inline(run).trim();
    if (text) out.push(text);
    run = [];
  };
  for (const node of nodes) {
    if (node.type === 'mdxjsEsm' || node.type === 'comment' || node.type === 'doctype' || node.type === 'raw') continue;
    if (!isBlock(node)) {
      run.push(node);
      continue;
    }
    flush();
    const text = trimBlock(block(node, walk));
    if (text) out.push(text);
  }
  flush();
  return out.join('\n\n');
}

/**
 * Leading newlines and trailing white space off a block. Not `/^\n+|\s+$/`: `\s+$` is tried at every
 * run of white space and scans on to the end each time, quadratic in a long block (a 10 KB page
 * spent a tenth of its Markdown time there).
 */
function trimBlock(text: string): string {
  let start = 0;
  while (text.charCodeAt(start) === 10) start++;
  return (start ? text.slice(start) : text).trimEnd();
}

function block(node: Node, walk: Walk): string {
  const name = nameOf(node);
  const jsx = node.type === 'mdxFlowExpression' ? jsxOf(node, walk, true) : null;
  if (jsx) return walk.blocks(jsx);
  if (name === null) return walk.inline([node]);
  const branch = userBranch(node);
  if (branch) return userBlockMarker(branch.spec, trimBlock(walk.blocks(childrenOf(node))), branch.id);
  if (/^[A-Z]/.test(name)) return componentMarkdown(name, node, walk);
  const kids = childrenOf(node);
  const heading = /^h([1-6])$/.exec(name);
  if (heading) return `${'#'.repeat(Number(heading[1]))} ${walk.inline(kids).trim()}`;
  switch (name) {
    case 'p':
    case 'dt':
    case 'figcaption':
      return walk.inline(kids);
    case 'summary':
      return `**${walk.inline(kids).trim()}**`;
    case 'blockquote':
      return quote(walk.blocks(kids));
    case 'ul':
    case 'ol':
      return list(kids.filter((k) => nameOf(k) === 'li'), name === 'ol' ? Number(walk.props(node).start ?? 1) : null, walk);
    case 'li':
      return list([node], null, walk);
    case 'hr':
      return '---';
    case 'pre':
      return fence(textContent(node), '');
    case 'table':
      return table(node, walk);
    case 'iframe':
    case 'video': {
      const src = walk.props(node).src;
      return typeof src === 'string' ? `[${name === 'video' ? 'Video' : 'Embedded content'}](${src})` : '';
    }
    default:
      // An inline element written on its own line in MDX (`<img />` in a Frame) is a flow element: drawn as inline.
      return BLOCK_TAGS.has(name) ? walk.blocks(kids) : inlineElement(name, node, walk);
  }
}

function inline(node: Node, walk: Walk): string {
  if (node.type === 'text') return node.value.includes('\n') ? node.value.replace(/\s*\n\s*/g, ' ') : node.value;
  if (node.type === 'mdxTextExpression' || node.type === 'mdxFlowExpression') {
    const value = walk.values.valueOf(node);
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    const jsx = jsxOf(node, walk, false);
    return jsx ? walk.inline(jsx) : '';
  }
  const name = nameOf(node);
  if (name === null) return '';
  if (isBlock(node)) return ` ${block(node, walk).replace(/\s*\n\s*/g, ' ')} `;
  if (/^[A-Z]/.test(name)) return componentMarkdown(name, node, walk);
  return inlineElement(name, node, walk);
}

/** An HTML element in its inline Markdown form. */
function inlineElement(name: string, node: Node, walk: Walk): string {
  const kids = childrenOf(node);
  const props = walk.props(node);
  const text = () => walk.inline(kids);
  const branch = userBranch(node);
  if (branch) return userSpanMarker(branch.spec, text(), branch.id);
  if (name === 'span' && typeof props[USER_VALUE] === 'string') return userValueMarker(props[USER_VALUE], text());
  switch (name) {
    case 'a': {
      const className = props.className ?? props.class;
      if (Array.isArray(className) ? className.includes('folio-anchor') : className === 'folio-anchor') return '';
      return link(text(), props.href);
    }
    case 'strong':
    case 'b':
      return wrap('**', text());
    case 'em':
    case 'i':
      return wrap('_', text());
    case 'del':
    case 's':
      return wrap('~~', text());
    case 'code':
    case 'kbd':
      return codeSpan(textContent(node));
    case 'br':
      return '\n';
    case 'img':
      return typeof props.src === 'string' ? `![${String(props.alt ?? '')}](${props.src})` : '';
    case 'input':
      return props.type === 'checkbox' ? (props.checked ? '[x] ' : '[ ] ') : '';
    case 'svg':
    case 'style':
    case 'script':
      return '';
    default:
      return text();
  }
}

/** Text of a subtree as written (code, `pre`). */
export function textContent(node: Node): string {
  if (node.type === 'text') return node.value;
  return childrenOf(node).map(textContent).join('');
}

export function link(text: string, href: unknown): string {
  const label = text.trim();
  if (typeof href !== 'string' || !href) return label;
  return `[${label || href}](${href.includes(' ') ? `<${href}>` : href})`;
}

function wrap(mark: string, text: string): string {
  const inner = text.trim();
  if (!inner) return text;
  const lead = text.startsWith(' ') ? ' ' : '';
  const trail = text.endsWith(' ') ? ' ' : '';
  return `${lead}${mark}${inner}${mark}${trail}`;
}

export function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const ticks = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${text}${pad}${ticks}`;
}

/** A fenced code block whose fence is longer than any backtick run inside. */
export function fence(code: string, info: string): string {
  const longest = Math.max(2, ...(code.match(/`{3,}/g) ?? []).map((r) => r.length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${info}\n${code.replace(/\n$/, '')}\n${ticks}`;
}

export function quote(text: string): string {
  return text
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
}

/** Indent every line but the first by `width` spaces (list item continuation). */
export function indent(text: string, width: number): string {
  const pad = ' '.repeat(width);
  return text
    .split('\n')
    .map((line, i) => (i === 0 || !line ? line : pad + line))
    .join('\n');
}

function list(items: readonly Node[], start: number | null, walk: Walk): string {
  return items
    .map((item, i) => {
      const marker = start === null ? '- ' : `${start + i}. `;
      return marker + indent(walk.blocks(childrenOf(item)), marker.length);
    })
    .join('\n');
}

function table(node: Node, walk: Walk): string {
  const rows: string[][] = [];
  const collect = (n: Node) => {
    for (const child of childrenOf(n)) {
      const name = nameOf(child);
      if (name === 'tr') rows.push(childrenOf(child).filter((c) => nameOf(c) === 'td' || nameOf(c) === 'th').map((c) => walk.inline(childrenOf(c)).trim().replace(/\|/g, '\\|').replace(/\n/g, ' ')));
      else if (name === 'thead' || name === 'tbody' || name === 'tfoot') collect(child);
    }
  };
  collect(node);
  if (rows.length === 0) return '';
  const width = Math.max(...rows.map((r) => r.length));
  const line = (cells: string[]) => `| ${Array.from({ length: width }, (_, i) => cells[i] ?? '').join(' | ')} |`;
  return [line(rows[0]!), line(Array.from({ length: width }, () => '---')), ...rows.slice(1).map(line)].join('\n');
}

/** One final newline (code blocks keep their lines as written). */
function tidy(markdown: string): string {
  return markdown.trim() + '\n';
}

/**
 * An expression that is JSX and nothing else (`<>See pricing.</>`, `<Note>...</Note>`: a branch chosen
 * per reader, `mdx/user-expressions.ts`, which the HTML renderer draws from its expression) as nodes
 * this walk reads: elements with their literal attributes, text, literal children; null for any other
 * expression (or one whose value is known).
 */
function jsxOf(node: Node, walk: Walk, flow: boolean): Node[] | null {
  const data = (node as { data?: { estree?: { body?: { type: string; expression?: unknown }[] } } }).data;
  const statement = data?.estree?.body?.length === 1 ? data.estree.body[0] : undefined;
  const e = statement?.type === 'ExpressionStatement' ? (statement.expression as { type?: string } | undefined) : undefined;
  if (!e || (e.type !== 'JSXElement' && e.type !== 'JSXFragment')) return null;
  const value = walk.values.valueOf(node);
  if (typeof value === 'string' || typeof value === 'number') return null;
  return jsxNodes(e as Jsx, flow);
}

type Jsx = { type: string; [key: string]: unknown };

function jsxNodes(e: Jsx, flow: boolean): Node[] {
  const kids = () => ((e.children as Jsx[] | undefined) ?? []).flatMap((c) => jsxNodes(c, flow));
  switch (e.type) {
    case 'JSXFragment':
      return kids();
    case 'JSXText':
      return [{ type: 'text', value: String(e.value ?? '') }];
    case 'JSXExpressionContainer': {
      const inner = e.expression as Jsx;
      if (inner.type === 'Literal' && (typeof inner.value === 'string' || typeof inner.value === 'number')) return [{ type: 'text', value: String(inner.value) }];
      return inner.type === 'JSXElement' || inner.type === 'JSXFragment' ? jsxNodes(inner, flow) : [];
    }
    case 'JSXElement': {
      const opening = e.openingElement as { name: Jsx; attributes: Jsx[] };
      if (opening.name.type !== 'JSXIdentifier') return kids();
      const name = String(opening.name.name);
      const attributes = opening.attributes.flatMap((a) => {
        const attrName = (a.name as Jsx | undefined)?.type === 'JSXIdentifier' ? String((a.name as Jsx).name) : null;
        const value = a.value as Jsx | null | undefined;
        if (a.type !== 'JSXAttribute' || !attrName) return [];
        return [{ name: attrName, value: value === null || value === undefined ? null : value.type === 'Literal' ? String(value.value) : undefined }];
      });
      if (/^[a-z]/.test(name)) {
        const properties = Object.fromEntries(attributes.filter((a) => a.value !== undefined).map((a) => [a.name, a.value ?? true]));
        return [{ type: 'element', tagName: name, properties, children: kids() } as Node];
      }
      const jsxAttributes = attributes.filter((a) => a.value !== undefined).map((a) => ({ type: 'mdxJsxAttribute', name: a.name, value: a.value }));
      return [{ type: flow ? 'mdxJsxFlowElement' : 'mdxJsxTextElement', name, attributes: jsxAttributes, children: kids() } as unknown as Node];
    }
    default:
      return [];
  }
}
