import { iconSvg, resolveIcon } from '../../mdx/index.js';

const glyphs = new Map<string, { viewBox: string; body: string }>();

/** A glyph's viewBox and inner SVG, taken apart once per name (every page draws some twenty). */
function glyph(name: string): { viewBox: string; body: string } {
  let found = glyphs.get(name);
  if (!found) {
    const icon = resolveIcon(`lucide:${name}`);
    if (!icon) throw new Error(`no Lucide icon named ${name}`);
    const svg = iconSvg(icon);
    found = { viewBox: /viewBox="([^"]+)"/.exec(svg)?.[1] ?? '0 0 24 24', body: svg.replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '') };
    glyphs.set(name, found);
  }
  return found;
}

/**
 * A Lucide glyph drawn inline (decorative: `aria-hidden`; the control around it carries the label),
 * from the icon set the sites already ship (`@iconify-json/lucide`).
 */
export function Icon({ name, className = 'icon' }: { name: string; className?: string }) {
  const { viewBox, body } = glyph(name);
  return <svg className={className} viewBox={viewBox} aria-hidden="true" focusable="false" dangerouslySetInnerHTML={{ __html: body }} />;
}
