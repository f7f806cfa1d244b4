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
 * jobs again and again. On PostgreSQL the notification arrives just after a
 * commit, so a write in this process could be followed by a stale read; there
 * the cache is off by default and each GET is one indexed query.
 */
export class JobCache {
  private readonly entries = new Map<string, CachedJob>();
  private generation = 0;
  private stop: (() => Promise<void>) | null = null;
  private starting: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly enabled: boolean,
    private readonly maxEntries = 10_000,
  ) {}

  /** Subscribe to job changes (once; the first GET calls it). Until subscribed nothing is cached. */
  start(): Promise<void> {
    this.starting ??= this.db
      .listen('folio_agent_jobs', (id) => {
        this.generation++;
        this.entries.delete(id);
      })
      .then((stop) => {
        this.stop = stop;
      });
    return this.starting;
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
    const hit = this.entries.get(id);
    if (hit) return hit.projectId === projectId ? hit : null;
    if (this.enabled && !this.stop) await this.start();
    const generation = this.generation;
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
      this.entries.set(id, entry);
    }
    return entry;
  }
}
