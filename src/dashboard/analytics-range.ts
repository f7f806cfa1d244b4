/**
 * The range an analytics screen shows, from its address: a preset (`?range=7d`) or a custom span
 * (`?from=2026-11-01&to=2026-11-08`, `to` exclusive), with its label, the query that keeps it across
 * links, and every day in it (the charts' x axis). Anything unreadable falls back to the last 30 days.
 */
import { parseRange, type DateRange } from '../analytics/index.js';

export const RANGE_PRESETS = [
  { id: 'today', label: 'Today' },
  { id: 'yesterday', label: 'Yesterday' },
  { id: '7d', label: 'Last 7 days' },
  { id: '14d', label: 'Last 14 days' },
  { id: '30d', label: 'Last 30 days' },
  { id: '90d', label: 'Last 90 days' },
  { id: 'month', label: 'This month' },
  { id: 'ytd', label: 'Year to date' },
  { id: 'all', label: 'All time' },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['id'];

export interface ShownRange {
  preset: RangePreset | 'custom';
  /** First day, `YYYY-MM-DD` (UTC). */
  from: string;
  /** The day after the last, `YYYY-MM-DD` (exclusive). */
  to: string;
  label: string;
  /** `range=7d` or `from=…&to=…`: appended to links so the next screen shows the same span. */
  query: string;
  range: DateRange;
  /** Every day of the range, in order. */
  days: string[];
}

const DAY_MS = 86_400_000;
/** Longest custom span: about ten years of days on a chart is already more than a screen can show. */
const MAX_DAYS = 3_660;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const isDay = (v: string | undefined): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && iso(Date.parse(`${v}T00:00:00Z`)) === v;

const short = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const withYear = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** `Nov 20 – 27`, `Nov 28 – Dec 3`, `Dec 28, 2025 – Jan 3, 2026`, or one day; the year only when it is not this one. */
export function spanLabel(from: string, toExclusive: string, now = Date.now()): string {
  const a = new Date(`${from}T00:00:00Z`);
  const b = new Date(Math.max(a.getTime(), Date.parse(`${toExclusive}T00:00:00Z`) - DAY_MS));
  const year = b.getUTCFullYear() === new Date(now).getUTCFullYear() ? '' : `, ${b.getUTCFullYear()}`;
  if (a.getUTCFullYear() !== b.getUTCFullYear()) return `${withYear.format(a)} – ${withYear.format(b)}`;
  if (a.getTime() === b.getTime()) return `${short.format(a)}${year}`;
  if (a.getUTCMonth() === b.getUTCMonth()) return `${short.format(a)} – ${b.getUTCDate()}${year}`;
  return `${short.format(a)} – ${short.format(b)}${year}`;
}

/** The span of a preset ending today; `all` starts at `since` (the project's first day). */
function presetSpan(preset: RangePreset, now: number, since: number): [number, number] {
  const today = dayStart(now);
  const end = today + DAY_MS;
  const d = new Date(today);
  switch (preset) {
    case 'today':
      return [today, end];
    case 'yesterday':
      return [today - DAY_MS, today];
    case '7d':
      return [end - 7 * DAY_MS, end];
    case '14d':
      return [end - 14 * DAY_MS, end];
    case '90d':
      return [end - 90 * DAY_MS, end];
    case 'month':
      return [Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1), end];
    case 'ytd':
      return [Date.UTC(d.getUTCFullYear(), 0, 1), end];
    case 'all':
      return [Math.min(dayStart(since), today), end];
    default:
      return [end - 30 * DAY_MS, end];
  }
}

/** The range an address asks for (see the module comment); `since` is where `all` starts. */
export function rangeFromQuery(query: { range?: string; from?: string; to?: string }, { now = Date.now(), since = now - 365 * DAY_MS }: { now?: number; since?: number } = {}): ShownRange {
  let preset: RangePreset | 'custom' = RANGE_PRESETS.some((p) => p.id === query.range) ? (query.range as RangePreset) : '30d';
  let start: number;
  let end: number;
  if (!query.range && isDay(query.from) && isDay(query.to)) {
    preset = 'custom';
    start = Date.parse(`${query.from}T00:00:00Z`);
    end = Date.parse(`${query.to}T00:00:00Z`);
    if (end <= start) end = start + DAY_MS;
    if (end - start > MAX_DAYS * DAY_MS) start = end - MAX_DAYS * DAY_MS;
  } else {
    [start, end] = presetSpan(preset as RangePreset, now, since);
  }
  const from = iso(start);
  const to = iso(end);
  const days: string[] = [];
  for (let t = start; t < end; t += DAY_MS) days.push(iso(t));
  return {
    preset,
    from,
    to,
    label: preset === 'custom' ? spanLabel(from, to, now) : RANGE_PRESETS.find((p) => p.id === preset)!.label,
    query: preset === 'custom' ? `from=${from}&to=${to}` : `range=${preset}`,
    range: parseRange(from, to, now),
    days,
  };
}

/** Each day of `days` with the figures of `rows` (0 where a day has none): a chart's x axis is the whole range. */
export function everyDay<T extends { day: string }>(days: string[], rows: T[], empty: (day: string) => T): T[] {
  const byDay = new Map(rows.map((r) => [r.day.slice(0, 10), r]));
  return days.map((day) => byDay.get(day) ?? empty(day));
}
