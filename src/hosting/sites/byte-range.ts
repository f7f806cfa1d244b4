import type { ByteRange } from '../storage/site-store.js';

/**
 * The one range a `Range` header asks of a file of `size` bytes: a range, `'unsatisfiable'` (answer
 * 416), or null to send the whole file. Only single `bytes=` ranges are served (`a-b`, `a-`, `-n`);
 * several ranges, other units and malformed headers get the whole file, which RFC 9110 allows.
 */
export function requestedRange(header: string | null, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // A suffix: the last `n` bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (!Number.isSafeInteger(start) || (last !== '' && !Number.isSafeInteger(end)) || end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
