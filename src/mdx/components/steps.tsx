import type { ReactNode } from 'react';
import { renderIcon } from './icon.js';
import { type AnyProps, str } from './shared.js';

/** `<Steps>`: an ordered list, so numbering survives without CSS. */
export const Steps = (props: AnyProps) => (
  <ol className="folio-steps" data-title-size={str(props.titleSize)}>
    {props.children}
  </ol>
);

/** `<Step title icon stepNumber id>` */
export function Step(props: AnyProps) {
  const n = str(props.stepNumber);
  return (
    <li className="folio-step" id={str(props.id)} value={n ? Number(n) || undefined : undefined}>
      <div className="folio-step-marker" aria-hidden="true">
        {renderIcon(props.icon, { iconType: props.iconType, className: 'folio-step-icon' })}
      </div>
      <div className="folio-step-content">
        {props.title ? <p className="folio-step-title">{props.title as ReactNode}</p> : null}
        <div className="folio-step-body">{props.children}</div>
      </div>
    </li>
  );
}
