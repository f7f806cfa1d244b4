/**
 * The repository's files a page's preview links (its own stylesheets and scripts, images, fonts,
 * videos), each with the content type a browser takes it by: the dashboard answers with
 * `X-Content-Type-Options: nosniff`, so a stylesheet sent as text/plain is dropped and the preview
 * loses the site's look (issue 44). Other files of the checkout (MDX sources, docs.json, snippets'
 * code) are not served.
 */
import path from 'node:path';
import { CONTENT_TYPES } from '../shared/index.js';
import type { Site } from '../site/index.js';

/** The media the preview may load from the docs folder besides the site's own CSS and JS: images, fonts, videos. */
const MEDIA = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.svg', '.ico', '.bmp', '.woff', '.woff2', '.ttf', '.otf', '.mp4', '.webm']);

/** What a request for `file` (docs-folder relative) is: the site's own CSS or JS, another servable file with its type, or nothing. */
export function previewFileKind(site: Site | null, file: string): { kind: 'css' | 'js' | 'file'; type: string } | null {
  const ext = path.extname(file).toLowerCase();
  // Only the `.css`/`.js` files the site links from every page (content's `custom-files.ts`), not snippets' components.
  if (ext === '.css' || ext === '.js') {
    const listed = (ext === '.css' ? site?.index.custom?.css : site?.index.custom?.js) ?? [];
    if (!listed.some((f) => f.file === file)) return null;
    return ext === '.css' ? { kind: 'css', type: 'text/css; charset=utf-8' } : { kind: 'js', type: 'text/javascript; charset=utf-8' };
  }
  return MEDIA.has(ext) ? { kind: 'file', type: CONTENT_TYPES[ext]! } : null;
}
