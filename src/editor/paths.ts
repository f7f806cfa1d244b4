/**
 * Names the editor accepts for pages and images, checked before any path reaches the file system
 * (which then goes through `resolveInside`/`writeFileInside` as well): relative, `/`-separated,
 * no `..`, no hidden segments, a small character set, a bounded length.
 */
import { EditorError } from './codes.js';

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;
export const MAX_PATH_CHARS = 200;

/** The checked path, or an EditorError that says what is wrong with it. */
function checkPath(path: string, what: string, extension: RegExp, hint: string, endings: string): string {
  const p = path.trim();
  if (p === '') throw new EditorError('EDITOR_PATH_INVALID', `The ${what} path is empty.`);
  if (p.length > MAX_PATH_CHARS) throw new EditorError('EDITOR_PATH_INVALID', `The ${what} path is longer than ${MAX_PATH_CHARS} characters.`);
  if (p.startsWith('/') || /^[A-Za-z]:/.test(p)) throw new EditorError('EDITOR_PATH_INVALID', `The ${what} path "${p}" is absolute; give it relative to the docs folder, e.g. ${hint}.`);
  const segments = p.split('/');
  if (segments.some((s) => s === '..' || s === '.')) throw new EditorError('EDITOR_PATH_INVALID', `The ${what} path "${p}" has a "." or ".." segment; paths stay inside the docs folder.`);
  const bad = segments.find((s) => !SEGMENT.test(s));
  if (bad !== undefined) {
    throw new EditorError('EDITOR_PATH_INVALID', `The ${what} path "${p}" has an invalid part "${bad}": use letters, digits, "-", "_" and "." (not first), separated by "/".`);
  }
  if (!extension.test(p)) throw new EditorError('EDITOR_PATH_INVALID', `The ${what} path "${p}" must end with ${endings}.`);
  return p;
}

/** A page file path: `guides/intro.mdx` (`.md` too). */
export function checkPageFile(path: string): string {
  return checkPath(path, 'page', /\.mdx?$/i, 'guides/intro.mdx', '.mdx or .md');
}

/** An image path inside the docs folder: `images/chart.png`. */
export function checkImageFile(path: string): string {
  return checkPath(path, 'image', /\.(png|jpe?g|gif|webp)$/i, 'images/chart.png', '.png, .jpg, .jpeg, .gif or .webp');
}

/** A media file the assets manager lists, moves and deletes (`managers.ts`): images, videos, PDFs. */
export const ASSET_FILE = /\.(png|jpe?g|gif|webp|svg|avif|ico|mp4|webm|pdf)$/i;

/** A media file path inside the docs folder: `images/chart.png`, `videos/demo.mp4`, `files/guide.pdf`. */
export function checkAssetFile(path: string): string {
  return checkPath(path, 'file', ASSET_FILE, 'images/chart.png', 'an image, video or PDF ending (.png, .jpg, .gif, .webp, .svg, .avif, .ico, .mp4, .webm, .pdf)');
}

/** Any file the editor may read or draft: a page, a media file, or docs.json. */
export function checkEditableFile(path: string): string {
  if (path === 'docs.json') return path;
  return /\.mdx?$/i.test(path) ? checkPageFile(path) : checkAssetFile(path);
}

/** The navigation entry of a page file (`guides/intro.mdx` → `guides/intro`). */
export const pageEntryOf = (file: string) => file.replace(/\.mdx?$/i, '');

/** Image type from the first bytes (never from the name): png, jpeg, gif, webp, or null. */
export function sniffImage(bytes: Uint8Array): 'png' | 'jpeg' | 'gif' | 'webp' | null {
  const starts = (...b: number[]) => b.every((v, i) => bytes[i] === v);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return 'webp';
  return null;
}
