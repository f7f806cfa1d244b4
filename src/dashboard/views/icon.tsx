import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
// The two functions by their own paths: the package's index loads its 65 modules (about 150 ms of CPU), these 10.
import { getIconData } from '@iconify/utils/lib/icon-set/get-icon';
import { iconToSVG } from '@iconify/utils/lib/svg/build';

type IconSet = Parameters<typeof getIconData>[0];

// The dashboard draws Lucide glyphs by their exact names, so it reads the set itself: the MDX layer's
// resolver (names in every library's spelling) would bring the MDX compiler and Shiki with its index.
let lucide: IconSet | undefined;
const glyphs = new Map<string, { viewBox: string; body: string }>();

/** A glyph's viewBox and inner SVG, taken apart once per name (every page draws some twenty). */
function glyph(name: string): { viewBox: string; body: string } {
  let found = glyphs.get(name);
  if (!found) {
    lucide ??= JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@iconify-json/lucide/icons.json'), 'utf8')) as IconSet;
    const data = getIconData(lucide, name);
    if (!data) throw new Error(`no Lucide icon named ${name}`);
    const svg = iconToSVG(data);
    found = { viewBox: svg.attributes.viewBox, body: svg.body };
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
