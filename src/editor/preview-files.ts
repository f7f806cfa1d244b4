/**
 * The repository's files a page's preview links (its own stylesheets and scripts, images, fonts,
 * videos), each with the content type a browser takes it by: the dashboard answers with
 * `X-Content-Type-Options: nosniff`, so a stylesheet sent as text/plain is dropped and the preview
 * loses the site's look (issue 44). Other files of the checkout (MDX sources, docs.json, snippets'
 * code) are not served.
 */
import path from 'node:path';
import type { Site } from '../site/index.js';

/** Content types of the files the preview may load from the docs folder, by extension. */
const FILE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  // Scripts in an SVG do not run as an <img>, and opened alone the asset route's CSP (default-src 'none') stops them.
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.bmp': 'image/bmp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

/** What a request for `file` (docs-folder relative) is: the site's own CSS or JS, another servable file with its type, or nothing. */
export function previewFileKind(site: Site | null, file: string): { kind: 'css' | 'js' | 'file'; type: string } | null {
  const ext = path.extname(file).toLowerCase();
  // Only the `.css`/`.js` files the site links from every page (content's `custom-files.ts`), not snippets' components.
  if (ext === '.css' || ext === '.js') {
    const listed = (ext === '.css' ? site?.index.custom?.css : site?.index.custom?.js) ?? [];
    if (!listed.some((f) => f.file === file)) return null;
    return ext === '.css' ? { kind: 'css', type: 'text/css; charset=utf-8' } : { kind: 'js', type: 'text/javascript; charset=utf-8' };
  }
  const type = FILE_TYPES[ext];
  return type ? { kind: 'file', type } : null;
}
