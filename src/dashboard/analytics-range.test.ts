import { describe, expect, it } from 'vitest';
import { everyDay, rangeFromQuery, spanLabel } from './analytics-range.js';

const now = Date.parse('2026-12-06T16:00:00Z');

describe('the analytics range from the address', () => {
  it('reads presets ending today, `to` exclusive', () => {
    const of = (range: string) => rangeFromQuery({ range }, { now, since: Date.parse('2026-03-15T10:00:00Z') });
    expect([of('today').from, of('today').to, of('today').days.length]).toEqual(['2026-12-06', '2026-12-07', 1]);
    expect([of('yesterday').from, of('yesterday').to]).toEqual(['2026-12-05', '2026-12-06']);
    expect([of('7d').from, of('7d').days.length, of('7d').label, of('7d').query]).toEqual(['2026-11-30', 7, 'Last 7 days', 'range=7d']);
    expect([of('90d').days.length, of('month').from, of('ytd').from]).toEqual([90, '2026-12-01', '2026-01-01']);
    expect([of('all').from, of('all').label]).toEqual(['2026-03-15', 'All time']);
    expect(of('30d').range.fromDay).toBe('2026-11-07');
    expect(of('30d').range.toDay).toBe('2026-12-07');
  });

  it('reads a custom span, and falls back to the last 30 days for anything it cannot read', () => {
    const custom = rangeFromQuery({ from: '2026-11-20', to: '2026-11-28' }, { now });
    expect([custom.preset, custom.label, custom.query, custom.days.length]).toEqual(['custom', 'Nov 20 – 27', 'from=2026-11-20&to=2026-11-28', 8]);
    for (const q of [{ from: 'x', to: 'y' }, { from: '2026-02-30', to: '2026-03-02' }, { range: '1y' }, { from: '2026-11-20' }]) expect(rangeFromQuery(q, { now }).query).toBe('range=30d');
    // An end before the start is one day; a span past ten years is cut to its last ten.
    expect(rangeFromQuery({ from: '2026-11-20', to: '2026-11-01' }, { now }).days).toEqual(['2026-11-20']);
    expect(rangeFromQuery({ from: '1900-01-01', to: '2026-01-01' }, { now }).days.length).toBe(3_660);
  });

  it('labels spans as people write them', () => {
    expect(spanLabel('2026-11-28', '2026-12-04', now)).toBe('Nov 28 – Dec 3');
    expect(spanLabel('2025-12-28', '2026-01-04', now)).toBe('Dec 28, 2025 – Jan 3, 2026');
    expect(spanLabel('2025-03-02', '2025-03-03', now)).toBe('Mar 2, 2025');
  });

  it('gives every day of the range a row, zeros where a day has none', () => {
    const days = rangeFromQuery({ range: '7d' }, { now }).days;
    const rows = everyDay(days, [{ day: '2026-12-02', n: 4 }], (day) => ({ day, n: 0 }));
    expect(rows.map((r) => r.n)).toEqual([0, 0, 4, 0, 0, 0, 0]);
  });
});
