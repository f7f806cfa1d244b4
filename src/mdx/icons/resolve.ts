/**
 * Icon names → glyphs from the Iconify packages of Font Awesome 7 Free (solid, regular, brands),
 * Lucide and Tabler. A set's JSON is read on first use only (fa7-solid is 1.1 MB, tabler 2.1 MB,
 * ~10-25 ms to parse), so a site that uses one library never parses the others.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
// The two functions by their own paths: the package's index loads its 65 modules (about 150 ms of CPU), these 10.
import { getIconData } from '@iconify/utils/lib/icon-set/get-icon';
import { iconToSVG } from '@iconify/utils/lib/svg/build';
import { FONT_AWESOME_ALIASES } from './aliases.js';

/** The libraries `icons.library` can name. */
export type IconLibrary = 'fontawesome' | 'lucide' | 'tabler';

/** A glyph found for a name: its set and its name there (`fa7-solid:house`). */
export interface ResolvedIcon {
  /** `set:name`, stable across builds: the key of the page's CSS rule. */
  id: string;
  set: IconSetName;
  name: string;
}

export type IconSetName = 'fa7-solid' | 'fa7-regular' | 'fa7-brands' | 'lucide' | 'tabler';

type IconifyJSON = Parameters<typeof getIconData>[0];

const require = createRequire(import.meta.url);
const sets = new Map<IconSetName, IconifyJSON>();

function iconSet(name: IconSetName): IconifyJSON {
  let set = sets.get(name);
  if (!set) {
    set = JSON.parse(readFileSync(require.resolve(`@iconify-json/${name}/icons.json`), 'utf8')) as IconifyJSON;
    sets.set(name, set);
  }
  return set;
}

const has = (set: IconSetName, name: string) => {
  const s = iconSet(set);
  return name in s.icons || Boolean(s.aliases && name in s.aliases);
};

/** True for icon values that point at an image (URL or path) instead of naming an icon. */
export function isImageIcon(value: string): boolean {
  return /^(https?:)?\/\//.test(value) || value.startsWith('/') || value.startsWith('data:') || /\.(svg|png|jpe?g|gif|webp|ico)$/i.test(value);
}

/** `fa-solid fa-house`, `fas fa-house`, `fa-house`, `House` → `house`; library prefixes `lucide:x` are kept apart. */
function normalise(raw: string): { name: string; prefix?: string } {
  let name = raw.trim().toLowerCase();
  const prefixed = /^(fa|fontawesome|lucide|tabler|fa7-solid|fa7-regular|fa7-brands):([a-z0-9-]+)$/.exec(name);
  if (prefixed) return { name: prefixed[2]!, prefix: prefixed[1] };
  const words = name.split(/\s+/);
  name = words[words.length - 1]!;
  return { name: name.replace(/^fa-/, '').replace(/_/g, '-') };
}

/** The Font Awesome sets to try, in order, for an `iconType`. Light, thin and duotone are paid styles: regular and solid draw them. */
function fontAwesomeOrder(type: string | undefined): IconSetName[] {
  const t = (type ?? '').toLowerCase();
  if (t === 'brands') return ['fa7-brands', 'fa7-solid', 'fa7-regular'];
  if (t === 'regular' || t === 'light' || t === 'thin' || t.endsWith('-regular') || t.endsWith('-light') || t.endsWith('-thin')) return ['fa7-regular', 'fa7-solid', 'fa7-brands'];
  return ['fa7-solid', 'fa7-brands', 'fa7-regular'];
}

function inFontAwesome(name: string, type: string | undefined): ResolvedIcon | null {
  for (const candidate of [name, FONT_AWESOME_ALIASES[name]]) {
    if (!candidate) continue;
    for (const set of fontAwesomeOrder(type)) if (has(set, candidate)) return { id: `${set}:${candidate}`, set, name: candidate };
  }
  return null;
}

function inSet(set: IconSetName, name: string): ResolvedIcon | null {
  return has(set, name) ? { id: `${set}:${name}`, set, name } : null;
}

/**
 * The glyph for an icon name, or null when no library has it. The site's library is tried first;
 * a name it lacks is looked up in the other libraries (repositories mix Font Awesome and Lucide
 * names: a glyph from another library beats a missing one).
 */
export function resolveIcon(raw: string, options: { type?: string; library?: IconLibrary } = {}): ResolvedIcon | null {
  const { name, prefix } = normalise(raw);
  if (!name) return null;
  if (prefix === 'lucide' || prefix === 'tabler') return inSet(prefix, name);
  if (prefix?.startsWith('fa7-') || prefix === 'fa' || prefix === 'fontawesome') return inFontAwesome(name, prefix.startsWith('fa7-') ? prefix.slice(4) : options.type);
  const library = options.library ?? 'fontawesome';
  const order: IconLibrary[] = library === 'lucide' ? ['lucide', 'fontawesome', 'tabler'] : library === 'tabler' ? ['tabler', 'fontawesome', 'lucide'] : ['fontawesome', 'lucide', 'tabler'];
  for (const lib of order) {
    const found = lib === 'fontawesome' ? inFontAwesome(name, options.type) : inSet(lib, name);
    if (found) return found;
  }
  return null;
}

const svgCache = new Map<string, string>();

/** The glyph as a standalone SVG document (`fill`/`stroke` are `currentColor`, so it also works inline). */
export function iconSvg(icon: ResolvedIcon): string {
  let svg = svgCache.get(icon.id);
  if (!svg) {
    const data = getIconData(iconSet(icon.set), icon.name)!;
    const built = iconToSVG(data);
    svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${built.attributes.viewBox}">${built.body}</svg>`;
    svgCache.set(icon.id, svg);
  }
  return svg;
}

/** The glyph as a CSS `url()` for `mask-image`. */
export function iconMaskUrl(icon: ResolvedIcon): string {
  const svg = iconSvg(icon)
    .replace(/"/g, "'")
    .replace(/[\r\n%#<>?[\\\]^`{|}]/g, encodeURIComponent);
  return `url("data:image/svg+xml,${svg}")`;
}
