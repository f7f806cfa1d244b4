import { renderIcon } from './icon.js';
import { escapeHtmlText } from '../../shared/index.js';
import { highlightToHtml } from '../highlight.js';
import { type AnyProps, bool, needFeature, str, textOf } from './shared.js';

/**
 * A highlighted code block (`html` is Shiki's `<pre>`, made at build time) with an optional
 * title bar (an icon when the page names one) and a copy button (line numbers with `lines`, drawn by
 * the stylesheet so copying leaves them out): the copy island copies the text of the
 * `[data-folio-copy-source]` inside the button's `[data-folio-copy-scope]`.
 */
export function FolioCode(props: AnyProps) {
  needFeature('copy');
  const title = str(props.title);
  return (
    <div className="folio-code" data-folio-copy-scope="" data-lang={str(props.lang)} data-title={title}>
      <div className="folio-code-header">
        {renderIcon(props.icon, { className: 'folio-code-icon' })}
        {title ? <span className="folio-code-title">{title}</span> : null}
        <button type="button" className="folio-copy" data-folio-copy="" aria-label="Copy code">
          Copy
        </button>
      </div>
      <div
        className={['folio-code-body', bool(props.wrap) && 'folio-code-wrap', bool(props.lines) && 'folio-code-lines'].filter(Boolean).join(' ')}
        data-folio-copy-source=""
        dangerouslySetInnerHTML={{ __html: str(props.html) ?? '' }}
      />
    </div>
  );
}

/** KaTeX output made at build time; `display` picks a block or inline wrapper. */
export function FolioMath(props: AnyProps) {
  needFeature('math');
  const html = { __html: str(props.html) ?? '' };
  return bool(props.display) ? (
    <div className="folio-math folio-math-display" dangerouslySetInnerHTML={html} />
  ) : (
    <span className="folio-math folio-math-inline" dangerouslySetInnerHTML={html} />
  );
}

/**
 * `<CodeBlock language filename wrap>{code}</CodeBlock>`: a code block written as a component
 * (docs.json sites pass it to their own React components). Grammars not yet loaded show as plain text.
 */
export function CodeBlock(props: AnyProps) {
  const code = textOf(props.children).replace(/\n$/, '');
  const lang = str(props.language) ?? str(props.lang);
  let html: string;
  try {
    html = highlightToHtml(code, lang, new Set());
  } catch {
    // Highlighting is decoration: a grammar that throws shows the code unhighlighted, not a broken page.
    html = `<pre class="shiki" tabindex="0"><code>${escapeHtmlText(code)}</code></pre>`;
  }
  return <FolioCode html={html} lang={lang} title={str(props.filename) ?? str(props.title)} icon={props.icon} wrap={props.wrap} lines={props.lines} />;
}
