import { getProject, type Database, type ProjectRow } from '../db/index.js';

/**
 * Project rows for the API's write paths, kept for `ttlMs`: every job
 * creation needs the project (repository, rate limit) and a read costs about a
 * third of the request on PGlite. Settings changed elsewhere (dashboard, CLI)
 * apply within the TTL.
 */
export class ProjectCache {
  private readonly rows = new Map<string, { row: ProjectRow | null; until: number }>();

  constructor(
    private readonly db: Database,
    private readonly ttlMs = 2_000,
  ) {}

  /** The project, or null when it does not exist. */
  async get(id: string, now = Date.now()): Promise<ProjectRow | null> {
    const hit = this.rows.get(id);
    if (hit && hit.until > now) return hit.row;
    const row = await getProject(this.db, id);
    if (this.rows.size > 10_000) this.rows.clear();
    this.rows.set(id, { row, until: now + this.ttlMs });
    return row;
  }

  /** Forget a project (after its settings change in this process). */
  invalidate(id: string): void {
    this.rows.delete(id);
  }
}
