/**
 * The ingestion queue: page serving and the events endpoint hand events to `offer`, which only
 * pushes onto a bounded in-memory array (no await, no database), so a burst of events never slows
 * a page. A flusher drains it in batches of `batchSize` (one statement each, `store.ts`) every
 * `flushEveryMs`, or at once when a batch is full. When the queue is at `capacity`, `offer` refuses
 * (the events endpoint answers 503 and counts the refusal; a page view is dropped and counted).
 * Measured on this 2-core machine (`npm run bench:analytics`): see src/analytics/README.md.
 */
import { uuidV7, type Database } from '../db/index.js';
import { countedEventsOn, pruneEvents, pruneFeedback, storedFeedbackOf, writeEvents, writeFeedback, writeRefusals, type StoredEvent, type StoredFeedback, type StoredRefusal } from './store.js';
import type { QueuedEvent, SiteKey } from './types.js';
import { SaltBook, utcDay, visitorHash } from './visitor.js';

export interface CollectorOptions {
  db: Database;
  /** Most events waiting in memory; default 50,000 (about 15 MB). */
  capacity?: number;
  /**
   * Events per write; default 1,000 on PostgreSQL, 500 on PGlite. Preparing a write (visitor
   * hashes, the statement's arrays) runs on the server's thread, about 12 ms per 1,000 events on
   * PostgreSQL, and PGlite runs the whole write there, about 35 ms per 500 on average: a batch is one pause of
   * the requests, so it stays short, and requests are served between batches. (5,000 on PostgreSQL
   * paused pages 55 ms for no more events a second; 2,000 on PGlite, 100 ms.)
   */
  batchSize?: number;
  /** How often the queue is written when no batch is full; default 250 ms. */
  flushEveryMs?: number;
  /** Days raw events are kept; default 90. The daily totals are kept. */
  retentionDays?: number;
  /** Days feedback entries are kept, whatever their status; default 365. */
  feedbackRetentionDays?: number;
  /**
   * Events a project's site (a preview apart) stores a UTC day; default 500,000 (about 150 MB of raw
   * rows). Past it, its page views add to the day's view totals only (no raw row, visitor or
   * referrer: one row per page, whatever the flood) and its searches and result clicks are dropped,
   * counted as `ANALYTICS_PROJECT_FULL` refusals; the beacon endpoint answers 429 until midnight UTC.
   */
  eventsPerProjectDay?: number;
  /**
   * Feedback entries a project's site (a preview apart) stores; default 20,000. Past it new entries
   * are dropped and counted as `ANALYTICS_PROJECT_FULL` until old ones are deleted (the retention, a
   * deleted project).
   */
  feedbackPerProject?: number;
  /** How often old raw events and feedback are deleted, and the caps' counts read again; default hourly. */
  pruneEveryMs?: number;
  log?: (line: string) => void;
}

export interface CollectorStats {
  /** Waiting in memory now. */
  queued: number;
  /** Views and searches written. */
  written: number;
  /** Feedback rows written. */
  feedback: number;
  /** Events lost: refused by a full queue (page views) or in a batch whose write failed. */
  dropped: number;
  /** Refusals by code since start. */
  refused: Record<string, number>;
}

/** `Search` → `search`: trimmed, lower case, inner spaces collapsed, at most 200 characters. */
export function normalizeQuery(query: string): string {
  return query.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, 200);
}

/**
 * An MCP `search` call as stored: a `search` of audience `agent` on channel `mcp`, on the path
 * `/mcp`, its query normalised as the dialog's; how many results it found is not known (the answer
 * is the MCP server's), so it is null. `store.ts` rolls it up apart from the readers' searches.
 */
function agentSearchEvent(e: { projectId: string; query: string }, at: { preview: string; at: Date; day: string; visitor: string }): StoredEvent {
  return { projectId: e.projectId, preview: at.preview, kind: 'search', at: at.at, day: at.day, path: '/mcp', audience: 'agent', channel: 'mcp', visitor: at.visitor, referrerHost: '', query: normalizeQuery(e.query), results: null, opened: null };
}

export class AnalyticsCollector {
  readonly capacity: number;
  private queue: QueuedEvent[] = [];
  private readonly refusals = new Map<string, StoredRefusal>();
  private readonly salts: SaltBook;
  private readonly batchSize: number;
  private readonly retentionDays: number;
  private readonly feedbackRetentionDays: number;
  private readonly eventsPerProjectDay: number;
  private readonly feedbackPerProject: number;
  private readonly pruneEveryMs: number;
  /**
   * What each site counted today (`project\0preview\0day` → events) and stores of feedback
   * (`project\0preview` → entries): read from the database when first needed, then added to as this
   * server writes, read again after each prune (so servers sharing PostgreSQL see each other's
   * writes at least hourly; together they may pass a cap by what the others wrote meanwhile).
   */
  private readonly eventCounts = new Map<string, number>();
  private readonly feedbackCounts = new Map<string, number>();
  /** Caps already reported in the log since the last prune: one line per site and cap. */
  private readonly reported = new Set<string>();
  private readonly log: (line: string) => void;
  private flushing: Promise<void> | null = null;
  private readonly deciding = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null;
  private lastPrune = Date.now();
  private closed = false;
  private readonly counts = { written: 0, feedback: 0, dropped: 0, refused: {} as Record<string, number> };

  constructor(private readonly options: CollectorOptions) {
    const { capacity = 50_000, batchSize = options.db.kind === 'pglite' ? 500 : 1_000, flushEveryMs = 250, retentionDays = 90, feedbackRetentionDays = 365, eventsPerProjectDay = 500_000, feedbackPerProject = 20_000, pruneEveryMs = 3_600_000, log = () => {} } = options;
    this.capacity = capacity;
    this.batchSize = batchSize;
    this.retentionDays = retentionDays;
    this.feedbackRetentionDays = feedbackRetentionDays;
    this.eventsPerProjectDay = eventsPerProjectDay;
    this.feedbackPerProject = feedbackPerProject;
    this.pruneEveryMs = pruneEveryMs;
    this.log = log;
    this.salts = new SaltBook(options.db);
    this.timer = setInterval(() => this.kick(), flushEveryMs);
    this.timer.unref();
  }

  /** True when `offer` would refuse. */
  get full(): boolean {
    return this.queue.length >= this.capacity;
  }

  /** Queue an event; false (and counted as dropped) when the queue is full or the collector closed. */
  offer(event: QueuedEvent): boolean {
    if (this.closed || this.queue.length >= this.capacity) {
      this.counts.dropped++;
      return false;
    }
    this.queue.push(event);
    if (this.queue.length >= this.batchSize) this.kick();
    return true;
  }

  /**
   * Queue the event `decided` resolves to, if any, once it does (a view waits for the build's page
   * list); `flush` waits for those still deciding, so it writes everything offered before it.
   */
  offerWhen(decided: Promise<QueuedEvent | null>): void {
    const settled = decided.then(
      (event) => void (event && this.offer(event)),
      () => undefined, // Undecidable (storage trouble): not counted.
    );
    this.deciding.add(settled);
    void settled.finally(() => this.deciding.delete(settled));
  }

  /** Count a refused event by code (stored as a daily count; the event itself never is). */
  refuse(site: SiteKey, code: string, at = Date.now()): void {
    this.counts.refused[code] = (this.counts.refused[code] ?? 0) + 1;
    const day = utcDay(at);
    const key = `${site.projectId}\0${day}\0${code}`;
    const row = this.refusals.get(key);
    if (row) row.refused++;
    else if (this.refusals.size < 10_000) this.refusals.set(key, { projectId: site.projectId, day, code, refused: 1 });
  }

  /**
   * Whether a site is known to be past its cap for a beacon event of this type (feedback: its stored
   * entries; a search or a result click: today's events); false while its count is not read yet (the
   * write path checks again and drops what is past the cap).
   */
  pastCap(site: SiteKey, type: 'feedback' | 'search' | 'search_open', at = Date.now()): boolean {
    const preview = site.preview ?? '';
    if (type === 'feedback') return (this.feedbackCounts.get(feedbackKey(site.projectId, preview)) ?? 0) >= this.feedbackPerProject;
    return (this.eventCounts.get(eventKey(site.projectId, preview, utcDay(at))) ?? 0) >= this.eventsPerProjectDay;
  }

  stats(): CollectorStats {
    return { queued: this.queue.length, ...this.counts, refused: { ...this.counts.refused } };
  }

  /** Write everything queued so far (tests, shutdown). */
  async flush(): Promise<void> {
    await Promise.all(this.deciding);
    while (this.flushing) await this.flushing;
    this.kick();
    while (this.flushing) await this.flushing;
  }

  /** Stop the timer and write what is queued. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
    this.closed = true;
  }

  private kick(): void {
    if (this.flushing) return;
    if (this.queue.length === 0 && this.refusals.size === 0 && Date.now() - this.lastPrune < this.pruneEveryMs) return;
    this.flushing = this.drain().finally(() => {
      this.flushing = null;
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.length <= this.batchSize ? this.queue : this.queue.slice(0, this.batchSize);
      this.queue = batch === this.queue ? [] : this.queue.slice(this.batchSize);
      try {
        await this.write(batch);
      } catch (error) {
        this.counts.dropped += batch.length;
        this.log(`analytics: a batch of ${batch.length} events could not be written and was dropped: ${(error as Error).message}`);
      }
      // Requests waiting meanwhile are served before the next batch: PGlite answers within the same
      // turn of the event loop, so a backlog written back to back would hold the server until it is gone.
      if (this.queue.length > 0) await new Promise((resolve) => setImmediate(resolve));
    }
    if (this.refusals.size > 0) {
      const rows = [...this.refusals.values()];
      this.refusals.clear();
      await writeRefusals(this.options.db, rows).catch((error: unknown) => this.log(`analytics: refusal counts not written: ${(error as Error).message}`));
    }
    if (Date.now() - this.lastPrune >= this.pruneEveryMs) {
      this.lastPrune = Date.now();
      await pruneEvents(this.options.db, this.retentionDays)
        .then((n) => n > 0 && this.log(`analytics: deleted ${n} raw events older than ${this.retentionDays} days`))
        .catch((error: unknown) => this.log(`analytics: pruning raw events failed: ${(error as Error).message}`));
      await pruneFeedback(this.options.db, this.feedbackRetentionDays)
        .then((n) => n > 0 && this.log(`analytics: deleted ${n} feedback entries older than ${this.feedbackRetentionDays} days`))
        .catch((error: unknown) => this.log(`analytics: pruning feedback failed: ${(error as Error).message}`));
      // Read the caps' counts again: other servers' writes, deleted entries, past days forgotten.
      this.eventCounts.clear();
      this.feedbackCounts.clear();
      this.reported.clear();
    }
  }

  private async write(batch: QueuedEvent[]): Promise<void> {
    const events: StoredEvent[] = [];
    const feedback: StoredFeedback[] = [];
    // A batch's events are nearly all of one day: each day's salt is asked once, not awaited per event.
    const salts = new Map<string, string>();
    for (const e of batch) {
      const day = utcDay(e.at);
      const preview = e.preview ?? '';
      const at = new Date(e.at);
      let salt = salts.get(day);
      if (salt === undefined) salts.set(day, (salt = await this.salts.saltFor(day)));
      const visitor = visitorHash(salt, e.projectId, e.address, e.userAgent);
      if (e.kind === 'view') {
        events.push({ projectId: e.projectId, preview, kind: 'view', at, day, path: e.path, audience: e.audience, channel: e.channel, visitor, referrerHost: e.referrerHost, query: null, results: null, opened: null });
        continue;
      }
      if (e.kind === 'agent_search') {
        events.push(agentSearchEvent(e, { preview, at, day, visitor }));
        continue;
      }
      const b = e.event;
      if (b.type === 'feedback') {
        feedback.push({ id: uuidV7(e.at), projectId: e.projectId, preview, path: b.path, source: b.source, helpful: b.helpful, comment: b.comment, contact: b.contact, code: b.code, filename: b.filename, lang: b.lang, reason: b.reason ?? null, at });
      } else {
        const common = { projectId: e.projectId, preview, at, day, path: b.path, audience: 'human' as const, channel: 'beacon', visitor, referrerHost: '', query: normalizeQuery(b.query) };
        events.push(b.type === 'search' ? { ...common, kind: 'search', results: b.results, opened: null } : { ...common, kind: 'search_open', results: null, opened: b.opened });
      }
    }
    const kept = await this.withinCaps(events, feedback);
    this.counts.written += await this.writeApart(kept.events, (rows) => writeEvents(this.options.db, rows));
    this.counts.feedback += await this.writeApart(kept.feedback, async (rows) => (await writeFeedback(this.options.db, rows), rows.length));
  }

  /**
   * A batch within its sites' caps: a page view past the day's cap is marked to add to the view
   * totals only; a search, result click or feedback entry past its cap is dropped and counted as an
   * `ANALYTICS_PROJECT_FULL` refusal, logged once per site and cap until the next prune.
   */
  private async withinCaps(events: StoredEvent[], feedback: StoredFeedback[]): Promise<{ events: StoredEvent[]; feedback: StoredFeedback[] }> {
    const db = this.options.db;
    const full = (projectId: string, preview: string, what: string) => {
      this.refuse({ projectId, preview: preview || null }, 'ANALYTICS_PROJECT_FULL');
      const key = `${projectId}\0${preview}\0${what}`;
      if (this.reported.has(key)) return;
      this.reported.add(key);
      this.log(`analytics: ${projectId}${preview ? ` (preview ${preview})` : ''} reached its cap of ${what}; more are counted as ANALYTICS_PROJECT_FULL and not stored`);
    };
    const keptEvents: StoredEvent[] = [];
    for (const e of events) {
      const key = eventKey(e.projectId, e.preview, e.day);
      let used = this.eventCounts.get(key);
      if (used === undefined) used = await countedEventsOn(db, e.projectId, e.preview, e.day);
      this.eventCounts.set(key, used + 1);
      if (used < this.eventsPerProjectDay) keptEvents.push(e);
      else if (e.kind === 'view') keptEvents.push({ ...e, keep: false });
      else full(e.projectId, e.preview, `${this.eventsPerProjectDay} events on ${e.day}`);
    }
    const keptFeedback: StoredFeedback[] = [];
    for (const f of feedback) {
      const key = feedbackKey(f.projectId, f.preview);
      let used = this.feedbackCounts.get(key);
      if (used === undefined) used = await storedFeedbackOf(db, f.projectId, f.preview);
      if (used < this.feedbackPerProject) {
        this.feedbackCounts.set(key, used + 1);
        keptFeedback.push(f);
      } else {
        this.feedbackCounts.set(key, used);
        full(f.projectId, f.preview, `${this.feedbackPerProject} feedback entries`);
      }
    }
    return { events: keptEvents, feedback: keptFeedback };
  }

  /**
   * Write rows in one statement; when the database refuses a value of one of them (SQLSTATE class
   * 22, a data exception: a NUL in a text, say), write each half apart, down to the one row it
   * cannot take, which is dropped and counted as an `ANALYTICS_UNWRITABLE` refusal. So one bad event
   * costs itself and about 2·log2(batch) statements (20 for a batch of 1,000), never the other
   * readers' events. Any other failure (the database down) is thrown: splitting would only repeat it.
   * Each statement is whole or nothing (`store.ts`), so no row is written twice.
   */
  private async writeApart<T extends { projectId: string; preview: string }>(rows: T[], write: (rows: T[]) => Promise<number>): Promise<number> {
    if (rows.length === 0) return 0;
    try {
      return await write(rows);
    } catch (error) {
      if (!isDataError(error)) throw error;
      if (rows.length === 1) {
        const row = rows[0]!;
        this.refuse({ projectId: row.projectId, preview: row.preview || null }, 'ANALYTICS_UNWRITABLE');
        this.log(`analytics: an event of ${row.projectId} could not be written and was dropped (ANALYTICS_UNWRITABLE): ${(error as Error).message}`);
        return 0;
      }
      const half = rows.length >> 1;
      return (await this.writeApart(rows.slice(0, half), write)) + (await this.writeApart(rows.slice(half), write));
    }
  }
}

/** A PostgreSQL data exception (SQLSTATE class 22), on PGlite and PostgreSQL alike: the statement's values, not the database, are at fault. */
function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

/** The keys of the caps' counts: a site's events of a UTC day, a site's stored feedback. */
const eventKey = (projectId: string, preview: string, day: string) => `${projectId}\0${preview}\0${day}`;
const feedbackKey = (projectId: string, preview: string) => `${projectId}\0${preview}`;
