/** A thread's anchor, found again the same way on the server and in the browser, and the history's line diff. */
import { describe, expect, it } from 'vitest';
import { findAnchor as inBrowser } from '../../src/client/editor/anchors.js';
import { changedSpan, findAnchor, lineDiff, replaceRange } from '../../src/editor/index.js';

const CASES: [text: string, quote: string, offset: number, from: number | null][] = [
  ['mint and mint and mint', 'mint', 0, 0],
  ['mint and mint and mint', 'mint', 8, 9],
  ['mint and mint and mint', 'mint', 100, 18],
  ['mint and mint and mint', 'mint', 12, 9],
  ['mint and mint and mint', 'basil', 3, null],
  ['mint', '', 0, null],
  ['aaaa', 'aa', 1, 1],
];

describe('anchors', () => {
  it.each(CASES)('finds %j of %j near %i at %j, in both places', (text, quote, offset, from) => {
    const want = from === null ? null : { from, to: from + quote.length };
    expect(findAnchor(text, quote, offset)).toEqual(want);
    expect(inBrowser(text, quote, offset)).toEqual(want);
  });

  it('follows a quote moved by an edit before it', () => {
    const before = 'Spearmint (Mentha spicata) is sweet.';
    const at = before.indexOf('sweet');
    const after = `A new first line.\n${before}`;
    expect(replaceRange(after, findAnchor(after, 'sweet', at)!, 'mild')).toBe('A new first line.\nSpearmint (Mentha spicata) is mild.');
  });

  it('changes one span, never splitting a surrogate pair', () => {
    expect(changedSpan('the garden', 'the herb garden')).toEqual({ at: 4, removed: 0, inserted: 'herb ' });
    expect(changedSpan('a😀b', 'a😃b')).toEqual({ at: 1, removed: 2, inserted: '😃' });
    expect(changedSpan('same', 'same')).toEqual({ at: 4, removed: 0, inserted: '' });
  });

  it('diffs lines: kept head and tail, the smallest change between', () => {
    expect(lineDiff('a\nb\nc\nd', 'a\nx\nc\nd\ne')).toEqual([
      { op: 'same', text: 'a' },
      { op: 'del', text: 'b' },
      { op: 'add', text: 'x' },
      { op: 'same', text: 'c' },
      { op: 'same', text: 'd' },
      { op: 'add', text: 'e' },
    ]);
    expect(lineDiff('one', 'one')).toEqual([{ op: 'same', text: 'one' }]);
  });
});
