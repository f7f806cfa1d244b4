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
import { applyHeadingIds, extractHeadingIds } from './heading-ids.js';

// One frozen parser for every page: building the micromark extensions costs more than parsing a page.
const parser = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkMath).freeze();

// `.md` pages that are not valid MDX fall back to this: CommonMark + GFM + math, no JSX or `{}`.
const markdownParser = unified().use(remarkParse).use(remarkGfm).use(remarkMath).freeze();

/**
 * Parse as plain Markdown (for a file that is not valid MDX). Raw HTML becomes text shown as
 * written: the MDX pipeline has no raw-HTML stage, and dropping it would lose content silently.
 * `<br>` alone is read as the line break it means (the usual reason a table is not valid MDX).
 */
export function parsePlainMarkdown(source: string): Root {
  const tree = markdownParser.parse(source);
  visit(tree, 'html', (node, index, parent) => {
    if (!parent || index === undefined) return;
    const lineBreak = /^<br\s*\/?>$/i.test(node.value.trim());
    parent.children[index] = (lineBreak ? { type: 'break', position: node.position } : { type: 'text', value: node.value, position: node.position }) as never;
  });
  return tree;
}

export type ParseResult = { ok: true; tree: Root } | { ok: false; diagnostic: Diagnostic<MdxCode>; problem: ParseProblem };

/** Parse MDX source into mdast, or a `file:line:column` diagnostic quoting the offending line. */
export function parseMdx(source: string, file: string, lineOffset: number): ParseResult {
  const custom = extractHeadingIds(source);
  const text = custom?.text ?? source;
  const result = parseMdxText(text, file, lineOffset);
  if (result.ok && custom) applyHeadingIds(result.tree, custom.ids);
  return result;
}

function parseMdxText(source: string, file: string, lineOffset: number): ParseResult {
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
    const problem = parseProblemOf(error, lineOffset);
    return { ok: false, problem, diagnostic: parseErrorToDiagnostic(problem, source, file, lineOffset) };
  }
}

/**
 * Parse a page or snippet, falling back to plain Markdown when it is not valid MDX: the platform
 * still publishes such pages, so the site builds and an MDX_MARKDOWN_FALLBACK warning says where
 * MDX failed. Components, `{}` and imports of that file then show as written text.
 */
export function parseOrFallback(source: string, file: string, lineOffset: number, diagnostics: Diagnostic<MdxCode>[]): Root {
  const parsed = parseMdx(source, file, lineOffset);
  if (parsed.ok) return parsed.tree;
  diagnostics.push(markdownFallbackDiagnostic(parsed.problem, source, file, lineOffset));
  const custom = extractHeadingIds(source);
  const tree = parsePlainMarkdown(custom?.text ?? source);
  if (custom) applyHeadingIds(tree, custom.ids);
  return tree;
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

/** Where and why micromark or acorn rejected a page, in file lines, without internal positions. */
export interface ParseProblem {
  line: number;
  column: number;
  reason: string;
}

interface PlaceLike {
  line?: number;
  column?: number;
  start?: { line?: number; column?: number };
}

const BLOCK_NAMES: Record<string, string> = { tableData: 'table cell', tableCell: 'table cell', listItem: 'list item', mdxJsxFlowElement: 'enclosing component', mdxJsxTextElement: 'enclosing component' };

/**
 * Read a parser error. An unclosed tag is reported where it opens (the parser notices only at the
 * end of the enclosing block, which can be far below); positions inside the message are dropped.
 */
export function parseProblemOf(error: unknown, lineOffset: number): ParseProblem {
  const err = error as { reason?: string; message?: string; place?: PlaceLike; line?: number; column?: number };
  const place = err.place;
  const line = (place?.start?.line ?? place?.line ?? err.line ?? 1) + lineOffset;
  const column = place?.start?.column ?? place?.column ?? err.column ?? 1;
  const raw = (err.reason ?? err.message ?? String(error)).replace(/\s+/g, ' ').trim();
  const unclosed = /^Expected a closing tag for `<([^`]*)>` \((\d+):(\d+)-\d+:\d+\)(?: before the end of `(\w+)`)?/.exec(raw);
  if (unclosed) {
    const block = unclosed[4] ? BLOCK_NAMES[unclosed[4]] ?? unclosed[4] : undefined;
    return {
      line: Number(unclosed[2]) + lineOffset,
      column: Number(unclosed[3]),
      reason: `\`<${unclosed[1]}>\` is never closed${block ? ` (it must close before the end of its ${block})` : ''}; add \`</${unclosed[1]!.split(/\s/)[0]}>\` or write it self-closing (\`<${unclosed[1]} />\`).`,
    };
  }
  const mismatched = /^Unexpected closing tag `<\/([^`]*)>`, expected corresponding closing tag for `<([^`]*)>` \((\d+):(\d+)-\d+:\d+\)/.exec(raw);
  if (mismatched) {
    return {
      line: Number(mismatched[3]) + lineOffset,
      column: Number(mismatched[4]),
      reason: `\`<${mismatched[2]}>\` is never closed: \`</${mismatched[1]}>\` on line ${line} comes first; add \`</${mismatched[2]}>\` before it or write it self-closing (\`<${mismatched[2]} />\`).`,
    };
  }
  const reason = raw.replace(/\s*\(\d+:\d+(?:-\d+:\d+)?\)/g, '');
  return { line, column, reason: /[.!?]$/.test(reason) ? reason : `${reason}.` };
}

/** The source line of a problem with a caret under its column. */
function excerpt(problem: ParseProblem, source: string, lineOffset: number): string {
  const text = source.split(/\r?\n/)[problem.line - lineOffset - 1] ?? '';
  const caret = ' '.repeat(String(problem.line).length + 3 + Math.max(0, problem.column - 1)) + '^';
  return `${problem.line} | ${text}\n${caret}`;
}

/** An MDX_PARSE_ERROR diagnostic whose message carries the source line and a caret. */
export function parseErrorToDiagnostic(problem: ParseProblem, source: string, file: string, lineOffset: number): Diagnostic<MdxCode> {
  return {
    file,
    line: problem.line,
    column: problem.column,
    severity: 'error',
    code: 'MDX_PARSE_ERROR',
    path: '',
    message: `Could not parse MDX: ${problem.reason} Fix the syntax here (escape a literal \`<\` or \`{\` as \`\\<\` / \`\\{\`, close every tag):\n${excerpt(problem, source, lineOffset)}`,
  };
}

/** The warning for a file rendered as plain Markdown because MDX rejected it. */
function markdownFallbackDiagnostic(problem: ParseProblem, source: string, file: string, lineOffset: number): Diagnostic<MdxCode> {
  return {
    file,
    line: problem.line,
    column: problem.column,
    severity: 'warning',
    code: 'MDX_MARKDOWN_FALLBACK',
    path: '',
    message:
      `This file is not valid MDX (${problem.reason.replace(/\.$/, '')}), so it is rendered as plain Markdown: its components, \`{}\` expressions and imports are shown as text. ` +
      `Fix the MDX here (escape a literal \`<\` or \`{\` as \`\\<\` / \`\\{\`, close every tag), or ignore this if the file is meant as plain Markdown:\n${excerpt(problem, source, lineOffset)}`,
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
