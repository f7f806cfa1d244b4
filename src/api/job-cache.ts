import { createHash } from 'node:crypto';
import type { AgentJobRow, Database } from '../db/index.js';
import { agentJobBody, type AgentJobFields } from './present.js';

/** A job as the GET route sends it: serialized once, reused until the job changes. */
export interface CachedJob {
  projectId: string;
  etag: string;
  json: string;
}

const JOB_BY_ID = `SELECT id, project_id, status, repository, ref, model, pr_link, failure_reason, summary, created_at, archived_at
  FROM agent_jobs WHERE id = $1 AND project_id = $2`;

interface JobRowRaw {
  id: string;
  project_id: string;
  status: AgentJobRow['status'];
  repository: string;
  ref: string | null;
  model: string;
  pr_link: string | null;
  failure_reason: string | null;
  summary: string | null;
  created_at: Date;
  archived_at: Date | null;
}

/**
 * Recently read jobs, ready to send. Every change to a job row fires a
 * trigger that notifies `folio_agent_jobs` (migration 0002), and the entry is
 * dropped. A read that overlaps a change is not cached (generation check), so
 * a stale row is never kept.
 *
 * Why: a PGlite query costs ~100-300 µs of CPU on this machine (WASM, one
 * at a time), more than the rest of the request; pollers ask for the same few
 * jobs again and again. On PostgreSQL each GET was a round trip through the pool and
 * PostgreSQL's own CPU on the same cores (bench:api: ~2,400 req/s, p99 56 ms, against ~10,000 req/s
 * from the cache on PGlite).
 *
 * PostgreSQL delivers the notification shortly after the commit, not before the write's promise
 * resolves as PGlite does. So that this process never reads its own write stale (an API or
 * dashboard write, the in-process agent runner), a hit waits for `notificationsSettled` when the
 * pool was used since the last check (one round trip on the listening connection, shared); in
 * steady polling nothing else uses the pool and a hit costs no round trip. A write by another
 * process (a `folio worker`, the CLI) shows once its notification arrives, milliseconds after its
 * commit. Two guards for notifications that never come: an entry answers for at most `maxAgeMs`
 * (1 s on PostgreSQL, unbounded on PGlite, where the notification is part of the write), and when
 * the listening connection is lost everything is dropped and nothing is cached until a new
 * subscription stands. Concurrent misses of one job share one query.
 */
export class JobCache {
  private readonly entries = new Map<string, CachedJob & { at: number }>();
  private readonly pending = new Map<string, { generation: number; read: Promise<CachedJob | null> }>();
  private generation = 0;
  private stop: (() => Promise<void>) | null = null;
  private starting: Promise<void> | null = null;
  private readonly maxAgeMs: number;

  constructor(
    private readonly db: Database,
    private readonly enabled: boolean,
    private readonly maxEntries = 10_000,
    maxAgeMs?: number,
    private readonly now: () => number = Date.now,
  ) {
    this.maxAgeMs = maxAgeMs ?? (db.kind === 'postgres' ? 1_000 : Number.POSITIVE_INFINITY);
  }

  /** Subscribe to job changes (once; the first GET calls it). Until subscribed nothing is cached. */
  start(): Promise<void> {
    this.starting ??= this.db
      .listen(
        'folio_agent_jobs',
        (id) => this.invalidate(id),
        () => this.lost(),
      )
      .then(
        (stop) => {
          this.stop = stop;
        },
        () => {
          // Not subscribed (database busy or down): serve uncached, try again on a later GET.
          this.starting = null;
        },
      );
    return this.starting;
  }

  /** The subscription ended by itself: what is cached may miss changes from now on. */
  private lost(): void {
    this.stop = null;
    this.starting = null;
    this.generation++;
    this.entries.clear();
  }

  /** A change notification for `id`: drop it, and keep reads already under way from caching it. */
  private invalidate(id: string): void {
    this.generation++;
    this.entries.delete(id);
  }

  /** Unsubscribe and drop everything. */
  async close(): Promise<void> {
    const stop = this.stop;
    this.stop = null;
    this.entries.clear();
    await stop?.();
  }

  /** The job of `projectId` with `id`, ready to send, or null when it does not exist there. */
  async get(projectId: string, id: string): Promise<CachedJob | null> {
    let hit = this.entries.get(id);
    if (hit && this.now() - hit.at >= this.maxAgeMs) {
      this.entries.delete(id);
      hit = undefined;
    }
    if (hit) {
      const settling = this.db.notificationsSettled();
      // A notification delivered meanwhile drops the entry: then read it again.
      if (settling) await settling;
      if (this.entries.get(id) === hit) return hit.projectId === projectId ? hit : null;
    }
    if (this.enabled && !this.stop) await this.start();
    // A read already under way is shared only if nothing changed since it was sent: one sent
    // before a write this process just made could return the row as it was.
    const key = `${projectId} ${id}`;
    const shared = this.pending.get(key);
    if (shared && shared.generation === this.generation) return shared.read;
    const pending = { generation: this.generation, read: this.read(projectId, id) };
    this.pending.set(key, pending);
    void pending.read.finally(() => {
      if (this.pending.get(key) === pending) this.pending.delete(key);
    }).catch(() => undefined);
    return pending.read;
  }

  private async read(projectId: string, id: string): Promise<CachedJob | null> {
    const generation = this.generation;
    const at = this.now();
    const [raw] = await this.db.query<JobRowRaw>(JOB_BY_ID, [id, projectId], 'folio_job_by_id');
    if (!raw) return null;
    // Typed as exactly the body's fields (no cast), so a field the body gains cannot be left out here.
    const row: AgentJobFields = {
      id: raw.id,
      status: raw.status,
      repository: raw.repository,
      ref: raw.ref,
      model: raw.model,
      prLink: raw.pr_link,
      failureReason: raw.failure_reason,
      summary: raw.summary,
      createdAt: new Date(raw.created_at),
      archivedAt: raw.archived_at ? new Date(raw.archived_at) : null,
    };
    const json = JSON.stringify(agentJobBody(row));
    // Derived from the body itself, so any change anyone makes to what a client sees changes the tag.
    const entry: CachedJob = { projectId: raw.project_id, etag: `W/"${createHash('sha1').update(json).digest('base64url')}"`, json };
    if (this.stop && generation === this.generation) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(id, { ...entry, at });
    }
    return entry;
  }
}
