import type { ReactNode } from 'react';
import { isImageIcon } from '../icons/resolve.js';
import { type AnyProps, cx, str } from './shared.js';

/** An inline `<svg>` icon as an image URL: drawn like any image, no markup of the repository enters the page. */
export function svgIconUrl(svg: string): string | null {
  return svg.trim().startsWith('<svg') ? `data:image/svg+xml,${encodeURIComponent(svg.trim())}` : null;
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
  const image = svgIconUrl(icon) ?? (isImageIcon(icon) ? icon : null);
  if (image) {
    return <img className={cx('folio-icon', 'folio-icon-img', extra.className)} src={image} alt="" aria-hidden="true" style={style} />;
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

/** `<Icon icon="rocket" iconType="solid" color="#f00" size={16} />`, or `<Icon src="/images/x.svg" />` for an image. */
export function Icon(props: AnyProps) {
  return renderIcon(props.icon ?? props.src, { iconType: props.iconType, color: props.color, size: props.size, className: str(props.className) });
}
