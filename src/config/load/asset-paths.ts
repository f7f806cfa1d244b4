import path from 'node:path';
import type { DocsConfig } from '../schema/docs-config.js';

/**
 * A file path of a site-level setting as the docs root resolves it: `./logo/light.png` and
 * `logo/light.png` are `/logo/light.png`. The platform reads these settings from the docs root;
 * written as they are into every page, a relative path would resolve against each page's own
 * URL (`/introduction/logo/light.png`). URLs (`https:`, `data:`, `//host`) and root-relative
 * paths are kept as written.
 */
export function rootRelativeAsset(value: string): string {
  if (value === '' || value.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(value)) return value;
  return path.posix.normalize(`/${value}`);
}

type Image = string | { light: string; dark: string };

function image<T extends Image>(value: T): T {
  if (typeof value === 'string') return rootRelativeAsset(value) as T;
  return { ...(value as Exclude<Image, string>), light: rootRelativeAsset(value.light), dark: rootRelativeAsset(value.dark) } as T;
}

const face = <T extends { source?: string | undefined } | undefined>(value: T): T =>
  (value?.source === undefined ? value : { ...value, source: rootRelativeAsset(value.source) }) as T;

/** The config with its site-level files (logo, favicon, background image, thumbnail background, font files) root-relative. */
export function withRootRelativeAssets(config: DocsConfig): DocsConfig {
  const out: DocsConfig = { ...config };
  if (config.logo !== undefined) out.logo = image(config.logo);
  if (config.favicon !== undefined) out.favicon = image(config.favicon);
  if (config.background?.image !== undefined) out.background = { ...config.background, image: image(config.background.image) };
  if (config.thumbnails?.background !== undefined) out.thumbnails = { ...config.thumbnails, background: rootRelativeAsset(config.thumbnails.background) };
  if (config.fonts) {
    const fonts = { ...face(config.fonts) };
    if (fonts.heading) fonts.heading = face(fonts.heading);
    if (fonts.body) fonts.body = face(fonts.body);
    out.fonts = fonts;
  }
  return out;
}
