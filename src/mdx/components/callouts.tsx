import type { ReactNode } from 'react';
import { renderIcon } from './icon.js';
import { type AnyProps, cx, str } from './shared.js';

export type Kind = 'note' | 'info' | 'tip' | 'warning' | 'check' | 'danger' | 'callout';

/** Each kind's icon when the author gives none (typed cards use the same). */
export const defaultIcons: Record<Kind, string | undefined> = {
  note: 'circle-info',
  info: 'circle-info',
  tip: 'lightbulb',
  warning: 'triangle-exclamation',
  check: 'check',
  danger: 'octagon-exclamation',
  callout: undefined,
};

/** The one callout box every admonition shares; `kind` picks the colour and icon. */
function CalloutBox({ kind, props }: { kind: Kind; props: AnyProps }): ReactNode {
  const color = str(props.color);
  const title = props.title as ReactNode;
  return (
    <div
      className={cx('folio-callout', `folio-callout-${kind}`)}
      role={kind === 'warning' || kind === 'danger' ? 'alert' : 'note'}
      data-callout={kind}
      style={color ? { borderColor: color } : undefined}
    >
      {renderIcon(props.icon ?? defaultIcons[kind], { iconType: props.iconType, color, className: 'folio-callout-icon' })}
      <div className="folio-callout-body">
        {title ? <p className="folio-callout-title">{title}</p> : null}
        {props.children}
      </div>
    </div>
  );
}

export const Note = (props: AnyProps) => <CalloutBox kind="note" props={props} />;
export const Info = (props: AnyProps) => <CalloutBox kind="info" props={props} />;
export const Tip = (props: AnyProps) => <CalloutBox kind="tip" props={props} />;
export const Warning = (props: AnyProps) => <CalloutBox kind="warning" props={props} />;
export const Check = (props: AnyProps) => <CalloutBox kind="check" props={props} />;
export const Danger = (props: AnyProps) => <CalloutBox kind="danger" props={props} />;
/** `<Callout icon="key" color="#FFC107">` a callout with its own icon and colour. */
export const Callout = (props: AnyProps) => <CalloutBox kind="callout" props={props} />;
