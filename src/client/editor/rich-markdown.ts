/**
 * Markdown ⇄ ProseMirror for the visual mode's rich text (`rich-text.ts` decides which block bodies
 * use it). The schema keeps how the source wrote each thing (`*` or `_`, `-` or `*` bullets,
 * fence characters, blank lines, list indentation and numbers, escapes and entities), so a parsed
 * body serializes back to its own bytes; the serializer escapes typed text only as much as needed.
 */
import MarkdownIt, { type StateInline, type Token } from 'markdown-it';
import { MarkdownParser, MarkdownSerializer, type MarkdownSerializerState } from 'prosemirror-markdown';
import { Schema, type Mark, type Node as PMNode } from 'prosemirror-model';

/** Blank lines before a block in the source (null: the first in its parent, or new). */
const GAP = { default: null };

/** In the editor a link is shown, not followed: a script address is not put in `href` at all. */
const safeHref = (href: string): string => (/^\s*(javascript|data|vbscript):/i.test(href) ? '#' : href);

export const richSchema = new Schema({
  nodes: {
    doc: { content: 'block+' },
    // `trail`: spaces the source left after the paragraph's last line.
    paragraph: { attrs: { gap: GAP, trail: { default: '' } }, content: 'inline*', group: 'block', parseDOM: [{ tag: 'p' }], toDOM: () => ['p', 0] },
    heading: {
      attrs: { level: { default: 2 }, gap: GAP },
      content: 'inline*',
      group: 'block',
      defining: true,
      parseDOM: [1, 2, 3, 4, 5, 6].map((level) => ({ tag: `h${level}`, attrs: { level } })),
      toDOM: (node) => [`h${node.attrs.level as number}`, 0],
    },
    blockquote: { attrs: { gap: GAP }, content: 'block+', group: 'block', defining: true, parseDOM: [{ tag: 'blockquote' }], toDOM: () => ['blockquote', 0] },
    horizontal_rule: { attrs: { markup: { default: '---' }, gap: GAP }, group: 'block', parseDOM: [{ tag: 'hr' }], toDOM: () => ['hr'] },
    code_block: {
      attrs: { info: { default: '' }, markup: { default: '```' }, gap: GAP },
      content: 'text*',
      marks: '',
      group: 'block',
      code: true,
      defining: true,
      parseDOM: [{ tag: 'pre', preserveWhitespace: 'full' }],
      toDOM: () => ['pre', ['code', 0]],
    },
    bullet_list: {
      // `margin`: spaces before a top-level list's markers (a list indented under a paragraph).
      attrs: { bullet: { default: '-' }, margin: { default: '' }, gap: GAP },
      content: 'list_item+',
      group: 'block',
      parseDOM: [{ tag: 'ul' }],
      toDOM: () => ['ul', 0],
    },
    ordered_list: {
        attrs: { order: { default: 1 }, delimiter: { default: '.' }, margin: { default: '' }, gap: GAP },
      content: 'list_item+',
      group: 'block',
      parseDOM: [{ tag: 'ol', getAttrs: (dom) => ({ order: Number((dom as HTMLElement).getAttribute('start') ?? 1) || 1 }) }],
      toDOM: (node) => ['ol', node.attrs.order === 1 ? {} : { start: node.attrs.order as number }, 0],
    },
    // `indent`: columns of the item's continuation lines from its marker's start (null: the marker's width);
    // `number`: an ordered item's number as written (`1.` `1.` `1.` or a skipped one stay so; null: the one after).
    list_item: { attrs: { gap: GAP, indent: { default: null }, number: { default: null } }, content: 'paragraph block*', defining: true, parseDOM: [{ tag: 'li' }], toDOM: () => ['li', 0] },
    text: { group: 'inline' },
    hard_break: { inline: true, group: 'inline', selectable: false, parseDOM: [{ tag: 'br' }], toDOM: () => ['br'] },
  },
  // Ranked outermost first: `**[a](b)**` is bold around a link (four times as common in the corpora as `[**a**](b)`).
  marks: {
    // A link around emphasis (`[**a**](b)`): the same link, ranked outside the emphasis so it is written so again.
    olink: {
      attrs: { href: {}, title: { default: null } },
      inclusive: false,
      excludes: 'link olink',
      toDOM: (mark) => ['a', { href: safeHref(mark.attrs.href as string), title: (mark.attrs.title as string | null) ?? mark.attrs.href }, 0],
    },
    strong: { attrs: { markup: { default: '**' } }, parseDOM: [{ tag: 'strong' }, { tag: 'b' }], toDOM: () => ['strong', 0] },
    em: { attrs: { markup: { default: '*' } }, parseDOM: [{ tag: 'em' }, { tag: 'i' }], toDOM: () => ['em', 0] },
    link: {
      attrs: { href: {}, title: { default: null } },
      inclusive: false,
      excludes: 'link olink',
      parseDOM: [{ tag: 'a[href]', getAttrs: (dom) => ({ href: (dom as HTMLElement).getAttribute('href'), title: (dom as HTMLElement).getAttribute('title') }) }],
      // In the editor a link is shown, not followed: a script address is not put in `href` at all.
      toDOM: (mark) => ['a', { href: safeHref(mark.attrs.href as string), title: (mark.attrs.title as string | null) ?? mark.attrs.href }, 0],
    },
    strike: { parseDOM: [{ tag: 's' }, { tag: 'del' }], toDOM: () => ['s', 0] },
    code: { attrs: { markup: { default: '`' } }, parseDOM: [{ tag: 'code' }], toDOM: () => ['code', 0] },
    // A character the source wrote as an escape (`\\>`) or an entity (`&amp;`): written back the same way.
    source: { attrs: { markup: {}, text: {} }, inclusive: false, toDOM: () => ['span', 0] },
  },
});

// ------------------------------------------------------------------ parsing

/**
 * A soft line break keeps a single space before it (markdown-it drops it) and the next line's
 * indentation, so a paragraph's lines read back as written; two or more spaces are a hard break.
 */
function keepingNewline(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x0a) return false;
  if (!silent) {
    const spaces = /( *)$/.exec(state.pending)![1]!.length;
    if (spaces >= 2) {
      state.pending = state.pending.slice(0, -spaces);
      state.push('hardbreak', 'br', 0);
    } else state.push('softbreak', 'br', 0);
  }
  state.pos++;
  return true;
}

/**
 * CommonMark without HTML (so JSX and tags stay text, and fail the byte check) plus GitHub's
 * strikethrough and tables (tables fail it too: no table node); escapes and entities stay tokens
 * of their own (no `text_join`), so they are written back as the source had them.
 */
const markdownIt = new MarkdownIt('commonmark', { html: false }).enable(['strikethrough', 'table']).disable('text_join');
markdownIt.inline.ruler.at('newline', keepingNewline);
// Link destinations as written (markdown-it would percent-encode `#menús`).
markdownIt.normalizeLink = (url) => url;

/** The lines of the text being parsed (getAttrs reads blank lines and indentation from them). */
let sourceLines: string[] = [];

/** The tokens with each soft line break as a newline in the text, and an escape that escapes nothing (`\\a`) as plain text. */
const tokenizer = {
  parse(text: string, env: object): Token[] {
    sourceLines = text.split('\n');
    const tokens = markdownIt.parse(text, env);
    for (const token of tokens)
      for (const child of token.children ?? [])
        if (child.type === 'softbreak') {
          child.type = 'text';
          child.content = '\n';
        } else if (child.type === 'text_special' && child.content === child.markup) child.type = 'text';
    for (const token of tokens) outerLinks(token.children ?? []);
    return tokens;
  },
};

/** A link whose text starts with emphasis (`[**a**](b)`) read as `olink`, the mark ranked outside emphasis. */
function outerLinks(children: Token[]): void {
  const open: number[] = [];
  children.forEach((token, i) => {
    if (token.type === 'link_open') open.push(i);
    else if (token.type === 'link_close') {
      const start = open.pop();
      if (start === undefined) return;
      // markdown-it leaves empty text tokens between the tags.
      let k = start + 1;
      while (children[k]?.type === 'text' && children[k]!.content === '') k++;
      const next = children[k]?.type;
      if (next === 'strong_open' || next === 'em_open' || next === 's_open') {
        children[start]!.type = 'olink_open';
        token.type = 'olink_close';
      }
    }
  });
}

/** Blank lines above the block opened at `i`, or null for the first block of its parent. */
function gapBefore(tokens: Token[], i: number): number | null {
  const start = tokens[i]!.map?.[0];
  if (i === 0 || tokens[i - 1]!.nesting === 1 || start === undefined) return null;
  let gap = 0;
  while (start - gap - 1 >= 0 && /^[ \t>]*$/.test(sourceLines[start - gap - 1]!)) gap++;
  return gap;
}

/** Columns from a list item's marker to its continuation lines, or null when it has none. */
function itemIndent(tok: Token): number | null {
  const [start, end] = tok.map ?? [0, 0];
  const margin = (line: string) => /^[ \t>]*/.exec(line)![0].length;
  for (let k = start + 1; k < end; k++) if (sourceLines[k]!.trim() !== '') return margin(sourceLines[k]!) - margin(sourceLines[start]!);
  return null;
}

/** Spaces before the markers of a top-level list (a nested list's follow from its item). */
function listMargin(tok: Token): string {
  return tok.level === 0 ? /^[ \t]*/.exec(sourceLines[tok.map?.[0] ?? 0] ?? '')![0] : '';
}

const gap = (_tok: Token, tokens: Token[], i: number) => ({ gap: gapBefore(tokens, i) });

const parser = new MarkdownParser(richSchema, tokenizer as unknown as MarkdownIt, {
  blockquote: { block: 'blockquote', getAttrs: gap },
  paragraph: { block: 'paragraph', getAttrs: (tok, tokens, i) => ({ gap: gapBefore(tokens, i), trail: /[ \t]*$/.exec(sourceLines[(tok.map?.[1] ?? 1) - 1] ?? '')![0] }) },
  list_item: { block: 'list_item', getAttrs: (tok, tokens, i) => ({ gap: gapBefore(tokens, i), indent: itemIndent(tok), number: tok.info || null }) },
  bullet_list: { block: 'bullet_list', getAttrs: (tok, tokens, i) => ({ bullet: tok.markup, margin: listMargin(tok), gap: gapBefore(tokens, i) }) },
  ordered_list: {
    block: 'ordered_list',
    getAttrs: (tok, tokens, i) => ({ order: Number(tok.attrGet('start') ?? 1), delimiter: tok.markup, margin: listMargin(tok), gap: gapBefore(tokens, i) }),
  },
  heading: { block: 'heading', getAttrs: (tok, tokens, i) => ({ level: Number(tok.tag.slice(1)), gap: gapBefore(tokens, i) }) },
  fence: { block: 'code_block', getAttrs: (tok, tokens, i) => ({ info: tok.info, markup: tok.markup, gap: gapBefore(tokens, i) }), noCloseToken: true },
  hr: { node: 'horizontal_rule', getAttrs: (tok, tokens, i) => ({ markup: tok.markup, gap: gapBefore(tokens, i) }) },
  hardbreak: { node: 'hard_break' },
  em: { mark: 'em', getAttrs: (tok) => ({ markup: tok.markup }) },
  strong: { mark: 'strong', getAttrs: (tok) => ({ markup: tok.markup }) },
  s: { mark: 'strike' },
  link: { mark: 'link', getAttrs: (tok) => ({ href: tok.attrGet('href'), title: tok.attrGet('title') || null }) },
  olink: { mark: 'olink', getAttrs: (tok) => ({ href: tok.attrGet('href'), title: tok.attrGet('title') || null }) },
  code_inline: { mark: 'code', getAttrs: (tok) => ({ markup: tok.markup }), noCloseToken: true },
  text_special: { mark: 'source', getAttrs: (tok) => ({ markup: tok.markup, text: tok.content }), noCloseToken: true },
});

/** The document of a Markdown text, or null when it uses something the schema has no place for. */
export function parseRich(markdown: string): PMNode | null {
  try {
    return parser.parse(markdown);
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------ serializing

const PUNCTUATION = /[!-/:-@[-`{-~]/;
const isSpace = (c: string | undefined) => c === undefined || /\s/.test(c);
const isWord = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/**
 * Text escaped for Markdown inside MDX. `light` escapes only what would otherwise turn into markup
 * (so `snake_case`, `5 * 3` and `[1]` stay as written); `full` escapes every special character, the
 * fallback when the light form would not read back as the same document.
 */
export function escapeText(text: string, lineStart: boolean, full = false): string {
  return text
    .split('\n')
    .map((line, n) => {
      let out = '';
      for (let i = 0; i < line.length; i++) {
        const c = line[i]!;
        const prev = line[i - 1];
        const next = line[i + 1];
        let escape = false;
        if (c === '\\') escape = full || next === undefined || PUNCTUATION.test(next);
        else if (c === '*') escape = full || !(isSpace(prev) && isSpace(next) && prev !== undefined && next !== undefined);
        else if (c === '_') escape = full || !((isWord(prev) && isWord(next)) || (isSpace(prev) && isSpace(next) && prev !== undefined && next !== undefined));
        else if (c === '`' || c === '<' || c === '{') escape = true;
        else if (c === '~') escape = full || prev === '~' || next === '~';
        else if (c === ']') escape = full || next === '(' || next === '[';
        else if (c === '[') escape = full;
        else if (c === '&') escape = full || /^&#?[a-z0-9]+;/i.test(line.slice(i));
        out += escape ? `\\${c}` : c;
      }
      if (n > 0 || lineStart) {
        out = out
          .replace(/^(#{1,6})(?=\s|$)/, '\\$1')
          .replace(/^([-+>=])/, (m) => (m === '-' || m === '+' ? (/^[-+](\s|$)/.test(out) || /^-+\s*$/.test(out) ? `\\${m}` : m) : m === '=' ? (/^=+\s*$/.test(out) ? '\\=' : m) : '\\>'))
          .replace(/^(\d{1,9})([.)])(?=\s|$)/, '$1\\$2');
      }
      return out;
    })
    .join('\n');
}

/** The backtick run around a code span's `text`: the source's (`markup`) when the text holds no run as long, else one longer than any run in it, with spaces when the text starts or ends with a backtick. */
function codeFence(text: string, markup: string, open: boolean): string {
  const runs = (text.match(/`+/g) ?? []).map((run) => run.length);
  const ticks = runs.includes(markup.length) ? '`'.repeat(Math.max(...runs) + 1) : markup;
  // A span with backticks inside is written padded (`` a ` b ``), as sources do; so is one whose text starts or ends with a space.
  const pad = text.includes('`') || /^ .*\S.* $/.test(text);
  return pad ? (open ? `${ticks} ` : ` ${ticks}`) : ticks;
}

interface SerializerStyle {
  /** `\\\n` or two spaces before the end of line. */
  hardBreak: string;
  full: boolean;
}

/** What the serializer keeps internal: whether the text is at a block's start, the output so far, and closing the last block with `size` ends of line. */
type State = MarkdownSerializerState & { atBlockStart: boolean; out: string; flushClose(size?: number): void };

/** Before a block: its blank lines from the source (two paragraphs always apart, or they would join). */
function openBlock(state: MarkdownSerializerState, node: PMNode, parent: PMNode, index: number): void {
  let gap = node.attrs.gap as number | null;
  if (gap === null) return;
  if (index > 0 && node.type.name === 'paragraph' && parent.child(index - 1).type.name === 'paragraph') gap = Math.max(gap, 1);
  (state as State).flushClose(gap + 1);
}

/** A list's items, each with its marker, its continuation indentation and the blank lines before it. */
function renderList(state: MarkdownSerializerState, node: PMNode, width: number, marker: (i: number) => string): void {
  const margin = node.attrs.margin as string;
  node.forEach((item, _, i) => {
    if (i > 0) (state as State).flushClose(((item.attrs.gap as number | null) ?? 0) + 1);
    const indent = (item.attrs.indent as number | null) ?? width;
    state.wrapBlock(margin + ' '.repeat(indent), margin + marker(i), node, () => state.render(item, node, i));
  });
}

/** A text node's Markdown: escaped, and the characters the source wrote as escapes or entities written so again. */
function textMarkdown(node: PMNode, lineStart: boolean, full: boolean): string {
  const source = node.marks.find((m) => m.type.name === 'source');
  const text = node.text!;
  if (!source) return escapeText(text, lineStart, full);
  const { markup, text: decoded } = source.attrs as { markup: string; text: string };
  let out = '';
  for (let i = 0; i < text.length; ) {
    if (decoded && text.startsWith(decoded, i)) {
      out += markup;
      i += decoded.length;
    } else {
      out += escapeText(text[i]!, lineStart && i === 0, full);
      i++;
    }
  }
  return out;
}

function linkClose(mark: Mark): string {
  const href = (mark.attrs.href as string).replace(/[()]/g, '\\$&').replace(/ /g, '%20');
  const title = mark.attrs.title as string | null;
  return `](${href}${title ? ` "${title.replace(/"/g, '\\"')}"` : ''})`;
}

const markupOf = (_s: MarkdownSerializerState, mark: Mark) => mark.attrs.markup as string;

function makeSerializer({ hardBreak, full }: SerializerStyle): MarkdownSerializer {
  return new MarkdownSerializer(
    {
      blockquote: (state, node, parent, index) => {
        openBlock(state, node, parent, index);
        state.wrapBlock('> ', null, node, () => state.renderContent(node));
      },
      code_block: (state, node, parent, index) => {
        openBlock(state, node, parent, index);
        state.write(`${node.attrs.markup as string}${node.attrs.info as string}\n`);
        if (node.textContent) {
          state.text(node.textContent, false);
          state.write('\n');
        }
        state.write(node.attrs.markup as string);
        state.closeBlock(node);
      },
      heading: (state, node, parent, index) => {
        openBlock(state, node, parent, index);
        state.write(`${'#'.repeat(node.attrs.level as number)} `);
        state.renderInline(node, false);
        state.closeBlock(node);
      },
      horizontal_rule: (state, node, parent, index) => {
        openBlock(state, node, parent, index);
        state.write(node.attrs.markup as string);
        state.closeBlock(node);
      },
      bullet_list: (state, node, parent, index) => {
        openBlock(state, node, parent, index);
        renderList(state, node, (node.attrs.bullet as string).length + 1, () => `${node.attrs.bullet as string} `);
      },
      ordered_list: (state, node, parent, index) => {
        openBlock(state, node, parent, index);
        const numbers: string[] = [];
        node.forEach((item, _, i) => numbers.push((item.attrs.number as string | null) ?? String(i === 0 ? (node.attrs.order as number) : Number(numbers[i - 1]) + 1)));
        renderList(state, node, numbers[0]!.length + 2, (i) => `${numbers[i]!}${node.attrs.delimiter as string} `);
      },
      list_item: (state, node) => state.renderContent(node),
      paragraph: (state, node, parent, index) => {
        openBlock(state, node, parent, index);
        state.renderInline(node);
        (state as State).out += node.attrs.trail as string;
        state.closeBlock(node);
      },
      hard_break: (state, node, parent, index) => {
        for (let i = index + 1; i < parent.childCount; i++)
          if (parent.child(i).type !== node.type) {
            state.write(hardBreak);
            return;
          }
      },
      text: (state, node) => state.text(textMarkdown(node, (state as State).atBlockStart, full), false),
    },
    {
      olink: {
        open: '[',
        close: (_s, mark: Mark) => linkClose(mark),
        mixable: true,
      },
      link: {
        open: '[',
        close: (_s, mark: Mark) => linkClose(mark),
        mixable: true,
      },
      strong: { open: markupOf, close: markupOf, mixable: true, expelEnclosingWhitespace: true },
      em: { open: markupOf, close: markupOf, mixable: true, expelEnclosingWhitespace: true },
      strike: { open: '~~', close: '~~', mixable: true, expelEnclosingWhitespace: true },
      code: {
        open: (_s, mark: Mark, parent, index) => codeFence(parent.child(index).text ?? '', mark.attrs.markup as string, true),
        close: (_s, mark: Mark, parent, index) => codeFence(parent.child(index - 1).text ?? '', mark.attrs.markup as string, false),
        escape: false,
      },
      source: { open: '', close: '' },
    },
    { strict: true },
  );
}

const serializers = new Map<string, MarkdownSerializer>();
function serializerFor(style: SerializerStyle): MarkdownSerializer {
  const key = `${style.hardBreak}|${style.full}`;
  let serializer = serializers.get(key);
  if (!serializer) serializers.set(key, (serializer = makeSerializer(style)));
  return serializer;
}

/** The Markdown of a document, in the light escaping (the bytes a qualifying source had). */
export function serializeRich(doc: PMNode, hardBreak = '\\\n'): string {
  return serializerFor({ hardBreak, full: false }).serialize(doc);
}

type Shape = { type: string; attrs: Record<string, unknown>; children: (Shape | { text: string; marks: string })[] };

/** What a document means, without what only says how its source was written (blank lines, indentation, numbers, escapes). */
function shapeOf(node: PMNode): Shape {
  const children: Shape['children'] = [];
  node.forEach((child) => {
    if (!child.isText) return void children.push(shapeOf(child));
    const marks = child.marks
      .filter((m) => m.type.name !== 'source')
      .map((m) => `${m.type.name}${JSON.stringify(m.attrs)}`)
      .join(',');
    const last = children.at(-1);
    if (last && 'text' in last && last.marks === marks) last.text += child.text!;
    else children.push({ text: child.text!, marks });
  });
  const { gap: _gap, trail: _trail, indent: _indent, number: _number, ...attrs } = node.attrs;
  return { type: node.type.name, attrs, children };
}

/** Whether two documents read the same (`shapeOf`). */
export function sameMeaning(a: PMNode, b: PMNode): boolean {
  return JSON.stringify(shapeOf(a)) === JSON.stringify(shapeOf(b));
}

/** The Markdown of an edited document: the light escaping when it reads back as the same document, else every special character escaped. */
export function serializeEdited(doc: PMNode, hardBreak = '\\\n'): string {
  const light = serializeRich(doc, hardBreak);
  const back = parseRich(light);
  if (back && (back.eq(doc) || sameMeaning(back, doc))) return light;
  return serializerFor({ hardBreak, full: true }).serialize(doc);
}
