/** Shared helpers for site tests: copy the example site to a temp dir and clean up. */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const EXAMPLES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../examples');

/** A writable copy of `examples/` (tests edit files) plus a sibling output dir. */
export async function exampleCopy(): Promise<{ root: string; out: string; dispose(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'folio-site-'));
  const root = path.join(dir, 'docs');
  await cp(EXAMPLES, root, { recursive: true });
  return { root, out: path.join(dir, 'out'), dispose: () => rm(dir, { recursive: true, force: true }) };
}
