/**
 * A day's rollups stop changing once the day is over: every event is stamped with the time the
 * server saw it and written within seconds (the collector's queue drains every 250 ms; a full queue
 * of 50,000 in under 10 s), and no statement updates a past day. So what a range's closed days add
 * up to is read from the database once and kept in memory; only the open days (today, and yesterday
 * for the first hour after midnight UTC) are read on each request.
 *
 * Why: the traffic page's top pages over the last 30 days of a busy site add up 2,000 pages × 30
 * days × 2 audiences = 120,000 rollup rows, 0.3–1 s on PGlite and 0.1–0.5 s on PostgreSQL on this
 * 2-core machine under load; the open days are 4,000 rows at most (src/analytics/README.md has the
 * figures). Each server keeps its own memory (closed days are the same in every server's database).
 *
 * Held per database (a test's fresh database starts empty) in a least-recently-used map bounded by
 * rows. An event written for a closed day (a test's or a bench's history, written through
 * `writeEvents`) forgets what was kept for its project.
 */
import type { Database } from '../db/index.js';
import type { SiteKey } from './types.js';
import { utcDay } from './visitor.js';

/** How long after midnight UTC a day still counts as open: late batches of another server land meanwhile. */
const GRACE_MS = 3_600_000;
/** Rows kept per database, all entries together (about 100 bytes each: ~20 MB). */
const MAX_ROWS = 200_000;

/** Days `fromDay` (inclusive) to `toDay` (exclusive), `YYYY-MM-DD` UTC. */
export interface DaySpan {
  fromDay: string;
  toDay: string;
}

/** The first day still open at `now`: days before it are closed. */
export function firstOpenDay(now = Date.now()): string {
  return utcDay(now - GRACE_MS);
}

/** A span's closed days and open days (either null when empty). */
export function splitAtOpenDay(span: DaySpan, now = Date.now()): { closed: DaySpan | null; open: DaySpan | null } {
  const cut = firstOpenDay(now);
  const closedTo = span.toDay < cut ? span.toDay : cut;
  const openFrom = span.fromDay > cut ? span.fromDay : cut;
  return { closed: span.fromDay < closedTo ? { fromDay: span.fromDay, toDay: closedTo } : null, open: openFrom < span.toDay ? { fromDay: openFrom, toDay: span.toDay } : null };
}

type Row = Record<string, unknown>;

/** One database's kept results: key → rows, least recently used first. */
class ClosedDayMemory {
  private readonly entries = new Map<string, Row[]>();
  private rows = 0;
  /** Counts `forget`s: a read that began before one is not kept. */
  generation = 0;

  get(key: string): Row[] | undefined {
    const rows = this.entries.get(key);
    if (rows) {
      this.entries.delete(key);
      this.entries.set(key, rows);
    }
    return rows;
  }

  set(key: string, rows: Row[]): void {
    if (rows.length > MAX_ROWS / 4) return;
    this.delete(key);
    this.entries.set(key, rows);
    this.rows += rows.length;
    for (const [oldest] of this.entries) {
      if (this.rows <= MAX_ROWS) break;
      this.delete(oldest);
    }
  }

  forget(projectId: string): void {
    this.generation++;
    for (const key of [...this.entries.keys()]) if (key.startsWith(`${projectId}\0`)) this.delete(key);
  }

  private delete(key: string): void {
    const rows = this.entries.get(key);
    if (!rows) return;
    this.rows -= rows.length;
    this.entries.delete(key);
  }
}

const memories = new WeakMap<Database, ClosedDayMemory>();

function memoryOf(db: Database): ClosedDayMemory {
  let memory = memories.get(db);
  if (!memory) memories.set(db, (memory = new ClosedDayMemory()));
  return memory;
}

/**
 * The rows `sql` gives over `span`: its closed days' rows from memory (read once), then its open
 * days' rows, read now. `sql` takes $1 project, $2 preview, $3 first day, $4 end day (exclusive),
 * then `extra`; it must give rows that can be added up across day spans (sums and counts grouped by
 * something, or per day), since the caller merges the two reads. Rows come back as JSON values:
 * sums as numbers, times as ISO strings. `name` names the statement in the
 * memory's key, so two statements never share an entry.
 */
export async function rowsOverDays<T extends Row>(db: Database, site: SiteKey, span: DaySpan, name: string, sql: string, extra: unknown[] = [], now = Date.now()): Promise<T[]> {
  const { closed, open } = splitAtOpenDay(span, now);
  // One JSON text instead of a row each: PGlite parses every row of an answer in JavaScript, and
  // today's 2,000 pages came back in 16 ms as rows, 6–7 ms as one text (this machine, under load).
  const read = async (s: DaySpan) => {
    const [row] = await db.query<{ rows: string }>(`SELECT coalesce(json_agg(r), '[]')::text AS rows FROM (${sql}) r`, [site.projectId, site.preview ?? '', s.fromDay, s.toDay, ...extra]);
    return JSON.parse(row?.rows ?? '[]') as T[];
  };
  const [past, current] = await Promise.all([
    closed ? closedRows(db, `${site.projectId}\0${site.preview ?? ''}\0${name}\0${closed.fromDay}\0${closed.toDay}\0${JSON.stringify(extra)}`, () => read(closed)) : Promise.resolve([] as T[]),
    open ? read(open) : Promise.resolve([] as T[]),
  ]);
  return past.length === 0 ? current : current.length === 0 ? past : [...past, ...current];
}

/** Reads in flight per database, so requests that arrive together for one cold entry read it once. */
const readings = new WeakMap<Database, Map<string, Promise<Row[]>>>();

async function closedRows<T extends Row>(db: Database, key: string, read: () => Promise<T[]>): Promise<T[]> {
  const memory = memoryOf(db);
  const kept = memory.get(key) as T[] | undefined;
  if (kept) return kept;
  let reading = readings.get(db);
  if (!reading) readings.set(db, (reading = new Map()));
  let pending = reading.get(key);
  if (!pending) {
    const generation = memory.generation;
    pending = read().then((rows) => {
      if (memory.generation === generation) memory.set(key, rows);
      return rows;
    });
    reading.set(key, pending);
    const done = () => void reading.delete(key);
    void pending.then(done, done);
  }
  return (await pending) as T[];
}

/** Add up rows read over several day spans: one entry per `key` value, each of `fields` summed (as numbers). */
export function addUp<K extends string, F extends string>(rows: Record<string, unknown>[], key: K, fields: readonly F[]): Map<string, Record<F, number>> {
  const out = new Map<string, Record<F, number>>();
  for (const row of rows) {
    const id = String(row[key]);
    let sums = out.get(id);
    if (!sums) out.set(id, (sums = Object.fromEntries(fields.map((f) => [f, 0])) as Record<F, number>));
    for (const f of fields) sums[f] += Number(row[f] ?? 0);
  }
  return out;
}

/** Code-unit order (as PostgreSQL's `C` collation), for ties of merged rows. */
export const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Forget what was kept of these projects' closed days (their rollups of a closed day were just written). */
export function forgetClosedDays(db: Database, projectIds: Iterable<string>): void {
  const memory = memories.get(db);
  if (!memory) return;
  for (const id of new Set(projectIds)) memory.forget(id);
}
