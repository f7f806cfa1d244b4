import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { visit, SKIP } from 'unist-util-visit';
import type { Root, RootContent } from 'mdast';
import type { Diagnostic } from '../shared/diagnostics.js';
import { fastParseMarkdown } from './fast-markdown/blocks.js';

// One frozen parser for every page: building the micromark extensions costs more than parsing a page.
const parser = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkMath).freeze();

export type ParseResult = { ok: true; tree: Root } | { ok: false; diagnostic: Diagnostic };

/** Parse MDX source into mdast, or a `file:line:column` diagnostic quoting the offending line. */
export function parseMdx(source: string, file: string, lineOffset: number): ParseResult {
  // Plain-Markdown pages skip micromark (about 5 ms for 8 KB); the fast parser returns null
  // whenever the page uses anything it does not model, and tests pin it to micromark's output.
  const quick = fastParseMarkdown(source);
  if (quick) return { ok: true, tree: quick };
  try {
    const tree = parser.parse(source);
    unravelJsxParagraphs(tree);
    return { ok: true, tree };
  } catch (error) {
    return { ok: false, diagnostic: parseErrorToDiagnostic(error, source, file, lineOffset) };
  }
}

interface PlaceLike {
  line?: number;
  column?: number;
  start?: { line?: number; column?: number };
}

/** Turn a micromark/acorn error into a diagnostic whose message carries the source line and a caret. */
export function parseErrorToDiagnostic(error: unknown, source: string, file: string, lineOffset: number): Diagnostic {
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
