import { describe, expect, it } from 'vitest';
import { cronProblem, nextCronTime } from './cron.js';

const at = (iso: string) => new Date(iso);
const next = (expr: string, after: string) => nextCronTime(expr, at(after))?.toISOString() ?? null;

describe('cron', () => {
  it('finds the next minute a schedule names, in UTC', () => {
    expect(next('0 9 * * 1', '2026-11-26T02:10:00Z')).toBe('2026-11-30T09:00:00.000Z'); // Thursday → Monday 09:00
    expect(next('0 9 * * mon', '2026-11-30T09:00:00Z')).toBe('2026-12-07T09:00:00.000Z'); // strictly after
    expect(next('*/15 * * * *', '2026-01-01T00:14:59Z')).toBe('2026-01-01T00:15:00.000Z');
    expect(next('0 0 1 * *', '2026-12-15T12:00:00Z')).toBe('2027-01-01T00:00:00.000Z');
    expect(next('0 8 * * 1-5', '2026-11-28T10:00:00Z')).toBe('2026-11-30T08:00:00.000Z'); // Saturday → Monday
    expect(next('30 6 29 feb *', '2026-03-01T00:00:00Z')).toBe('2028-02-29T06:30:00.000Z');
    expect(next('0 0 * * 7', '2026-11-26T00:00:00Z')).toBe('2026-11-29T00:00:00.000Z'); // 7 is Sunday
  });

  it('matches either day field when both are restricted', () => {
    // The 1st of the month or any Friday: Friday 27 November comes first.
    expect(next('0 12 1 * 5', '2026-11-26T00:00:00Z')).toBe('2026-11-27T12:00:00.000Z');
  });

  it('names the field at fault', () => {
    expect(cronProblem('0 9 * *')).toMatch(/expected 5 fields/);
    expect(cronProblem('61 * * * *')).toMatch(/minute: 61 is outside 0-59/);
    expect(cronProblem('0 9 * * funday')).toMatch(/day of week/);
    expect(cronProblem('0 5-2 * * *')).toMatch(/hour: range 5-2 runs backwards/);
    expect(cronProblem('*/0 * * * *')).toMatch(/step/);
    expect(cronProblem('0 9 * * 1')).toBeNull();
  });

  it('gives null for a date that never comes', () => {
    expect(nextCronTime('0 0 31 2 *', at('2026-01-01T00:00:00Z'))).toBeNull();
  });
});
