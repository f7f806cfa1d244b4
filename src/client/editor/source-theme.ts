/**
 * The source view's look: CodeMirror drawn with the dashboard's tokens (`--panel`, `--text`,
 * `--muted`, `--accent`...), which are `light-dark()` pairs, so the gutter, the selection and every
 * syntax colour follow the page's theme (`data-theme` on <html>, else the system's) without a second
 * theme. Each token colour is one of the page's text colours, all at WCAG AA on `--panel` and on
 * `--soft` (the active line) in both schemes: 4.80:1 at least in light (--ok), 6.88:1 in dark
 * (--muted); checked in Chromium by test/browser/dev-editor.test.ts.
 * basicSetup's own highlight style (fixed light colours such as #404740 for markup, headings
 * underlined) is only a fallback and steps aside for this one.
 */
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { styleTags, tags as t } from '@lezer/highlight';
import type { MarkdownConfig } from '@lezer/markdown';

const highlight = HighlightStyle.define([
  // Markdown's marks (`#`, `*`, backticks, `>`, list bullets, `---`, brackets of links) and frontmatter fences.
  { tag: [t.processingInstruction, t.meta, t.contentSeparator, t.punctuation, t.bracket, t.angleBracket, t.squareBracket, t.paren, t.brace, t.separator], color: 'var(--muted)' },
  { tag: t.heading, fontWeight: '650', color: 'var(--text)' },
  { tag: t.emphasis, fontStyle: 'italic' },
  { tag: t.strong, fontWeight: '650' },
  { tag: t.strikethrough, textDecoration: 'line-through' },
  { tag: [t.link, t.url], color: 'var(--accent)' },
  { tag: t.monospace, color: 'var(--ok)' },
  { tag: t.quote, color: 'var(--muted)', fontStyle: 'italic' },
  { tag: [t.keyword, t.operatorKeyword, t.modifier], color: 'var(--accent)' },
  { tag: [t.string, t.inserted, t.special(t.string), t.regexp], color: 'var(--ok)' },
  { tag: [t.number, t.bool, t.atom, t.literal, t.labelName], color: 'var(--warn)' },
  { tag: [t.tagName, t.typeName, t.className, t.namespace], color: 'var(--info)' },
  { tag: [t.attributeName, t.propertyName, t.definition(t.propertyName)], color: 'var(--warn)' },
  { tag: [t.variableName, t.definition(t.variableName), t.local(t.variableName), t.special(t.variableName), t.macroName, t.function(t.variableName)], color: 'var(--text)' },
  { tag: [t.comment, t.lineComment, t.blockComment], color: 'var(--muted)', fontStyle: 'italic' },
  { tag: [t.invalid, t.deleted], color: 'var(--danger)' },
]);

/** CodeMirror's chrome (gutters, cursor, selection, panels, tooltips) in the page's tokens. */
const chrome = EditorView.theme({
  '&': { color: 'var(--text)', backgroundColor: 'var(--panel)' },
  '.cm-content': { caretColor: 'var(--text)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--text)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection': { backgroundColor: 'var(--accent-soft)' },
  '.cm-gutters': { backgroundColor: 'var(--soft)', color: 'var(--muted)', borderRight: '1px solid var(--border)' },
  // --soft, not --hover: --ok (code, strings) on light --hover is 4.40:1, on --soft 4.80:1.
  '.cm-activeLine': { backgroundColor: 'var(--soft)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--hover)', color: 'var(--text)' },
  '.cm-foldPlaceholder': { backgroundColor: 'var(--soft)', border: '1px solid var(--border)', color: 'var(--muted)' },
  // An outline, not a tint: the bracket keeps its token colour on the line's background.
  '&.cm-focused .cm-matchingBracket': { backgroundColor: 'transparent', outline: '1px solid var(--muted)', borderRadius: '2px' },
  '&.cm-focused .cm-nonmatchingBracket': { backgroundColor: 'var(--danger-soft)', color: 'var(--danger)' },
  '.cm-selectionMatch, .cm-searchMatch': { backgroundColor: 'var(--warn-soft)' },
  '.cm-searchMatch.cm-searchMatch-selected': { backgroundColor: 'var(--accent-soft)', outline: '1px solid var(--accent)' },
  '.cm-panels': { backgroundColor: 'var(--soft)', color: 'var(--text)' },
  '.cm-panels.cm-panels-top': { borderBottom: '1px solid var(--border)' },
  '.cm-panels.cm-panels-bottom': { borderTop: '1px solid var(--border)' },
  '.cm-textfield': { backgroundColor: 'var(--panel)', color: 'var(--text)', border: '1px solid var(--border-strong)' },
  '.cm-button': { backgroundImage: 'none', backgroundColor: 'var(--panel)', color: 'var(--text)', border: '1px solid var(--border-strong)' },
  '.cm-tooltip': { backgroundColor: 'var(--panel)', color: 'var(--text)', border: '1px solid var(--border)' },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: 'var(--accent-soft)', color: 'var(--text)' },
  '.cm-completionDetail': { color: 'var(--muted)' },
  '.cm-diagnostic-error': { borderLeftColor: 'var(--danger)' },
  '.cm-diagnostic-warning': { borderLeftColor: 'var(--warn)' },
  '.cm-diagnostic-info': { borderLeftColor: 'var(--info)' },
});

/** The page's theme for the source view: chrome and syntax colours. */
export const sourceTheme = [chrome, syntaxHighlighting(highlight)];

/**
 * YAML frontmatter at the top of a page as a block of its own. Without it Markdown reads
 * `title: Home` followed by `---` as a setext heading: the page's settings shown bold and underlined.
 */
export const frontmatter: MarkdownConfig = {
  defineNodes: [{ name: 'Frontmatter', block: true }, 'FrontmatterMark'],
  // The fences drawn as Markdown's other marks; the YAML between them as plain text.
  props: [styleTags({ FrontmatterMark: t.processingInstruction })],
  parseBlock: [
    {
      name: 'Frontmatter',
      before: 'HorizontalRule',
      parse(cx, line) {
        if (cx.lineStart !== 0 || line.text.trimEnd() !== '---') return false;
        const marks = [cx.elt('FrontmatterMark', 0, 3)];
        let end = cx.lineStart + line.text.length;
        while (cx.nextLine()) {
          end = cx.lineStart + line.text.length;
          if (line.text.trimEnd() === '---') {
            marks.push(cx.elt('FrontmatterMark', cx.lineStart, cx.lineStart + 3));
            cx.nextLine();
            break;
          }
        }
        cx.addElement(cx.elt('Frontmatter', 0, end, marks));
        return true;
      },
    },
  ],
};
