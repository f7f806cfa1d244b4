import { describe, expect, it } from 'vitest';
import { utcDay } from './visitor.js';

describe('utcDay', () => {
  it('names the UTC day of a time, across day boundaries and back and forth between days', () => {
    const times = [0, -1, 86_399_999, 86_400_000, Date.UTC(2026, 10, 28, 23, 59, 59, 999), Date.UTC(2026, 10, 29), Date.UTC(2024, 1, 29, 12), Date.UTC(2026, 10, 28, 0, 0, 0, 1), 0];
    expect(times.map(utcDay)).toEqual(times.map((t) => new Date(t).toISOString().slice(0, 10)));
    expect(utcDay(Date.UTC(2026, 10, 28, 23, 59, 59, 999))).toBe('2026-11-28');
    expect(utcDay(Date.UTC(2026, 10, 29))).toBe('2026-11-29');
  });
});
