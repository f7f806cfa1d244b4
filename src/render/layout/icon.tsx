import { isImageIcon } from '../../mdx/index.js';
import type { UiIconName } from '../ui-icons.js';

/** A named icon as `span.folio-icon[data-icon]`, the same hook the MDX components use. */
export function NavIcon({ name }: { name?: string }) {
  if (!name) return null;
  const image = svgIconUrl(name) ?? (isImageIcon(name) ? name : null);
  if (image) return <img className="folio-icon folio-icon-img" src={image} alt="" aria-hidden="true" />;
  return <span className="folio-icon" data-icon={name} aria-hidden="true" />;
}

/** One of the layout's own glyphs (`ui-icons.ts`), drawn by the stylesheet. */
export function UiIcon({ name }: { name: UiIconName }) {
  return <span className={`ui-icon ui-icon-${name}`} aria-hidden="true" />;
}

/** An inline `<svg>` icon as an image URL (no repository markup enters the page). */
function svgIconUrl(svg: string): string | null {
  return svg.trim().startsWith('<svg') ? `data:image/svg+xml,${encodeURIComponent(svg.trim())}` : null;
}

/** Link attributes for internal vs external targets. */
export function linkProps(href: string, external?: boolean): { href: string; rel?: string; target?: string } {
  return external ? { href, rel: 'noopener noreferrer', target: '_blank' } : { href };
}
