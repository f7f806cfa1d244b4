import { renderIcon } from './icon.js';
import { type AnyProps, bool, needFeature, str } from './shared.js';

/**
 * A highlighted code block (`html` is Shiki's `<pre>`, made at build time) with an optional
 * title bar and a copy button: the copy island copies the text of the
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
        className={bool(props.wrap) ? 'folio-code-body folio-code-wrap' : 'folio-code-body'}
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
