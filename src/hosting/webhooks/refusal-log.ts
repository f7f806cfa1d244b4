import { pruneRefusals, recordRefusals, type Database, type NewDelivery } from '../../db/index.js';

export interface RefusalLogOptions {
  db: Database;
  log?: (line: string) => void;
  /** Refused deliveries kept per project, newest first (the Updates page shows the last 20). */
  keep?: number;
  /** Refused deliveries older than this are deleted. */
  maxAgeMs?: number;
  /** Refusals waiting to be written; more are counted and dropped (a flood writes no faster than the database takes it). */
  maxPending?: number;
}

/** Refusals stored per project: about 1 MB at most, each row bounded (db/webhooks.ts). */
export const REFUSALS_KEPT = 1_000;
/** How long a refusal is kept. */
export const REFUSAL_MAX_AGE_MS = 30 * 86_400_000;

/**
 * The log of refused webhook deliveries, written off the answer's path. Anyone who can reach the
 * server can send refusals, so what they cost is bounded three ways: each row's texts are cut
 * (`recordRefusals`), a project keeps its newest REFUSALS_KEPT of the last 30 days (pruned after
 * each batch is written), and at most `maxPending` wait to be written.
 *
 * The answer does not wait for the write: a wrong signature for a project with a secret answered
 * after an insert (7.7 ms median), one for a project that does not exist without it (5.4 ms), which
 * told whether a project has a secret (issue 48). Both now do the same work before answering: one
 * project lookup and one signature check.
 */
export class RefusalLog {
  private readonly db: Database;
  private readonly log: (line: string) => void;
  private readonly keep: number;
  private readonly maxAgeMs: number;
  private readonly maxPending: number;
  private pending: (NewDelivery & { refusedAt: Date })[] = [];
  private writing: Promise<void> | null = null;
  private dropped = 0;

  constructor({ db, log = () => {}, keep = REFUSALS_KEPT, maxAgeMs = REFUSAL_MAX_AGE_MS, maxPending = 500 }: RefusalLogOptions) {
    this.db = db;
    this.log = log;
    this.keep = keep;
    this.maxAgeMs = maxAgeMs;
    this.maxPending = maxPending;
  }

  /** Queue a refusal for writing; returns at once. */
  add(refusal: Omit<NewDelivery, 'outcome'>): void {
    if (this.pending.length >= this.maxPending) {
      this.dropped++;
      return;
    }
    this.pending.push({ ...refusal, outcome: 'refused', refusedAt: new Date() });
    this.writing ??= this.write();
  }

  /** Resolves once every queued refusal is written (tests; a stopping server). */
  async idle(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async write(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        // One insert for whatever waited meanwhile: a flood is written in a few statements a second.
        const batch = this.pending.splice(0, 200);
        try {
          await recordRefusals(this.db, batch);
          const before = new Date(Date.now() - this.maxAgeMs);
          for (const projectId of new Set(batch.map((r) => r.projectId))) await pruneRefusals(this.db, projectId, { keep: this.keep, before });
        } catch (error) {
          this.log(`webhook refusals not logged (${batch.length}): ${error instanceof Error ? error.message : String(error)}`);
        }
        if (this.dropped > 0) {
          this.log(`webhook refusals not logged (${this.dropped}): more than ${this.maxPending} waited to be written`);
          this.dropped = 0;
        }
      }
    } finally {
      this.writing = null;
    }
  }
}
