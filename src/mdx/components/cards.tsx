import type { ReactNode } from 'react';
import { renderIcon } from './icon.js';
import { defaultIcons, type Kind } from './callouts.js';
import { type AnyProps, bool, cx, str } from './shared.js';

/** `<Card title icon href horizontal img cta arrow>`: a link when it has `href`, else a box. */
export function Card(props: AnyProps) {
  const href = str(props.href);
  const img = str(props.img);
  const horizontal = bool(props.horizontal);
  // `type` gives the card a callout's colours and default icon (components/cards.mdx "Typed cards").
  const type = str(props.type);
  const kind = type && type in defaultIcons && type !== 'callout' ? (type as Kind) : undefined;
  const external = href ? /^https?:\/\//.test(href) : false;
  // The arrow shows on external links by default; `arrow` turns it on or off for any link card.
  const arrow = href ? (props.arrow === undefined ? external : bool(props.arrow)) : false;
  const cta = str(props.cta);
  const body = (
    <>
      {img ? <img className="folio-card-img" src={img} alt="" loading="lazy" /> : null}
      <div className="folio-card-content">
        {renderIcon(props.icon ?? (kind ? defaultIcons[kind] : undefined), { iconType: props.iconType, color: props.color, className: 'folio-card-icon' })}
        <div className="folio-card-text">
          {props.title ? <p className="folio-card-title">{props.title as ReactNode}</p> : null}
          {props.children ? <div className="folio-card-body">{props.children}</div> : null}
          {cta ? (
            <span className="folio-card-cta">
              {cta}
              <span className="folio-card-cta-arrow" aria-hidden="true">
                →
              </span>
            </span>
          ) : null}
        </div>
        {arrow && !cta ? (
          <span className="folio-card-arrow" aria-hidden="true">
            {external ? '↗' : '→'}
          </span>
        ) : null}
      </div>
    </>
  );
  const className = cx('folio-card', horizontal && 'folio-card-horizontal', href && 'folio-card-link', kind && `folio-card-typed folio-callout-${kind}`);
  if (href) {
    return (
      <a className={className} href={href} {...(external ? { target: '_blank', rel: 'noreferrer' } : {})}>
        {body}
      </a>
    );
  }
  return <div className={className}>{body}</div>;
}

/** A responsive grid; `cols` (1-4, default 2) sets the columns on wide screens. */
function Grid({ props, name }: { props: AnyProps; name: string }) {
  const cols = Math.min(Math.max(Number(props.cols ?? 2) || 2, 1), 6);
  return (
    <div className={cx('folio-grid', name)} data-cols={cols} style={{ ['--folio-cols' as string]: String(cols) }}>
      {props.children}
    </div>
  );
}

export const CardGroup = (props: AnyProps) => <Grid props={props} name="folio-card-group" />;
export const Columns = (props: AnyProps) => <Grid props={props} name="folio-columns" />;
/** One cell of `<Columns>`. */
export const Column = (props: AnyProps) => <div className="folio-column">{props.children}</div>;

/** `<Tile href title description>`: a compact preview link. */
export function Tile(props: AnyProps) {
  const href = str(props.href);
  const inner = (
    <>
      <div className="folio-tile-preview">{props.children}</div>
      {props.title ? <p className="folio-tile-title">{props.title as ReactNode}</p> : null}
      {props.description ? <p className="folio-tile-description">{props.description as ReactNode}</p> : null}
    </>
  );
  return href ? <a className="folio-tile" href={href}>{inner}</a> : <div className="folio-tile">{inner}</div>;
}
