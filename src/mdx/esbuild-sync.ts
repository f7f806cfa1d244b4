import { createRequire } from 'node:module';

type Esbuild = typeof import('esbuild');

let esbuild: Esbuild | undefined;

/**
 * esbuild for the MDX layer's synchronous transforms (page snippets), required at first use: few
 * pages need it, and importing it with the layer cost every process that loads MDX (folio serve,
 * each test file) about 0.1 s of CPU.
 */
export function esbuildSync(): Esbuild {
  esbuild ??= createRequire(import.meta.url)('esbuild') as Esbuild;
  return esbuild;
}
