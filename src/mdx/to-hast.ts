import katex from 'katex';
import type { Root as HastRoot, ElementContent } from 'hast';
import type { Code, InlineCode, Root as MdastRoot, Nodes as MdastNodes } from 'mdast';
import type { InlineMath, Math as MathNode } from 'mdast-util-math';
import type {} from 'mdast-util-mdx';
import type { MdxJsxAttribute, MdxJsxFlowElementHast } from 'mdast-util-mdx-jsx';
import { defaultHandlers, toHast, type Handler, type State } from 'mdast-util-to-hast';
import type { Diagnostic } from '../shared/index.js';
import { parseCodeMeta } from './code-meta.js';
import { diagnosticAt } from './diagnostic-at.js';
import { highlightToHtml, type CodeThemes } from './highlight.js';
import type { MdxCode } from './codes.js';

/** Node types of MDX that pass through mdast → hast unchanged (children converted). */
export const MDX_NODE_TYPES: Array<MdastNodes['type']> = ['mdxFlowExpression', 'mdxJsxFlowElement', 'mdxJsxTextElement', 'mdxTextExpression', 'mdxjsEsm'];

/** Context the handlers report into. */
export interface HastContext {
  file: string;
  lineOffset: number;
  diagnostics: Diagnostic<MdxCode>[];
  /** Shiki themes of code blocks (default github-light / github-dark). */
  codeThemes?: CodeThemes;
  /** Adds the time spent highlighting code blocks here (`MdxTimings.highlightMs`). */
  timings?: { highlightMs: number };
}

/** A JSX attribute with a literal value (`null` means a bare boolean attribute). */
export function jsxAttr(name: string, value: string | null): MdxJsxAttribute {
  return { type: 'mdxJsxAttribute', name, value };
}

/** A JSX element node in hast, as MDX itself would produce it. */
export function jsxElement(name: string, attributes: MdxJsxAttribute[], children: ElementContent[] = [], text = false) {
  return { type: text ? 'mdxJsxTextElement' : 'mdxJsxFlowElement', name, attributes, children } as unknown as MdxJsxFlowElementHast;
}

function codeHandler(state: State, node: Code, themes?: CodeThemes, timings?: { highlightMs: number }) {
  const meta = parseCodeMeta(node.lang, node.meta);
  if (meta.lang?.toLowerCase() === 'mermaid') {
    const mermaid = jsxElement('Mermaid', [jsxAttr('chart', node.value)]);
    state.patch(node, mermaid as never);
    return mermaid as never;
  }
  const started = timings ? performance.now() : 0;
  const html = highlightToHtml(node.value, meta.lang, meta.highlight, themes);
  if (timings) timings.highlightMs += performance.now() - started;
  const attributes = [jsxAttr('html', html)];
  if (meta.lang) attributes.push(jsxAttr('lang', meta.lang));
  if (meta.title) attributes.push(jsxAttr('title', meta.title));
  if (meta.icon) attributes.push(jsxAttr('icon', meta.icon));
  if (meta.wrap) attributes.push(jsxAttr('wrap', null));
  if (meta.lines) attributes.push(jsxAttr('lines', null));
  const element = jsxElement('FolioCode', attributes);
  // The source as written, for readers of the tree other than the HTML renderer (Markdown export).
  (element as { data?: object }).data = { folioSource: node.value };
  state.patch(node, element as never);
  return element as never;
}

function mathHandlers(ctx: HastContext): { math: Handler; inlineMath: Handler } {
  const render = (state: State, node: MathNode | InlineMath, display: boolean) => {
    let html: string;
    try {
      html = katex.renderToString(node.value, { displayMode: display, throwOnError: true, output: 'html' });
    } catch (error) {
      ctx.diagnostics.push(
        diagnosticAt(node, ctx.file, ctx.lineOffset, 'warning', 'MDX_MATH_ERROR', `KaTeX could not typeset this formula: ${(error as Error).message}. ${display ? 'Fix the LaTeX' : `Fix the LaTeX, or, if these \`$\` are not math (a price such as $5, a \`$ref\`), escape each as \`\\$\``} (a single \`$\` opens inline math, as the platform documents); it is shown in red meanwhile.`),
      );
      html = katex.renderToString(node.value, { displayMode: display, throwOnError: false, output: 'html' });
    }
    const attributes = [jsxAttr('html', html)];
    if (display) attributes.push(jsxAttr('display', null));
    const element = jsxElement('FolioMath', attributes, [], !display);
    (element as { data?: object }).data = { folioSource: node.value };
    state.patch(node, element as never);
    return element as never;
  };
  return {
    math: (state, node) => render(state, node as MathNode, true),
    inlineMath: (state, node) => render(state, node as InlineMath, false),
  };
}

/**
 * mdast-util-to-hast's text handler, without its line trimming when the text has no line break
 * (where trimming changes nothing): it scanned and copied every text node, ~0.1 ms a page of prose.
 */
const textHandler: Handler = (state, node) => {
  const value = String((node as { value: string }).value);
  if (value.includes('\n') || value.includes('\r')) return defaultHandlers.text(state, node as never);
  const result = { type: 'text' as const, value };
  state.patch(node, result);
  return state.applyData(node, result);
};

/**
 * Inline code with a break opportunity (`<wbr>`) after each `.`, `/`, `_` and `::` between word
 * characters: a long name (`markdown.schema.enabled`) in a narrow table cell or on a phone wraps
 * between its parts, never inside one. Copying and search read the same text.
 */
function inlineCodeHandler(state: State, node: InlineCode) {
  const children: ElementContent[] = [];
  for (const part of node.value.replace(/\n/g, ' ').split(/(?<=\w(?:[./_]|::))(?=\w)/)) {
    if (children.length) children.push({ type: 'element', tagName: 'wbr', properties: {}, children: [] });
    children.push({ type: 'text', value: part });
  }
  const result = { type: 'element' as const, tagName: 'code', properties: {}, children };
  state.patch(node, result);
  return state.applyData(node, result);
}

/** Handlers shared by the fast path and the MDX fallback, so both make the same hast. */
export function folioHandlers(ctx: HastContext): Record<string, Handler> {
  return { text: textHandler, inlineCode: inlineCodeHandler as Handler, code: ((state: State, node: Code) => codeHandler(state, node, ctx.codeThemes, ctx.timings)) as Handler, ...mathHandlers(ctx) };
}

/** HTML elements whose content is phrasing: a paragraph inside one is not valid HTML. */
const PHRASING_HOLDERS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'span', 'a', 'strong', 'em', 'b', 'i', 'small', 'label', 'button', 'summary', 'dt', 'figcaption']);

/**
 * `<h3 className="...">` with its text on lines of its own: MDX reads the text as a paragraph, and
 * `<h3><p>Title</p></h3>` (or `<p><p>`, which the HTML parser splits in two) loses the element's
 * classes to the paragraph's typography, a card's title and text far apart. The lone paragraph of
 * an HTML element that holds phrasing content is unwrapped, as written on one line.
 */
function unwrapLoneParagraphs(node: { type: string; name?: string | null; children?: unknown[] }): void {
  if (!node.children) return;
  const kids = node.children as { type: string; name?: string | null; children?: unknown[] }[];
  if (node.type === 'mdxJsxFlowElement' && node.name && PHRASING_HOLDERS.has(node.name) && kids.length === 1 && kids[0]!.type === 'paragraph') {
    node.children = kids[0]!.children ?? [];
  }
  for (const child of node.children as { type: string; children?: unknown[] }[]) unwrapLoneParagraphs(child);
}

/** Convert a page's mdast into hast, keeping MDX nodes for the component stage. */
export function mdastToHast(tree: MdastRoot, ctx: HastContext): HastRoot {
  unwrapLoneParagraphs(tree);
  return toHast(tree as MdastNodes, { handlers: folioHandlers(ctx), passThrough: MDX_NODE_TYPES }) as HastRoot;
}
