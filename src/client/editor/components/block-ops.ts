/**
 * What the visual mode's block handle and `/` menu do to the page's Markdown, as text edits: a block
 * moved, duplicated, deleted, turned into another kind, a component inserted. Each keeps every byte
 * outside the blocks it moves or replaces, and a blank line between blocks.
 */

export interface Span {
  from: number;
  to: number;
}

export interface TextEdit {
  from: number;
  to: number;
  insert: string;
}

/** Blank lines right after `at`. */
function blankAfter(source: string, at: number): number {
  const m = /^(?:[ \t]*\n)+/.exec(source.slice(at));
  return m ? m[0].length : 0;
}

/** The block's bytes with one end of line at the end. */
function blockText(source: string, block: Span): string {
  const text = source.slice(block.from, block.to);
  return text.endsWith('\n') ? text : `${text}\n`;
}

/** The bytes a block leaves when removed: it and the blank lines after it (or, last in the page, those before it). */
function removal(source: string, block: Span): Span {
  const after = blankAfter(source, block.to);
  if (after > 0 || block.to < source.length) return { from: block.from, to: block.to + after };
  let from = block.from;
  while (from > 0 && /^[ \t]*\n$/.test(source.slice(source.lastIndexOf('\n', from - 2) + 1, from))) from = source.lastIndexOf('\n', from - 2) + 1;
  return { from, to: block.to };
}

/** Apply edits (given in the source's offsets, not overlapping). */
export function applyEdits(source: string, edits: TextEdit[]): string {
  let out = source;
  for (const e of [...edits].sort((a, b) => b.from - a.from)) out = out.slice(0, e.from) + e.insert + out.slice(e.to);
  return out;
}

/** `text` (ending with an end of line) inserted as a block after `block`, a blank line between. */
export function insertAfter(source: string, block: Span, text: string): TextEdit {
  const body = text.endsWith('\n') ? text : `${text}\n`;
  const ends = source.slice(0, block.to).endsWith('\n');
  return { from: block.to, to: block.to, insert: `${ends ? '' : '\n'}\n${body}` };
}

/** The edits that move `block` before or after `target`. */
export function moveBlock(source: string, block: Span, target: Span, after: boolean): TextEdit[] {
  if (block.from === target.from) return [];
  const text = blockText(source, block);
  const gone = removal(source, block);
  const insert = after ? insertAfter(source, target, text) : { from: target.from, to: target.from, insert: `${text}\n` };
  // The removal and the insertion must not overlap (a move next to itself changes nothing).
  if (insert.from > gone.from && insert.from < gone.to) return [];
  return [{ ...gone, insert: '' }, insert];
}

export function duplicateBlock(source: string, block: Span): TextEdit[] {
  return [insertAfter(source, block, blockText(source, block))];
}

export function deleteBlock(source: string, block: Span): TextEdit[] {
  return [{ ...removal(source, block), insert: '' }];
}

export type TurnInto = 'paragraph' | 'h2' | 'h3' | 'bullets' | 'numbers' | 'Note' | 'Warning' | 'Tip' | 'Info';
export const TURN_INTO: { kind: TurnInto; label: string }[] = [
  { kind: 'paragraph', label: 'Text' },
  { kind: 'h2', label: 'Heading 2' },
  { kind: 'h3', label: 'Heading 3' },
  { kind: 'bullets', label: 'Bulleted list' },
  { kind: 'numbers', label: 'Numbered list' },
  { kind: 'Note', label: 'Note callout' },
  { kind: 'Warning', label: 'Warning callout' },
  { kind: 'Tip', label: 'Tip callout' },
  { kind: 'Info', label: 'Info callout' },
];

/** The prose lines of a paragraph, heading, list or callout block (markers, heading hashes and tags taken off). */
export function proseLines(text: string): string[] {
  let lines = text.replace(/\n$/, '').split('\n');
  const tag = /^\s*<([A-Z]\w*)[^>]*>\s*$/.exec(lines[0] ?? '');
  if (tag && new RegExp(`^\\s*</${tag[1]}>\\s*$`).test(lines.at(-1) ?? '')) lines = lines.slice(1, -1);
  const inline = /^\s*<([A-Z]\w*)[^>]*>(.*)<\/\1>\s*$/.exec(lines.join('\n'));
  if (inline && lines.length === 1) lines = [inline[2]!];
  return lines
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .map((l) => l.replace(/^#{1,6}\s+/, '').replace(/^([-*+]|\d+[.)])\s+/, ''));
}

/** A block's text turned into `kind`. */
export function turnInto(text: string, kind: TurnInto): string {
  const lines = proseLines(text);
  if (lines.length === 0) lines.push('');
  switch (kind) {
    case 'paragraph':
      return `${lines.join('\n')}\n`;
    case 'h2':
    case 'h3':
      return `${kind === 'h2' ? '##' : '###'} ${lines.join(' ')}\n`;
    case 'bullets':
      return lines.map((l) => `- ${l}`).join('\n') + '\n';
    case 'numbers':
      return lines.map((l, i) => `${i + 1}. ${l}`).join('\n') + '\n';
    default:
      return `<${kind}>\n${lines.map((l) => `  ${l}`).join('\n')}\n</${kind}>\n`;
  }
}

/** What the `/` menu and the handle's "Insert below" put in: each component with defaults. */
export const INSERTS: { name: string; label: string; text: string }[] = [
  { name: 'heading', label: 'Heading', text: '## Heading\n' },
  { name: 'note', label: 'Note', text: '<Note>\n  A note for the reader.\n</Note>\n' },
  { name: 'warning', label: 'Warning', text: '<Warning>\n  Something to be careful about.\n</Warning>\n' },
  { name: 'tip', label: 'Tip', text: '<Tip>\n  A helpful tip.\n</Tip>\n' },
  { name: 'info', label: 'Info', text: '<Info>\n  Good to know.\n</Info>\n' },
  { name: 'card', label: 'Card', text: '<Card title="Card title" icon="book-open" href="/">\n  What the reader finds there.\n</Card>\n' },
  { name: 'cards', label: 'Card group', text: '<CardGroup cols={2}>\n  <Card title="First" icon="rocket">\n    The first card.\n  </Card>\n  <Card title="Second" icon="book-open">\n    The second card.\n  </Card>\n</CardGroup>\n' },
  { name: 'tabs', label: 'Tabs', text: '<Tabs>\n  <Tab title="First">\n    The first tab.\n  </Tab>\n  <Tab title="Second">\n    The second tab.\n  </Tab>\n</Tabs>\n' },
  { name: 'steps', label: 'Steps', text: '<Steps>\n  <Step title="First step">\n    Do this first.\n  </Step>\n  <Step title="Second step">\n    Then this.\n  </Step>\n</Steps>\n' },
  { name: 'accordion', label: 'Accordion', text: '<Accordion title="A question">\n  The answer.\n</Accordion>\n' },
  { name: 'code', label: 'Code block', text: '```bash\nnpm install\n```\n' },
  { name: 'codegroup', label: 'Code group', text: '<CodeGroup>\n```bash npm\nnpm install\n```\n\n```bash pnpm\npnpm add\n```\n</CodeGroup>\n' },
  { name: 'expandable', label: 'Expandable', text: '<Expandable title="details">\n  More about it.\n</Expandable>\n' },
  { name: 'param', label: 'Parameter field', text: '<ParamField path="id" type="string" required>\n  What the parameter is.\n</ParamField>\n' },
  { name: 'frame', label: 'Frame', text: '<Frame caption="A caption">\n  ![A picture](/images/picture.png)\n</Frame>\n' },
];

/** A `/` command typed as the last paragraph of a prose block's body: its query, and the body without it. */
export function slashCommand(body: string): { query: string; rest: string } | null {
  const m = /(^|\n[ \t]*\n)[ \t]*\/([\w-]*)[ \t]*$/.exec(body);
  if (!m) return null;
  return { query: m[2]!.toLowerCase(), rest: body.slice(0, m.index) };
}

export function matchInserts(query: string): typeof INSERTS {
  return INSERTS.filter((i) => i.name.startsWith(query) || i.label.toLowerCase().includes(query));
}
