/**
 * A block of the visual mode edited as rich text: a ProseMirror view of the block body's document
 * (`rich-text.ts`), with keyboard shortcuts (Ctrl/⌘+B, I, E, K), Markdown input rules and the
 * formatting toolbar. Every change hands the block's new body to `onChange`; only that block's
 * bytes are written again.
 */
import { baseKeymap, toggleMark } from 'prosemirror-commands';
import { history, redo, undo } from 'prosemirror-history';
import { InputRule, inputRules, wrappingInputRule } from 'prosemirror-inputrules';
import { keymap } from 'prosemirror-keymap';
import type { MarkType, Node as PMNode } from 'prosemirror-model';
import { liftListItem, sinkListItem, splitListItem, wrapInList } from 'prosemirror-schema-list';
import { EditorState, Plugin, TextSelection, type Command, type Transaction } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { bodyFromRich, richSchema as schema, type RichBody } from './rich-text.js';

export interface RichBlockOptions {
  rich: RichBody;
  /** Heading level, for a `line` body (a heading's text). */
  level?: number;
  /** Class names of the editable element and its accessible name. */
  className: string;
  label: string;
  onChange: (body: string) => void;
  /** Called when the view is focused or its selection changes (the toolbar follows it). */
  onActive: (block: RichBlock) => void;
  /** Whether the block takes typing now (false: read-only page or Suggesting mode; the text can still be selected). */
  editable?: () => boolean;
}

export interface RichBlock {
  view: EditorView;
  /** Marks new text gets in this block: the block's own `*`/`_` and `**`/`__`. */
  style: { em: string; strong: string };
  destroy(): void;
}

/** The first markup a block uses for a mark, so new bold or italic text is written the same way. */
function markupIn(doc: PMNode, type: MarkType, fallback: string): string {
  let found: string | null = null;
  doc.descendants((node) => {
    if (found) return false;
    const mark = type.isInSet(node.marks);
    if (mark) found = mark.attrs.markup as string;
    return true;
  });
  return found ?? fallback;
}

/** Wrap the text typed between two delimiters in a mark (`**bold**`, `` `code` ``), as Markdown would. */
function markRule(pattern: RegExp, type: MarkType, attrs: () => Record<string, string>): InputRule {
  return new InputRule(pattern, (state, match, start, end) => {
    const text = match[1]!;
    return state.tr.replaceWith(start, end, schema.text(text, [...state.doc.resolve(start).marks(), type.create(attrs())]));
  });
}

/** Ask for a link's address and put it on the selection; on a link already there, take it off. */
const toggleLink: Command = (state, dispatch) => {
  const { from, to, empty } = state.selection;
  const link = schema.marks.link!;
  if (state.doc.rangeHasMark(from, to, link)) {
    dispatch?.(state.tr.removeMark(from, to, link));
    return true;
  }
  if (empty) return false;
  if (!dispatch) return true;
  const href = window.prompt('Link address (a page path such as /guides/setup, or https://…)')?.trim();
  if (!href) return true;
  dispatch(state.tr.addMark(from, to, link.create({ href })));
  return true;
};

const insertHardBreak: Command = (state, dispatch) => {
  dispatch?.(state.tr.replaceSelectionWith(schema.nodes.hard_break!.create()).scrollIntoView());
  return true;
};

/** The commands of the toolbar and the shortcuts, for a block written in `style`. */
export function formatCommands(style: RichBlock['style']): Record<'bold' | 'italic' | 'code' | 'link' | 'bullets' | 'numbers', Command> {
  return {
    bold: toggleMark(schema.marks.strong!, { markup: style.strong }),
    italic: toggleMark(schema.marks.em!, { markup: style.em }),
    code: toggleMark(schema.marks.code!),
    link: toggleLink,
    bullets: wrapInList(schema.nodes.bullet_list!),
    numbers: wrapInList(schema.nodes.ordered_list!),
  };
}

/** Whether the selection has `type` (for the toolbar's pressed state). */
export function markActive(state: EditorState, type: MarkType): boolean {
  const { from, to, empty, $from } = state.selection;
  if (empty) return Boolean(type.isInSet(state.storedMarks ?? $from.marks()));
  return state.doc.rangeHasMark(from, to, type);
}

/** A rich view of `options.rich` in a new element. */
export function richBlock(options: RichBlockOptions): RichBlock {
  const { rich } = options;
  const line = rich.context === 'line';
  const doc = line ? schema.node('doc', null, [schema.node('heading', { level: options.level ?? 2 }, rich.doc.firstChild!.content)]) : rich.doc;
  const style = { em: markupIn(doc, schema.marks.em!, '*'), strong: markupIn(doc, schema.marks.strong!, '**') };
  const commands = formatCommands(style);
  const item = schema.nodes.list_item!;
  const rules = [
    markRule(/\*\*([^*\s][^*]*)\*\*$/, schema.marks.strong!, () => ({ markup: '**' })),
    markRule(/`([^`\s][^`]*)`$/, schema.marks.code!, () => ({ markup: '`' })),
    ...(line
      ? []
      : [
          wrappingInputRule(/^\s*([-+*])\s$/, schema.nodes.bullet_list!, (match) => ({ bullet: match[1] })),
          wrappingInputRule(/^(\d+)([.)])\s$/, schema.nodes.ordered_list!, (match) => ({ order: Number(match[1]), delimiter: match[2] })),
          wrappingInputRule(/^\s*>\s$/, schema.nodes.blockquote!),
        ]),
  ];
  const block: RichBlock = { view: null as unknown as EditorView, style, destroy: () => block.view.destroy() };
  const state = EditorState.create({
    doc,
    plugins: [
      history(),
      inputRules({ rules }),
      keymap({
        'Mod-z': undo,
        'Shift-Mod-z': redo,
        'Mod-y': redo,
        'Mod-b': commands.bold,
        'Mod-i': commands.italic,
        'Mod-e': commands.code,
        'Mod-k': commands.link,
        // A heading is one line: Enter and Shift+Enter do nothing there.
        Enter: line ? () => true : splitListItem(item),
        'Shift-Enter': line ? () => true : insertHardBreak,
        'Mod-[': liftListItem(item),
        'Mod-]': sinkListItem(item),
      }),
      keymap(baseKeymap),
      // A heading stays one heading: a change that would make it anything else is refused.
      new Plugin({ filterTransaction: (tr: Transaction) => !line || !tr.docChanged || (tr.doc.childCount === 1 && tr.doc.firstChild!.type === schema.nodes.heading) }),
    ],
  });
  block.view = new EditorView(null, {
    state,
    editable: () => options.editable?.() ?? true,
    attributes: { class: `${options.className} ed-rich`, role: 'textbox', 'aria-multiline': String(!line), 'aria-label': options.label, spellcheck: 'true' },
    dispatchTransaction(tr) {
      const view = block.view;
      view.updateState(view.state.apply(tr));
      if (tr.docChanged) options.onChange(bodyFromRich(rich, view.state.doc));
      if (view.hasFocus()) options.onActive(block);
    },
    handleDOMEvents: {
      focus: () => {
        options.onActive(block);
        return false;
      },
    },
  });
  return block;
}

/** Put the caret of a fresh view at `pos` (clamped), as it was in the view it replaces. */
export function restoreCaret(block: RichBlock, pos: number): void {
  const { view } = block;
  const at = Math.max(0, Math.min(pos, view.state.doc.content.size));
  view.dispatch(view.state.tr.setSelection(TextSelection.near(view.state.doc.resolve(at))));
  view.focus();
}

type FormatName = keyof ReturnType<typeof formatCommands>;
const MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const BUTTONS: { name: FormatName; label: string; key?: string; glyph: string; mark?: 'strong' | 'em' | 'code' | 'link' }[] = [
  { name: 'bold', label: 'Bold', key: 'B', glyph: 'B', mark: 'strong' },
  { name: 'italic', label: 'Italic', key: 'I', glyph: 'I', mark: 'em' },
  { name: 'code', label: 'Inline code', key: 'E', glyph: '</>', mark: 'code' },
  { name: 'link', label: 'Link', key: 'K', glyph: 'Link', mark: 'link' },
  { name: 'bullets', label: 'Bulleted list', glyph: 'Bulleted list' },
  { name: 'numbers', label: 'Numbered list', glyph: 'Numbered list' },
];

/** The formatting toolbar of the visual mode: it acts on the rich block last focused, and shows which marks the selection has. */
export function formatToolbar(): { element: HTMLElement; follow: (block: RichBlock | null) => void } {
  const element = document.createElement('div');
  element.className = 'ed-format';
  element.setAttribute('role', 'toolbar');
  element.setAttribute('aria-label', 'Text formatting');
  let active: RichBlock | null = null;
  const buttons = BUTTONS.map((spec) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `ed-format-btn ed-format-${spec.name}`;
    button.textContent = spec.glyph;
    button.setAttribute('aria-label', spec.label);
    button.title = spec.key ? `${spec.label} (${MAC ? '⌘' : 'Ctrl+'}${spec.key})` : spec.label;
    if (spec.mark) button.setAttribute('aria-pressed', 'false');
    // The caret stays in the text: pressing a button does not take the focus.
    button.addEventListener('mousedown', (e) => e.preventDefault());
    button.addEventListener('click', () => {
      if (!active) return;
      const { view } = active;
      formatCommands(active.style)[spec.name](view.state, view.dispatch, view);
      view.focus();
    });
    element.append(button);
    return { spec, button };
  });
  const follow = (block: RichBlock | null) => {
    active = block;
    for (const { spec, button } of buttons) {
      button.disabled = !block;
      if (spec.mark) button.setAttribute('aria-pressed', String(Boolean(block && markActive(block.view.state, schema.marks[spec.mark]!))));
    }
  };
  follow(null);
  return { element, follow };
}
