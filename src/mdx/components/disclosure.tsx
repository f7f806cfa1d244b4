import type { ReactNode } from 'react';
import { renderIcon } from './icon.js';
import { type AnyProps, bool, str } from './shared.js';

/** `<Accordion title description icon defaultOpen>`: a native `<details>`, works without JavaScript. */
export function Accordion(props: AnyProps) {
  return (
    <details className="folio-accordion" open={bool(props.defaultOpen) || undefined} id={str(props.id)}>
      <summary className="folio-accordion-summary">
        {renderIcon(props.icon, { iconType: props.iconType, className: 'folio-accordion-icon' })}
        <span className="folio-accordion-title">{props.title as ReactNode}</span>
        {props.description ? <span className="folio-accordion-description">{props.description as ReactNode}</span> : null}
      </summary>
      <div className="folio-accordion-body">{props.children}</div>
    </details>
  );
}

/** A stack of accordions drawn as one bordered group. */
export const AccordionGroup = (props: AnyProps) => <div className="folio-accordion-group">{props.children}</div>;

/** `<Expandable title defaultOpen>`: nested fields under a ParamField/ResponseField. */
export function Expandable(props: AnyProps) {
  const title = str(props.title) ?? 'properties';
  return (
    <details className="folio-expandable" open={bool(props.defaultOpen) || undefined}>
      <summary className="folio-expandable-summary">Show {title}</summary>
      <div className="folio-expandable-body">{props.children}</div>
    </details>
  );
}
