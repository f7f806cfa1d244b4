import { describe, expect, it } from 'vitest';
import { requestedRange } from './byte-range.js';

describe('requestedRange', () => {
  it('reads single byte ranges, clamped to the file', () => {
    expect(requestedRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(requestedRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(requestedRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(requestedRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(requestedRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(requestedRange(' bytes=5-5 ', 100)).toEqual({ start: 5, end: 5 });
  });

  it('is unsatisfiable past the end, for an empty suffix and for an empty file', () => {
    expect(requestedRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(requestedRange('bytes=100-200', 100)).toBe('unsatisfiable');
    expect(requestedRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(requestedRange('bytes=0-', 0)).toBe('unsatisfiable');
  });

  it('sends the whole file for no, several, malformed or other-unit ranges', () => {
    for (const header of [null, '', 'bytes=0-1,5-6', 'bytes=9-1', 'bytes=-', 'items=0-1', 'bytes=a-b', 'bytes=0-1;x', `bytes=0-${'9'.repeat(30)}`]) {
      expect(requestedRange(header, 100), String(header)).toBeNull();
    }
  });
});
