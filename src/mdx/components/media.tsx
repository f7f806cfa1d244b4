import type { ReactNode } from 'react';
import katex from 'katex';
import { renderIcon } from './icon.js';
import { type AnyProps, bool, cx, needFeature, str, textOf } from './shared.js';

/** `<Frame caption hint>`: a bordered figure around an image or video. */
export function Frame(props: AnyProps) {
  return (
    <figure className="folio-frame">
      {props.hint ? <p className="folio-frame-hint">{props.hint as ReactNode}</p> : null}
      <div className="folio-frame-body">{props.children}</div>
      {props.caption ? <figcaption className="folio-frame-caption">{props.caption as ReactNode}</figcaption> : null}
    </figure>
  );
}

/** `<ZoomImage>` around an `<img>`: the image, marked so the site's script or CSS can enlarge it. */
export function ZoomImage(props: AnyProps) {
  return <div className="folio-zoom-image">{props.children}</div>;
}

/** `<Badge color size shape icon stroke disabled>` */
export function Badge(props: AnyProps) {
  return (
    <span
      className={cx('folio-badge', bool(props.stroke) && 'folio-badge-stroke', bool(props.disabled) && 'folio-badge-disabled')}
      data-color={str(props.color)}
      data-size={str(props.size)}
      data-shape={str(props.shape)}
    >
      {renderIcon(props.icon, { iconType: props.iconType, className: 'folio-badge-icon' })}
      {props.children}
    </span>
  );
}

/** `<Tooltip tip headline cta href>`: the tip is in the HTML (also as `title`), CSS shows it on hover/focus. */
export function Tooltip(props: AnyProps) {
  const tip = str(props.tip) ?? textOf(props.tip as ReactNode);
  const href = str(props.href);
  return (
    <span className="folio-tooltip" tabIndex={0} title={tip}>
      <span className="folio-tooltip-trigger">{props.children}</span>
      <span className="folio-tooltip-content" role="tooltip">
        {props.headline ? <strong className="folio-tooltip-headline">{props.headline as ReactNode}</strong> : null}
        {tip}
        {href ? (
          <a className="folio-tooltip-cta" href={href}>
            {str(props.cta) ?? href}
          </a>
        ) : null}
      </span>
    </span>
  );
}

/** `<Update label description tags>`: a changelog entry; the id comes from the page's heading slugger. */
export function Update(props: AnyProps) {
  const tags = Array.isArray(props.tags) ? props.tags.map((t) => String(t)) : [];
  // `rss` is a text, or `{ title, description }` for the feed item.
  const rss = props.rss && typeof props.rss === 'object' ? (props.rss as Record<string, unknown>) : undefined;
  return (
    <section className="folio-update" id={str(props.id)} data-rss={rss ? str(rss.description) : str(props.rss)} data-rss-title={rss ? str(rss.title) : undefined} data-tags={tags.length ? JSON.stringify(tags) : undefined}>
      <div className="folio-update-meta">
        {props.label ? <p className="folio-update-label">{props.label as ReactNode}</p> : null}
        {props.description ? <p className="folio-update-description">{props.description as ReactNode}</p> : null}
        {tags.length ? (
          <ul className="folio-update-tags">
            {tags.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="folio-update-body">{props.children}</div>
    </section>
  );
}

/** `<Mermaid chart="..."/>` (or a ```mermaid block): the source in `<pre class="mermaid">`, drawn in the browser. */
export function Mermaid(props: AnyProps) {
  needFeature('mermaid');
  const chart = str(props.chart) ?? textOf(props.children);
  // Focusable: a diagram wider than the page scrolls, and keyboard readers must reach it to scroll it.
  return <pre className="mermaid" tabIndex={0}>{chart}</pre>;
}

/** `<Latex>` typeset at build time with KaTeX (errors shown in red by KaTeX, not thrown). */
export function Latex(props: AnyProps) {
  needFeature('math');
  const tex = textOf(props.children);
  const html = katex.renderToString(tex, { displayMode: !bool(props.inline), throwOnError: false, output: 'html' });
  return <span className="folio-math folio-latex" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** `<Tree>`: a file tree; folders are `<details>` so they open without JavaScript. */
export function Tree(props: AnyProps) {
  return (
    <ul className="folio-tree" role="tree">
      {props.children}
    </ul>
  );
}

/** `<Tree.Folder name defaultOpen>` */
function TreeFolder(props: AnyProps) {
  return (
    <li className="folio-tree-folder" role="treeitem">
      <details open={bool(props.defaultOpen) || bool(props.openable === false) || undefined}>
        <summary>
          {renderIcon('folder', { className: 'folio-tree-icon' })}
          {str(props.name)}
        </summary>
        <ul role="group">{props.children}</ul>
      </details>
    </li>
  );
}

/** `<Tree.File name>` */
function TreeFile(props: AnyProps) {
  return (
    <li className="folio-tree-file" role="treeitem">
      {renderIcon('file', { className: 'folio-tree-icon' })}
      {str(props.name)}
    </li>
  );
}

Tree.Folder = TreeFolder;
Tree.File = TreeFile;

/** `<Color variant>` palette with `<Color.Item name value>` swatches and `<Color.Row title>` rows. */
export function Color(props: AnyProps) {
  return (
    <div className="folio-color" data-variant={str(props.variant)}>
      {props.children}
    </div>
  );
}

function ColorItem(props: AnyProps) {
  const value = props.value;
  const light = typeof value === 'object' && value ? str((value as Record<string, unknown>).light) : str(value);
  const dark = typeof value === 'object' && value ? str((value as Record<string, unknown>).dark) : str(value);
  return (
    <div className="folio-color-item" data-light={light} data-dark={dark}>
      <span className="folio-color-swatch" style={{ background: light }} />
      <span className="folio-color-name">{str(props.name)}</span>
      <code className="folio-color-value">{light === dark ? light : `${light} / ${dark}`}</code>
    </div>
  );
}

function ColorRow(props: AnyProps) {
  return (
    <div className="folio-color-row">
      {props.title ? <p className="folio-color-row-title">{props.title as ReactNode}</p> : null}
      {props.children}
    </div>
  );
}

Color.Item = ColorItem;
Color.Row = ColorRow;
