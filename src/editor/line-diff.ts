/** One line of a diff: kept, only in the old text (`del`), or only in the new one (`add`). */
export interface DiffLine {
  op: 'same' | 'del' | 'add';
  text: string;
}

/**
 * Past this many cells (old lines × new lines of the part that differs) the lines between the common
 * head and tail are shown as all removed then all added: 4 M cells of 4 bytes is a 16 MB table,
 * about 40 ms here; two 2,000-line pages rewritten throughout stay under it.
 */
export const MAX_DIFF_CELLS = 4_000_000;

/**
 * The lines of `before` and `after` as a diff: the common head and tail kept, the middle by longest
 * common subsequence (the smallest diff in lines), or wholly replaced past `MAX_DIFF_CELLS`.
 */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const out: DiffLine[] = a.slice(0, head).map((text) => ({ op: 'same', text }));
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  if (x.length * y.length > MAX_DIFF_CELLS) {
    out.push(...x.map((text): DiffLine => ({ op: 'del', text })), ...y.map((text): DiffLine => ({ op: 'add', text })));
  } else out.push(...middleDiff(x, y));
  out.push(...a.slice(a.length - tail).map((text): DiffLine => ({ op: 'same', text })));
  return out;
}

/** Longest common subsequence of two line lists, walked into a diff (removals before additions). */
function middleDiff(x: string[], y: string[]): DiffLine[] {
  const n = x.length;
  const m = y.length;
  // lcs[i * (m + 1) + j]: the longest common subsequence of x[i..] and y[j..].
  const lcs = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * (m + 1) + j] = x[i] === y[j] ? lcs[(i + 1) * (m + 1) + j + 1]! + 1 : Math.max(lcs[(i + 1) * (m + 1) + j]!, lcs[i * (m + 1) + j + 1]!);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (x[i] === y[j]) {
      out.push({ op: 'same', text: x[i]! });
      i++;
      j++;
    } else if (lcs[(i + 1) * (m + 1) + j]! >= lcs[i * (m + 1) + j + 1]!) out.push({ op: 'del', text: x[i++]! });
    else out.push({ op: 'add', text: y[j++]! });
  }
  while (i < n) out.push({ op: 'del', text: x[i++]! });
  while (j < m) out.push({ op: 'add', text: y[j++]! });
  return out;
}
