/**
 * The editor's browser code (`src/client/editor/main.ts`: CodeMirror 6 and the page around it),
 * bundled by esbuild once per process and served only on the editor page.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let bundle: Promise<{ js: string; hash: string }> | null = null;

function entry(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const ext of ['.ts', '.js']) {
    const candidate = path.join(here, '..', 'client', 'editor', 'main' + ext);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`editor client sources not found next to ${here}; run \`npm run build\``);
}

/** The minified editor script and a short hash of it (for its cache-busting URL). */
export function editorBundle(): Promise<{ js: string; hash: string }> {
  // esbuild is loaded at first use: most processes that import the editor never bundle it.
  bundle ??= import('esbuild')
    .then(({ build }) => build({ entryPoints: [entry()], bundle: true, minify: true, format: 'esm', target: ['es2020'], write: false, legalComments: 'none', logLevel: 'silent' }))
    .then((r) => {
      const js = r.outputFiles[0]!.text;
      return { js, hash: createHash('sha256').update(js).digest('hex').slice(0, 10) };
    });
  return bundle;
}
