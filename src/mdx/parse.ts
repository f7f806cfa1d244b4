import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { visit, SKIP } from 'unist-util-visit';
import type { Root, RootContent } from 'mdast';
import type { Diagnostic } from '../shared/index.js';
import { fastParseMarkdown } from './fast-markdown/blocks.js';
import { splitTopLevel } from './fast-markdown/chunks.js';
import type { MdxCode } from './codes.js';

// One frozen parser for every page: building the micromark extensions costs more than parsing a page.
const parser = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkMath).freeze();

// `.md` pages that are not valid MDX fall back to this: CommonMark + GFM + math, no JSX or `{}`.
const markdownParser = unified().use(remarkParse).use(remarkGfm).use(remarkMath).freeze();

/**
 * Parse as plain Markdown (for a `.md` page that is not valid MDX). Raw HTML becomes text shown as
 * written: the MDX pipeline has no raw-HTML stage, and dropping it would lose content silently.
 */
export function parsePlainMarkdown(source: string): Root {
  const tree = markdownParser.parse(source);
  visit(tree, 'html', (node, index, parent) => {
    if (!parent || index === undefined) return;
    parent.children[index] = { type: 'text', value: node.value, position: node.position } as never;
  });
  return tree;
}

export type ParseResult = { ok: true; tree: Root } | { ok: false; diagnostic: Diagnostic<MdxCode> };

/** Parse MDX source into mdast, or a `file:line:column` diagnostic quoting the offending line. */
export function parseMdx(source: string, file: string, lineOffset: number): ParseResult {
  // Plain-Markdown pages skip micromark (about 5 ms for 8 KB); the fast parser returns null
  // whenever the page uses anything it does not model, and tests pin it to micromark's output.
  const quick = fastParseMarkdown(source);
  if (quick) return { ok: true, tree: quick };
  const chunked = parseInChunks(source);
  if (chunked) return { ok: true, tree: chunked };
  try {
    const tree = parser.parse(source);
    unravelJsxParagraphs(tree);
    return { ok: true, tree };
  } catch (error) {
    return { ok: false, diagnostic: parseErrorToDiagnostic(error, source, file, lineOffset) };
  }
}

/**
 * Pages with components: parse the plain-Markdown stretches with the fast parser and only the
 * rest with micromark (positions shifted back into the page). Null when the page cannot be split
 * safely or a stretch fails to parse, so the whole page is parsed again for an exact error.
 */
function parseInChunks(source: string): Root | null {
  const chunks = splitTopLevel(source);
  if (!chunks || chunks.length < 2) return null;
  const children: RootContent[] = [];
  for (const chunk of chunks) {
    const fast = fastParseMarkdown(chunk.text);
    if (fast) {
      children.push(...fast.children);
      continue;
    }
    let tree: Root;
    try {
      tree = parser.parse(chunk.text);
    } catch {
      // Reported by the whole-page parse that follows a null, with the exact position.
      return null;
    }
    if (chunk.line > 0) shiftPositions(tree, chunk.line, chunk.offset);
    children.push(...tree.children);
  }
  const root: Root = { type: 'root', children };
  unravelJsxParagraphs(root);
  return root;
}

type Positioned = { line: number; column: number; offset?: number };

/** Move mdast positions and the estree locations of MDX nodes down by `lines` / `offset`. */
function shiftPositions(tree: Root, lines: number, offset: number): void {
  const shift = (p: Positioned | undefined) => {
    if (!p) return;
    p.line += lines;
    if (p.offset !== undefined) p.offset += offset;
  };
  const shiftEstree = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const n of node) shiftEstree(n);
      return;
    }
    const n = node as { loc?: { start: Positioned; end: Positioned }; start?: number; end?: number; range?: [number, number] } & Record<string, unknown>;
    if (n.loc) {
      n.loc.start.line += lines;
      n.loc.end.line += lines;
    }
    if (typeof n.start === 'number') n.start += offset;
    if (typeof n.end === 'number') n.end += offset;
    if (n.range) n.range = [n.range[0] + offset, n.range[1] + offset];
    for (const key of Object.keys(n)) if (key !== 'loc' && key !== 'range') shiftEstree(n[key]);
  };
  visit(tree, (node) => {
    shift(node.position?.start);
    shift(node.position?.end);
    const data = node.data as { estree?: unknown } | undefined;
    if (data?.estree) shiftEstree(data.estree);
    if ('attributes' in node) {
      for (const attr of node.attributes as Array<{ position?: { start: Positioned; end: Positioned }; value?: unknown; data?: { estree?: unknown } }>) {
        shift(attr.position?.start);
        shift(attr.position?.end);
        if (attr.data?.estree) shiftEstree(attr.data.estree);
        const value = attr.value as { data?: { estree?: unknown } } | null | undefined;
        if (value && typeof value === 'object' && value.data?.estree) shiftEstree(value.data.estree);
      }
    }
  });
}

interface PlaceLike {
  line?: number;
  column?: number;
  start?: { line?: number; column?: number };
}

/** Turn a micromark/acorn error into a diagnostic whose message carries the source line and a caret. */
export function parseErrorToDiagnostic(error: unknown, source: string, file: string, lineOffset: number): Diagnostic<MdxCode> {
  const err = error as { reason?: string; message?: string; place?: PlaceLike; line?: number; column?: number };
  const place = err.place;
  const line = place?.start?.line ?? place?.line ?? err.line ?? 1;
  const column = place?.start?.column ?? place?.column ?? err.column ?? 1;
  const reason = (err.reason ?? err.message ?? String(error)).replace(/\s+/g, ' ').trim();
  const text = source.split(/\r?\n/)[line - 1] ?? '';
  const realLine = line + lineOffset;
  const caret = ' '.repeat(String(realLine).length + 3 + Math.max(0, column - 1)) + '^';
  return {
    file,
    line: realLine,
    column,
    severity: 'error',
    code: 'MDX_PARSE_ERROR',
    path: '',
    message:
      `Could not parse MDX: ${reason} Fix the syntax here (escape a literal \`<\` or \`{\` as \`\\<\` / \`\\{\`, close every tag):\n` +
      `${realLine} | ${text}\n${caret}`,
  };
}

/**
 * A paragraph holding only JSX and `{}` (e.g. `<Icon icon="x" />` on its own line) becomes those
 * elements at block level, exactly as @mdx-js/mdx does, so both renderers agree.
 */
export function unravelJsxParagraphs(tree: Root): void {
  visit(tree, 'paragraph', (node, index, parent) => {
    if (!parent || index === undefined) return;
    let some = false;
    for (const child of node.children) {
      if (child.type === 'mdxJsxTextElement' || child.type === 'mdxTextExpression') some = true;
      else if (!(child.type === 'text' && /^\s*$/.test(child.value))) return;
    }
    if (!some) return;
    const lifted: RootContent[] = [];
    for (const child of node.children) {
      if (child.type === 'text') continue;
      (child as { type: string }).type = child.type === 'mdxJsxTextElement' ? 'mdxJsxFlowElement' : 'mdxFlowExpression';
      lifted.push(child as RootContent);
    }
    parent.children.splice(index, 1, ...(lifted as never[]));
    return [SKIP, index];
  });
}
