/** The analytics API's date range and cursors. */
import { AnalyticsError } from './codes.js';
import { utcDay } from './visitor.js';

const DAY_MS = 86_400_000;

/** A range read from `dateFrom`/`dateTo`: times for raw rows, UTC days for the daily rollups (`toDay` exclusive). */
export interface DateRange {
  from: Date;
  to: Date;
  fromDay: string;
  toDay: string;
}

function parseDate(value: string, field: string): Date {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : /^\d{4}-\d{2}-\d{2}T/.test(value) ? new Date(value) : new Date(NaN);
  if (Number.isNaN(date.getTime())) throw new AnalyticsError(400, 'ANALYTICS_BAD_DATE', `${field}: "${value.slice(0, 40)}" is not a date; write YYYY-MM-DD or an ISO 8601 time.`);
  return date;
}

/**
 * `dateFrom` (inclusive) and `dateTo` (exclusive), each `YYYY-MM-DD` or ISO 8601; by default the last
 * 30 days up to now. Rollups are daily (UTC): a bound inside a day takes in that whole day.
 */
export function parseRange(dateFrom: string | undefined, dateTo: string | undefined, now = Date.now()): DateRange {
  const to = dateTo ? parseDate(dateTo, 'dateTo') : new Date(Math.floor(now / DAY_MS) * DAY_MS + DAY_MS);
  const from = dateFrom ? parseDate(dateFrom, 'dateFrom') : new Date(to.getTime() - 30 * DAY_MS);
  if (to.getTime() < from.getTime()) throw new AnalyticsError(400, 'ANALYTICS_BAD_DATE', 'dateTo is before dateFrom; dateTo is the exclusive end of the range.');
  const toDay = to.getTime() % DAY_MS === 0 ? utcDay(to.getTime()) : utcDay(to.getTime() + DAY_MS);
  return { from, to, fromDay: utcDay(from.getTime()), toDay };
}

/**
 * The range just before `range`, of the same length (for the change badges): its times moved back
 * by the range's length, and as many whole days (the rollups' unit) ending where `range`'s first
 * day begins. The last 30 days → the 30 days before them.
 */
export function previousRange(range: DateRange): DateRange {
  const span = range.to.getTime() - range.from.getTime();
  const days = Math.round((Date.parse(range.toDay) - Date.parse(range.fromDay)) / DAY_MS);
  return { from: new Date(range.from.getTime() - span), to: new Date(range.from.getTime()), fromDay: utcDay(Date.parse(range.fromDay) - days * DAY_MS), toDay: range.fromDay };
}

/** An opaque cursor holding a position (JSON, base64url). */
export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function decodeCursor<T>(cursor: string | undefined, check: (value: unknown) => value is T): T | null {
  if (!cursor) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (check(value)) return value;
  } catch {
    // Falls through to the refusal.
  }
  throw new AnalyticsError(400, 'ANALYTICS_BAD_CURSOR', 'cursor: not a cursor this API handed out; start again without one.');
}
