import type { ReactNode } from 'react';
import { type AnyProps, cx, str } from './shared.js';

/** True for icon values that point at an image instead of naming an icon. */
function isImageIcon(name: string): boolean {
  return /^(https?:)?\/\//.test(name) || name.startsWith('/') || /\.(svg|png|jpe?g|gif|webp)$/i.test(name);
}

/**
 * A named icon as an empty span with the name in `data-icon` (the site's CSS or icon font draws it,
 * no network request at build time); an image path or URL becomes an `<img>`.
 */
export function renderIcon(icon: unknown, extra: { iconType?: unknown; color?: unknown; size?: unknown; className?: string } = {}): ReactNode {
  if (icon === undefined || icon === null || icon === false) return null;
  if (typeof icon !== 'string') return <span className={cx('folio-icon', extra.className)}>{icon as ReactNode}</span>;
  const color = str(extra.color);
  const size = str(extra.size);
  const style = color || size ? { color, width: size ? `${size}px` : undefined, height: size ? `${size}px` : undefined } : undefined;
  if (isImageIcon(icon)) {
    return <img className={cx('folio-icon', 'folio-icon-img', extra.className)} src={icon} alt="" aria-hidden="true" style={style} />;
  }
  return (
    <span
      className={cx('folio-icon', extra.className)}
      data-icon={icon}
      data-icon-type={str(extra.iconType)}
      aria-hidden="true"
      style={style}
    />
  );
}

/** `<Icon icon="rocket" iconType="solid" color="#f00" size={16} />` */
export function Icon(props: AnyProps) {
  return renderIcon(props.icon, { iconType: props.iconType, color: props.color, size: props.size });
}
