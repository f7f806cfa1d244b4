/**
 * The visual mode's rich text: a block body as a ProseMirror document and back, byte for byte. A
 * body is shown as rich text only when parsing it and serializing the result gives exactly its
 * bytes (`richBodyOf`); anything the parser or serializer does not keep (inline JSX, `{...}`,
 * HTML, images, tables, unusual spacing) leaves the block as plain text. Only an edited block is
 * serialized again (`bodyFromRich`), into the same frame (indentation, blank lines around it).
 */
import type { Node as PMNode } from 'prosemirror-model';
import { parseRich, richSchema, serializeEdited, serializeRich } from './rich-markdown.js';

export { escapeText, parseRich, richSchema, sameMeaning, serializeEdited, serializeRich } from './rich-markdown.js';

// ------------------------------------------------------------------ a block's body

/** `flow`: paragraphs, lists, quotes (a paragraph block, a callout's content); `line`: one line of inline text (a heading's). */
export type RichContext = 'flow' | 'line';

/** A block body that reads back byte for byte, with how to put an edited document back into the same frame. */
export interface RichBody {
  context: RichContext;
  /** Blank lines before the content and after it (a callout body's last end of line). */
  leading: string;
  trailing: string;
  /** Indentation of every content line (a callout's content is often indented), and what its blank lines hold. */
  indent: string;
  blankLine: string;
  hardBreak: string;
  /** The content: for `line`, a document of one heading. */
  doc: PMNode;
}

function indentOf(lines: string[]): string | null {
  let indent: string | null = null;
  for (const line of lines) {
    if (line.trim() === '') continue;
    const own = /^[ \t]*/.exec(line)![0];
    if (indent === null) indent = own;
    else {
      let k = 0;
      while (k < indent.length && k < own.length && indent[k] === own[k]) k++;
      indent = indent.slice(0, k);
    }
  }
  return indent;
}

/** The frame and document of a block body when it qualifies for rich editing (parse and serialize give its bytes back), else null. */
export function richBodyOf(body: string, context: RichContext): RichBody | null {
  const frame = /^((?:[ \t]*\n)*)([\s\S]*?)(\s*)$/.exec(body);
  if (!frame) return null;
  const [, leading = '', core = '', trailing = ''] = frame;
  if (core.trim() === '' || core.includes('\r')) return null;
  const lines = core.split('\n');
  const indent = indentOf(lines) ?? '';
  const blanks = new Set(lines.filter((l) => l.trim() === ''));
  if (blanks.size > 1) return null;
  const blankLine = [...blanks][0] ?? '';
  const content = lines.map((l) => (l.trim() === '' ? '' : l.slice(indent.length))).join('\n');
  const hardBreak = /  \n/.test(content) ? '  \n' : '\\\n';
  if (context === 'line' && content.includes('\n')) return null;
  // A heading's text is read as a heading's (`1. Install` is no list there).
  const doc = parseRich(context === 'line' ? `# ${content}` : content);
  if (!doc) return null;
  if (context === 'line' && (doc.childCount !== 1 || doc.firstChild!.type !== richSchema.nodes.heading)) return null;
  const rich: RichBody = { context, leading, trailing, indent, blankLine, hardBreak, doc };
  let out: string;
  try {
    out = serializeRich(doc, hardBreak);
  } catch {
    return null;
  }
  if (context === 'line') out = out.replace(/^# /, '');
  return frameText(rich, out) === body ? rich : null;
}

/** Serialized content put back into its frame: indented, between its blank lines. */
function frameText(rich: RichBody, markdown: string): string {
  const lines = markdown.split('\n').map((l) => (l === '' ? rich.blankLine : rich.indent + l));
  return rich.leading + lines.join('\n') + rich.trailing;
}

/** The new body of a block from its edited document (for `line`, the text of the document's first block). */
export function bodyFromRich(rich: RichBody, doc: PMNode): string {
  if (rich.context === 'flow') return frameText(rich, serializeEdited(doc, rich.hardBreak));
  const heading = richSchema.node('doc', null, [richSchema.node('heading', { level: 1 }, doc.firstChild?.content)]);
  // One line stays one line: a heading's text has no end of line in it.
  return frameText(rich, serializeEdited(heading, rich.hardBreak).replace(/^# /, '').replace(/\n+/g, ' '));
}
