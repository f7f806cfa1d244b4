/**
 * Copies the repository's static files (images, logos, fonts, downloads, specs) into the site so
 * `/logo/light.svg` in docs.json and `![](/images/x.png)` in pages resolve. Only known asset types
 * are copied: MDX sources, configuration and scripts stay out of the published site.
 */
import { copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

const ASSET_EXTENSIONS = new Set([
  '.png', '.jpg', '.jpeg', '.gif', '.svg', '.webp', '.avif', '.ico', '.bmp',
  '.mp4', '.webm', '.mov', '.mp3', '.pdf', '.zip', '.txt', '.woff', '.woff2', '.ttf', '.otf',
  '.json', '.yaml', '.yml', '.csv',
]);
const SKIP_DIRS = new Set(['node_modules', '.git', '.folio', '.folio-cache', '.cache', '.github', '.vscode']);
const SKIP_FILES = new Set(['docs.json', 'mint.json', 'package.json', 'package-lock.json', 'tsconfig.json']);

/** Copy assets from `root` into `outDir`, skipping files whose size and mtime are unchanged; returns the count copied. */
export async function copyStaticFiles(root: string, outDir: string): Promise<number> {
  const outAbs = path.resolve(outDir);
  let copied = 0;
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    await Promise.all(
      entries.map(async (entry) => {
        const abs = path.join(dir, entry.name);
        if (entry.name.startsWith('.') && entry.name !== '.well-known') return;
        if (entry.isDirectory()) {
          // The output folder may sit inside the docs root (`folio build . --out site`).
          if (SKIP_DIRS.has(entry.name) || abs === outAbs) return;
          return walk(abs);
        }
        if (!entry.isFile() || SKIP_FILES.has(entry.name)) return;
        if (!ASSET_EXTENSIONS.has(path.extname(entry.name).toLowerCase())) return;
        const target = path.join(outAbs, path.relative(root, abs));
        // No copy in the output yet (null): copy it.
        const [src, dst] = await Promise.all([stat(abs), stat(target).catch(() => null)]);
        if (dst && dst.size === src.size && dst.mtimeMs >= src.mtimeMs) return;
        await mkdir(path.dirname(target), { recursive: true });
        await copyFile(abs, target);
        copied++;
      }),
    );
  };
  await walk(path.resolve(root));
  return copied;
}
