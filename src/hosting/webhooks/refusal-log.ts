import { pruneRefusals, recordRefusals, type Database, type NewDelivery } from '../../db/index.js';

export interface RefusalLogOptions {
  db: Database;
  log?: (line: string) => void;
  /** Refused deliveries kept per project, newest first (the Updates page shows the last 20). */
  keep?: number;
  /** Refused deliveries older than this are deleted. */
  maxAgeMs?: number;
  /** How long refusals gather before they are written together. */
  windowMs?: number;
  /** Refusals of one project stored one by one per window; the rest of the window are counted in one more row. */
  perWindow?: number;
}

/** Refusals stored per project: about 1 MB at most, each row bounded (db/webhooks.ts). */
export const REFUSALS_KEPT = 1_000;
/** How long a refusal is kept. */
export const REFUSAL_MAX_AGE_MS = 30 * 86_400_000;

type Refusal = Omit<NewDelivery, 'outcome'>;

/** What one project refused in the current window. */
interface Gathered {
  rows: (NewDelivery & { refusedAt: Date })[];
  /** Refusals past `perWindow`: counted, the last one stored for them all. */
  more: number;
  last: (Refusal & { refusedAt: Date }) | null;
}

/**
 * The log of refused webhook deliveries, written off the answer's path. Anyone who can reach the
 * server can send refusals, so what they cost is bounded: each row's texts are cut
 * (`recordRefusals`); a project stores at most `perWindow` (5) refusals a second one by one, and one
 * row more that counts the rest ("and 212 more"); it keeps its newest REFUSALS_KEPT of the last 30
 * days, pruned after each write.
 *
 * Neither the answer nor the answers after it wait for the write. A wrong signature for a project
 * with a secret answered after an insert (7.7 ms median), one for a project that does not exist
 * without it (5.4 ms): the time told whether a project has a secret (issue 48). Written after the
 * answer but one insert each, the refusals still slowed the requests that followed (a run of 400
 * to a project with a secret: 3.8 ms median, to a missing project 1.8 ms; an 80-row insert took
 * 30-100 ms of the embedded database's thread). At most six rows a second per project, written
 * together, cost the database next to nothing whatever is sent.
 */
export class RefusalLog {
  private readonly db: Database;
  private readonly log: (line: string) => void;
  private readonly keep: number;
  private readonly maxAgeMs: number;
  private readonly windowMs: number;
  private readonly perWindow: number;
  private gathered = new Map<string, Gathered>();
  private writing: Promise<void> | null = null;

  constructor({ db, log = () => {}, keep = REFUSALS_KEPT, maxAgeMs = REFUSAL_MAX_AGE_MS, windowMs = 1_000, perWindow = 5 }: RefusalLogOptions) {
    this.db = db;
    this.log = log;
    this.keep = keep;
    this.maxAgeMs = maxAgeMs;
    this.windowMs = windowMs;
    this.perWindow = perWindow;
  }

  /** Note a refusal; returns at once. */
  add(refusal: Refusal): void {
    let project = this.gathered.get(refusal.projectId);
    if (!project) this.gathered.set(refusal.projectId, (project = { rows: [], more: 0, last: null }));
    const refusedAt = new Date();
    if (project.rows.length < this.perWindow) project.rows.push({ ...refusal, outcome: 'refused', refusedAt });
    else {
      project.more++;
      project.last = { ...refusal, refusedAt };
    }
    this.writing ??= this.write();
  }

  /** Resolves once every noted refusal is written (tests; a stopping server). */
  async idle(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async write(): Promise<void> {
    try {
      while (this.gathered.size > 0) {
        await new Promise((resolve) => setTimeout(resolve, this.windowMs).unref());
        const window = this.gathered;
        this.gathered = new Map();
        const rows = [...window.values()].flatMap(({ rows, more, last }) =>
          // The window's last refusal stands for the ones past `perWindow` too.
          last ? [...rows, { ...last, outcome: 'refused' as const, detail: more > 1 ? `${last.detail} (and ${more - 1} more refusals in the same ${this.windowMs / 1000} s, not stored one by one)` : last.detail }] : rows,
        );
        try {
          await recordRefusals(this.db, rows);
          const before = new Date(Date.now() - this.maxAgeMs);
          for (const projectId of window.keys()) await pruneRefusals(this.db, projectId, { keep: this.keep, before });
        } catch (error) {
          this.log(`webhook refusals not logged (${rows.length}): ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    } finally {
      this.writing = null;
    }
  }
}
