/**
 * Copies the repository's static files (images, logos, fonts, downloads, specs) into the site so
 * `/logo/light.svg` in docs.json and `![](/images/x.png)` in pages resolve. Only known asset types
 * are copied: MDX sources, configuration and scripts stay out of the published site.
 */
import { lstat, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../shared/index.js';
import { copyFileInside, eachLimited, prefixCssUrls, realPathInside, toPosixRelative, writeFileInside } from '../shared/index.js';
import { buildProblem } from './codes.js';

const ASSET_EXTENSIONS = new Set([
  '.png', '.jpg', '.jpeg', '.gif', '.svg', '.webp', '.avif', '.ico', '.bmp',
  '.mp4', '.webm', '.mov', '.mp3', '.pdf', '.zip', '.txt', '.woff', '.woff2', '.ttf', '.otf',
  '.json', '.yaml', '.yml', '.csv',
]);
/** Assets copied at once. */
const COPY_CONCURRENCY = 32;
const SKIP_DIRS = new Set(['node_modules', '.git', '.folio', '.folio-cache', '.cache', '.github', '.vscode']);
const SKIP_FILES = new Set(['docs.json', 'mint.json', 'package.json', 'package-lock.json', 'tsconfig.json']);

/**
 * Copy assets from `root` into `outDir`, skipping files whose size and mtime are unchanged; returns
 * the count copied. A symbolic link in the repository is copied only when its real target is a file
 * inside the root (else an error), and a copy never follows a link in the output folder.
 */
export async function copyStaticFiles(root: string, outDir: string, diagnostics: Diagnostic[] = []): Promise<number> {
  const outAbs = path.resolve(outDir);
  // Listed first, folder by folder, then copied a few at a time: a repository of 20,000 assets
  // copied at once opened them all together, past the open-file limit (EMFILE).
  const files: { abs: string; link: boolean }[] = [];
  const folders = [path.resolve(root)];
  for (let dir = folders.pop(); dir !== undefined; dir = folders.pop()) {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const abs = path.join(dir, entry.name);
      if (entry.name.startsWith('.') && entry.name !== '.well-known') continue;
      if (entry.isDirectory()) {
        // The output folder may sit inside the docs root (`folio build . --out site`).
        if (!SKIP_DIRS.has(entry.name) && abs !== outAbs) folders.push(abs);
        continue;
      }
      if (SKIP_FILES.has(entry.name) || !ASSET_EXTENSIONS.has(path.extname(entry.name).toLowerCase())) continue;
      if (entry.isSymbolicLink() || entry.isFile()) files.push({ abs, link: entry.isSymbolicLink() });
    }
  }
  let copied = 0;
  await eachLimited(files, COPY_CONCURRENCY, async ({ abs, link }) => {
    let source = abs;
    if (link) {
      // A link is copied only when its real target is a file inside the docs root.
      const rel = toPosixRelative(root, abs);
      const real = await realPathInside(root, rel);
      if (!real.ok) {
        if (real.reason === 'outside') diagnostics.push(buildProblem('BUILD_PATH_OUTSIDE_ROOT', `${rel} is a symbolic link to a file outside the docs root, so it is not published. Commit the file itself.`, rel, 'error'));
        return;
      }
      source = real.path;
    }
    const target = path.join(outAbs, path.relative(root, abs));
    // No copy in the output yet (null); a link there is not followed: the copy refuses it.
    const [src, dst] = await Promise.all([stat(source), lstat(target).catch(() => null)]);
    if (!src.isFile() || (dst?.isFile() && dst.size === src.size && dst.mtimeMs >= src.mtimeMs)) return;
    await copyFileInside(source, outAbs, target);
    copied++;
  });
  return copied;
}

/**
 * Copy the repository's `.css` and `.js` files that every page links (`PageIndex.custom`) to the same
 * paths in the site (with `basePath`, `url(/…)` in the stylesheets gets it). Discovery skips symbolic
 * links; the real path is checked again here.
 */
export async function copyCustomFiles(site: { root: string; index: { custom?: { css: { file: string }[]; js: { file: string }[] } } }, outDir: string, diagnostics: Diagnostic[] = [], basePath = ''): Promise<number> {
  const files = [...(site.index.custom?.css ?? []), ...(site.index.custom?.js ?? [])];
  const outAbs = path.resolve(outDir);
  await Promise.all(
    files.map(async ({ file }) => {
      const real = await realPathInside(site.root, file);
      if (!real.ok) {
        if (real.reason === 'outside') diagnostics.push(buildProblem('BUILD_PATH_OUTSIDE_ROOT', `${file} leads outside the docs root, so it is not published. Commit the file itself.`, file, 'error'));
        return;
      }
      // Under a base path (`/docs`), a stylesheet's `url(/images/x.png)` must point inside the site too.
      if (basePath && file.toLowerCase().endsWith('.css')) await writeFileInside(outAbs, file, prefixCssUrls(await readFile(real.path, 'utf8'), basePath));
      else await copyFileInside(real.path, outAbs, path.join(outAbs, file));
    }),
  );
  return files.length;
}
