import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAUSE_MS, searchCount, type CountedSearch, type SearchCount } from './search-count.js';

describe('which searches count', () => {
  let told: CountedSearch[];
  let count: SearchCount;
  beforeEach(() => {
    vi.useFakeTimers();
    told = [];
    count = searchCount((s) => told.push(s), PAUSE_MS, () => Date.now());
  });
  afterEach(() => vi.useRealTimers());

  /** Type `text` one character at a time, `gap` ms apart, the results of each prefix drawn `answer` ms after its keystroke. */
  const type = (text: string, { from = '', gap = 150, answer = 40, results = 1 } = {}) => {
    for (let i = from.length + 1; i <= text.length; i++) {
      const query = text.slice(0, i);
      count.typed(query);
      vi.advanceTimersByTime(answer);
      count.showed(query, results);
      vi.advanceTimersByTime(gap - answer);
    }
  };

  it('counts the query the reader stopped at, once the session ends, and none of the keystrokes on the way', () => {
    type('zzqxv nonexistent', { results: 0 });
    expect(told).toEqual([]);
    vi.advanceTimersByTime(PAUSE_MS);
    expect(told).toEqual([]);
    count.end();
    expect(told).toEqual([{ query: 'zzqxv nonexistent', results: 0 }]);
    count.end();
    expect(told).toHaveLength(1);
  });

  it('does not count a query the reader paused on and then extended, nor a pause shorter than the threshold', () => {
    type('zzqxv');
    vi.advanceTimersByTime(PAUSE_MS + 200); // Stopped at "zzqxv"...
    type('zzqxv no', { from: 'zzqxv' });
    vi.advanceTimersByTime(PAUSE_MS - 300); // ...a pause mid-word shorter than the threshold...
    type('zzqxv nonexistent', { from: 'zzqxv no' }); // ...and went on.
    count.end();
    expect(told).toEqual([{ query: 'zzqxv nonexistent', results: 1 }]);
  });

  it('counts each query the reader stopped at and then left for another', () => {
    type('checkout');
    vi.advanceTimersByTime(PAUSE_MS);
    count.typed('');
    type('billing');
    count.end();
    expect(told).toEqual([
      { query: 'checkout', results: 1 },
      { query: 'billing', results: 1 },
    ]);
  });

  it('counts a query whose results came after the pause, when they came; one still unanswered at the end is not counted', () => {
    count.typed('slow');
    vi.advanceTimersByTime(PAUSE_MS + 500);
    count.showed('slow', 4);
    count.typed('slow query');
    count.end();
    expect(told).toEqual([]);
    count.typed('slow');
    vi.advanceTimersByTime(PAUSE_MS + 500);
    count.showed('slow', 4);
    count.typed('other');
    count.end();
    expect(told).toEqual([{ query: 'slow', results: 4 }]);
  });

  it('counts the same query once per session, and not a query shown again without being typed', () => {
    type('auth');
    vi.advanceTimersByTime(PAUSE_MS);
    count.typed('');
    type('auth');
    vi.advanceTimersByTime(PAUSE_MS);
    count.end();
    expect(told).toEqual([{ query: 'auth', results: 1 }]);
    // The dialog opened again with the same words: drawn, not typed.
    count.showed('auth', 1);
    vi.advanceTimersByTime(PAUSE_MS);
    count.end();
    expect(told).toHaveLength(1);
  });

  it('tells the query trimmed, with single spaces, at most 200 characters, and compares it without case', () => {
    type('Install');
    vi.advanceTimersByTime(PAUSE_MS);
    count.typed('  install\tguide ');
    count.showed('  install\tguide ', 2);
    count.end();
    expect(told).toEqual([{ query: 'install guide', results: 2 }]);
    count.typed('x'.repeat(300));
    count.showed('x'.repeat(300), 0);
    count.end();
    expect(told[1]!.query).toHaveLength(200);
  });
});
