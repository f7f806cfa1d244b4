import { createHash } from 'node:crypto';

/** SHA-1 (hex) of `parts`, each ended by a NUL so `('ab', 'c')` and `('a', 'bc')` differ: the cache keys of builds and the dev server. */
export function hashText(...parts: string[]): string {
  const h = createHash('sha1');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex');
}
