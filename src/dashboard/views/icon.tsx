import { iconSvg, resolveIcon } from '../../mdx/index.js';

/**
 * A Lucide glyph drawn inline (decorative: `aria-hidden`; the control around it carries the label),
 * from the icon set the sites already ship (`@iconify-json/lucide`).
 */
export function Icon({ name, className = 'icon' }: { name: string; className?: string }) {
  const icon = resolveIcon(`lucide:${name}`);
  if (!icon) throw new Error(`no Lucide icon named ${name}`);
  const svg = iconSvg(icon);
  const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1] ?? '0 0 24 24';
  const body = svg.replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '');
  return <svg className={className} viewBox={viewBox} aria-hidden="true" focusable="false" dangerouslySetInnerHTML={{ __html: body }} />;
}
