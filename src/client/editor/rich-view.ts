/**
 * A block of the visual mode edited as rich text: a ProseMirror view of the block body's document
 * (`rich-text.ts`), with keyboard shortcuts (Ctrl/⌘+B, I, E, K), Markdown input rules and the
 * formatting toolbar. Every change hands the block's new body to `onChange`; only that block's
 * bytes are written again.
 */
import { baseKeymap, setBlockType, toggleMark } from 'prosemirror-commands';
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

/** The link under the selection (either link mark), with the range it covers in its text block. */
export function linkAt(state: EditorState): { href: string; from: number; to: number } | null {
  const { $from, from, to } = state.selection;
  const types = [schema.marks.link!, schema.marks.olink!];
  const mark = [...$from.marks(), ...(state.doc.nodeAt(from)?.marks ?? [])].find((m) => types.includes(m.type));
  if (!mark) {
    if (from === to) return null;
    let found: { href: string; from: number; to: number } | null = null;
    state.doc.nodesBetween(from, to, (node, pos) => {
      const m = node.marks.find((x) => types.includes(x.type));
      if (m && !found) found = { href: m.attrs.href as string, from: Math.min(from, pos), to: Math.max(to, pos + node.nodeSize) };
    });
    return found;
  }
  // The run of text carrying the mark around the caret, in the parent block.
  const start = $from.start();
  let runFrom = -1;
  let lo = from;
  let hi = to;
  $from.parent.forEach((child, offset) => {
    const a = start + offset;
    const b = a + child.nodeSize;
    if (mark.isInSet(child.marks)) {
      if (runFrom < 0) runFrom = a;
      if (runFrom <= from && b >= from) {
        lo = Math.min(lo, runFrom);
        hi = Math.max(hi, b);
      }
    } else runFrom = -1;
  });
  return { href: mark.attrs.href as string, from: lo, to: hi };
}

/** Set (or with an empty address, remove) the link over the selection, or over the link the caret is in. */
export function setLink(state: EditorState, dispatch: ((tr: Transaction) => void) | undefined, href: string): boolean {
  const current = linkAt(state);
  const from = current ? current.from : state.selection.from;
  const to = current ? current.to : state.selection.to;
  if (from === to) return false;
  if (!dispatch) return true;
  let tr = state.tr.removeMark(from, to, schema.marks.link!).removeMark(from, to, schema.marks.olink!);
  if (href.trim()) tr = tr.addMark(from, to, schema.marks.link!.create({ href: href.trim() }));
  dispatch(tr);
  return true;
}

/** Ask for a link's address and put it on the selection; on a link already there, take it off (the keyboard's Ctrl+K; the toolbar edits it in place). */
const toggleLink: Command = (state, dispatch) => {
  const { empty } = state.selection;
  if (linkAt(state)) return setLink(state, dispatch, '');
  if (empty) return false;
  if (!dispatch) return true;
  const href = window.prompt('Link address (a page path such as /guides/setup, or https://…)')?.trim();
  if (!href) return true;
  return setLink(state, dispatch, href);
};

const insertHardBreak: Command = (state, dispatch) => {
  dispatch?.(state.tr.replaceSelectionWith(schema.nodes.hard_break!.create()).scrollIntoView());
  return true;
};

/** The commands of the toolbar and the shortcuts, for a block written in `style`. */
export function formatCommands(style: RichBlock['style']): Record<'bold' | 'italic' | 'strike' | 'code' | 'link' | 'bullets' | 'numbers', Command> {
  return {
    bold: toggleMark(schema.marks.strong!, { markup: style.strong }),
    italic: toggleMark(schema.marks.em!, { markup: style.em }),
    strike: toggleMark(schema.marks.strike!),
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
        'Shift-Mod-x': commands.strike,
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
const BUTTONS: { name: FormatName; label: string; key?: string; glyph: string; mark?: 'strong' | 'em' | 'strike' | 'code' | 'link' }[] = [
  { name: 'bold', label: 'Bold', key: 'B', glyph: 'B', mark: 'strong' },
  { name: 'italic', label: 'Italic', key: 'I', glyph: 'I', mark: 'em' },
  { name: 'strike', label: 'Strikethrough', key: 'Shift+X', glyph: 'S', mark: 'strike' },
  { name: 'code', label: 'Inline code', key: 'E', glyph: '</>', mark: 'code' },
  { name: 'link', label: 'Link', key: 'K', glyph: 'Link', mark: 'link' },
  { name: 'bullets', label: 'Bulleted list', glyph: '•≡' },
  { name: 'numbers', label: 'Numbered list', glyph: '№≡' },
];

/** What the floating toolbar's Comment and Suggest buttons call (the review panel's; absent in folio dev). */
export interface ToolbarHooks {
  comment?: () => void;
  suggest?: () => void;
}

/** The text style of the block under the caret, for the toolbar's select (paragraph or heading level). */
function styleOf(state: EditorState): string {
  const parent = state.selection.$from.parent;
  return parent.type === schema.nodes.heading ? `h${parent.attrs.level as number}` : 'p';
}

/**
 * The formatting toolbar of the visual mode: it floats over the selection of the rich block last
 * focused (text style, bold, italic, strikethrough, code, link edited in place, lists, comment,
 * suggest) and shows which marks the selection has. With no selection it keeps out of the way, and
 * shows again when a keyboard user tabs into it.
 */
export function formatToolbar(hooks: ToolbarHooks = {}): { element: HTMLElement; follow: (block: RichBlock | null) => void } {
  const element = document.createElement('div');
  element.className = 'ed-format not-prose';
  element.setAttribute('role', 'toolbar');
  element.setAttribute('aria-label', 'Text formatting');
  let active: RichBlock | null = null;
  const keep = (el: HTMLElement) => {
    // The caret stays in the text: pressing a button does not take the focus.
    el.addEventListener('mousedown', (e) => {
      if (!(e.target instanceof HTMLInputElement) && !(e.target instanceof HTMLSelectElement)) e.preventDefault();
    });
    return el;
  };
  const styleSelect = document.createElement('select');
  styleSelect.className = 'ed-format-style';
  styleSelect.setAttribute('aria-label', 'Text style');
  for (const [value, text] of [['p', 'Text'], ['h2', 'Heading 2'], ['h3', 'Heading 3'], ['h4', 'Heading 4']]) {
    const option = document.createElement('option');
    option.value = value!;
    option.textContent = text!;
    styleSelect.append(option);
  }
  styleSelect.addEventListener('change', () => {
    if (!active) return;
    const { view } = active;
    const value = styleSelect.value;
    const type = value === 'p' ? schema.nodes.paragraph! : schema.nodes.heading!;
    setBlockType(type, value === 'p' ? {} : { level: Number(value.slice(1)) })(view.state, view.dispatch, view);
    view.focus();
  });
  element.append(styleSelect);
  const buttons = BUTTONS.map((spec) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `ed-format-btn ed-format-${spec.name}`;
    button.textContent = spec.glyph;
    button.setAttribute('aria-label', spec.label);
    button.title = spec.key ? `${spec.label} (${MAC ? '⌘' : 'Ctrl+'}${spec.key})` : spec.label;
    if (spec.mark) button.setAttribute('aria-pressed', 'false');
    keep(button);
    button.addEventListener('click', () => {
      if (!active) return;
      const { view } = active;
      if (spec.name === 'link') return openLink();
      formatCommands(active.style)[spec.name](view.state, view.dispatch, view);
      view.focus();
    });
    element.append(button);
    return { spec, button };
  });
  // The link's address, edited in place.
  const linkForm = document.createElement('form');
  linkForm.className = 'ed-format-link';
  linkForm.hidden = true;
  const linkInput = document.createElement('input');
  linkInput.type = 'text';
  linkInput.placeholder = '/guides/setup or https://…';
  linkInput.setAttribute('aria-label', 'Link address');
  const linkApply = document.createElement('button');
  linkApply.type = 'submit';
  linkApply.className = 'ed-format-btn';
  linkApply.textContent = 'Apply';
  const linkRemove = document.createElement('button');
  linkRemove.type = 'button';
  linkRemove.className = 'ed-format-btn';
  linkRemove.textContent = 'Remove';
  linkForm.append(linkInput, linkApply, linkRemove);
  element.append(linkForm);
  const openLink = () => {
    if (!active) return;
    linkInput.value = linkAt(active.view.state)?.href ?? '';
    linkForm.hidden = false;
    linkInput.focus();
    linkInput.select();
  };
  const closeLink = (href: string | null) => {
    linkForm.hidden = true;
    if (!active) return;
    const { view } = active;
    if (href !== null) setLink(view.state, view.dispatch, href);
    view.focus();
  };
  linkForm.addEventListener('submit', (e) => {
    e.preventDefault();
    closeLink(linkInput.value);
  });
  linkRemove.addEventListener('click', () => closeLink(''));
  linkInput.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      closeLink(null);
    }
  });
  const review: HTMLButtonElement[] = [];
  for (const [name, label, hook] of [['comment', 'Comment', hooks.comment], ['suggest', 'Suggest', hooks.suggest]] as const) {
    if (!hook) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `ed-format-btn ed-format-${name}`;
    button.textContent = label;
    button.setAttribute('aria-label', label === 'Comment' ? 'Comment on the selection' : 'Suggest a change to the selection');
    keep(button);
    button.addEventListener('click', () => hook());
    review.push(button);
    element.append(button);
  }
  /** Over the selection (below it when there is no room above), inside the pane that holds the toolbar. */
  const place = () => {
    const pane = element.offsetParent as HTMLElement | null;
    if (!active || !pane) return;
    const { view } = active;
    const { from, to, empty } = view.state.selection;
    element.dataset.shown = String(!empty || element.contains(document.activeElement));
    if (empty && !element.contains(document.activeElement)) return;
    let start: { left: number; top: number; bottom: number };
    let end: { left: number; top: number; bottom: number };
    try {
      start = view.coordsAtPos(from);
      end = view.coordsAtPos(to);
    } catch {
      return;
    }
    const box = pane.getBoundingClientRect();
    const width = element.offsetWidth;
    const height = element.offsetHeight;
    const middle = (start.left + end.left) / 2 - box.left + pane.scrollLeft;
    const left = Math.max(4, Math.min(middle - width / 2, pane.clientWidth - width - 4));
    let top = start.top - box.top + pane.scrollTop - height - 8;
    if (start.top - box.top < height + 12) top = end.bottom - box.top + pane.scrollTop + 8;
    element.style.left = `${left}px`;
    element.style.top = `${top}px`;
  };
  const follow = (block: RichBlock | null) => {
    active = block;
    if (!block) {
      element.dataset.shown = 'false';
      linkForm.hidden = true;
    }
    for (const { spec, button } of buttons) {
      button.disabled = !block;
      if (spec.mark) {
        const pressed = block ? (spec.mark === 'link' ? linkAt(block.view.state) !== null : markActive(block.view.state, schema.marks[spec.mark]!)) : false;
        button.setAttribute('aria-pressed', String(pressed));
      }
    }
    for (const button of review) button.disabled = !block || block.view.state.selection.empty;
    styleSelect.disabled = !block || block.view.dom.getAttribute('aria-multiline') === 'false';
    if (block) styleSelect.value = styleOf(block.view.state);
    place();
  };
  element.addEventListener('focusin', () => (element.dataset.shown = 'true'));
  element.addEventListener('focusout', (e) => {
    if (!element.contains(e.relatedTarget as Node | null) && (!active || active.view.state.selection.empty)) element.dataset.shown = 'false';
  });
  follow(null);
  return { element, follow };
}
