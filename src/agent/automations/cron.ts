/**
 * Five-field cron expressions (`minute hour day-of-month month day-of-week`), read in UTC:
 * `*`, numbers, ranges `a-b`, steps `*\/n` and `a-b/n`, lists `a,b`, month and day names
 * (`jan`, `mon`), day of week 0-7 (0 and 7 are Sunday). When both day fields are restricted a
 * day matches either, as in classic cron.
 */
export interface CronSchedule {
  minutes: Set<number>;
  hours: Set<number>;
  days: Set<number>;
  months: Set<number>;
  weekdays: Set<number>;
  /** Both day fields restricted: a day matches when either does. */
  dayOr: boolean;
  daysRestricted: boolean;
  weekdaysRestricted: boolean;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

interface FieldSpec {
  name: string;
  min: number;
  max: number;
  names?: string[];
  /** Added to a name's index (months count from 1). */
  nameBase?: number;
}

const FIELDS: FieldSpec[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: MONTHS, nameBase: 1 },
  { name: 'day of week', min: 0, max: 7, names: WEEKDAYS, nameBase: 0 },
];

function value(text: string, spec: FieldSpec): number {
  const lower = text.toLowerCase();
  const named = spec.names?.indexOf(lower) ?? -1;
  if (named >= 0) return named + (spec.nameBase ?? 0);
  if (!/^\d+$/.test(text)) throw new Error(`${spec.name}: "${text}" is not a number${spec.names ? ` or a name (${spec.names.slice(0, 3).join(', ')}, ...)` : ''}`);
  const n = Number(text);
  if (n < spec.min || n > spec.max) throw new Error(`${spec.name}: ${n} is outside ${spec.min}-${spec.max}`);
  return n;
}

function field(text: string, spec: FieldSpec): Set<number> {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const [range, stepText, extra] = part.split('/');
    if (extra !== undefined || range === undefined || range === '') throw new Error(`${spec.name}: "${part}" is not a value, range or step`);
    let step = 1;
    if (stepText !== undefined) {
      if (!/^\d+$/.test(stepText) || Number(stepText) === 0) throw new Error(`${spec.name}: step "${stepText}" is not a positive number`);
      step = Number(stepText);
    }
    let from: number;
    let to: number;
    if (range === '*') {
      from = spec.min;
      to = spec.max;
    } else if (range.includes('-')) {
      const [a, b] = range.split('-');
      from = value(a ?? '', spec);
      to = value(b ?? '', spec);
      if (from > to) throw new Error(`${spec.name}: range ${range} runs backwards`);
    } else {
      from = value(range, spec);
      to = stepText === undefined ? from : spec.max;
    }
    for (let n = from; n <= to; n += step) out.add(n);
  }
  return out;
}

/** Parse an expression; throws an Error whose message names the field at fault. */
export function parseCron(expression: string): CronSchedule {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5 || parts[0] === '') {
    throw new Error(`expected 5 fields (minute hour day-of-month month day-of-week), got ${parts[0] === '' ? 0 : parts.length}`);
  }
  const [minutes, hours, days, months, weekdays] = parts.map((p, i) => field(p, FIELDS[i]!)) as [Set<number>, Set<number>, Set<number>, Set<number>, Set<number>];
  if (weekdays.delete(7)) weekdays.add(0);
  const daysRestricted = parts[2] !== '*' && !parts[2]!.startsWith('*/');
  const weekdaysRestricted = parts[4] !== '*' && !parts[4]!.startsWith('*/');
  return { minutes, hours, days, months, weekdays, dayOr: daysRestricted && weekdaysRestricted, daysRestricted, weekdaysRestricted };
}

/** The problem with an expression, or null when it parses. */
export function cronProblem(expression: string): string | null {
  try {
    parseCron(expression);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

function dayMatches(s: CronSchedule, d: Date): boolean {
  const dom = s.days.has(d.getUTCDate());
  const dow = s.weekdays.has(d.getUTCDay());
  if (s.dayOr) return dom || dow;
  return dom && dow;
}

/**
 * The first minute strictly after `after` that the schedule names (UTC), or null when none comes
 * within five years (e.g. `0 0 31 2 *`).
 */
export function nextCronTime(expression: string | CronSchedule, after: Date): Date | null {
  const s = typeof expression === 'string' ? parseCron(expression) : expression;
  const t = new Date(after.getTime());
  t.setUTCSeconds(0, 0);
  t.setUTCMinutes(t.getUTCMinutes() + 1);
  const limit = after.getTime() + 5 * 366 * 86_400_000;
  while (t.getTime() <= limit) {
    if (!s.months.has(t.getUTCMonth() + 1)) {
      t.setUTCMonth(t.getUTCMonth() + 1, 1);
      t.setUTCHours(0, 0, 0, 0);
      continue;
    }
    if (!dayMatches(s, t)) {
      t.setUTCDate(t.getUTCDate() + 1);
      t.setUTCHours(0, 0, 0, 0);
      continue;
    }
    if (!s.hours.has(t.getUTCHours())) {
      t.setUTCHours(t.getUTCHours() + 1, 0, 0, 0);
      continue;
    }
    if (!s.minutes.has(t.getUTCMinutes())) {
      t.setUTCMinutes(t.getUTCMinutes() + 1, 0, 0);
      continue;
    }
    return t;
  }
  return null;
}
