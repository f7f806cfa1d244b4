import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from './connection.js';
import { updates, type UpdateRow } from './schema.js';

/** Where an update was triggered from (a subset of the hosted platform's values). */
export type UpdateSource = 'api' | 'dashboard' | 'internal' | 'github' | 'gitlab';

/** Queue an update of a project's site, or of one of its previews when `previewSlug` is given. */
export async function createUpdate(db: Database, projectId: string, source: UpdateSource = 'api', previewSlug: string | null = null): Promise<UpdateRow> {
  const [row] = await db.orm
    .insert(updates)
    .values({ id: randomUUID(), projectId, status: 'queued', source, summary: 'Queued', logs: [], previewSlug, createdAt: new Date() })
    .returning();
  return row!;
}

/** One update by id, or null. */
export async function getUpdate(db: Database, id: string): Promise<UpdateRow | null> {
  const [row] = await db.orm.select().from(updates).where(eq(updates.id, id)).limit(1);
  return row ?? null;
}

/** A project's updates, newest first. */
export async function listUpdates(db: Database, projectId: string, limit = 20): Promise<UpdateRow[]> {
  return db.orm
    .select()
    .from(updates)
    .where(eq(updates.projectId, projectId))
    .orderBy(desc(updates.createdAt), desc(updates.id))
    .limit(limit);
}

/** queued → in_progress, once; false when the update was already taken. */
export async function startUpdate(db: Database, id: string): Promise<boolean> {
  const rows = await db.orm
    .update(updates)
    .set({ status: 'in_progress', startedAt: new Date(), summary: 'Building' })
    .where(and(eq(updates.id, id), eq(updates.status, 'queued')))
    .returning({ id: updates.id });
  return rows.length === 1;
}

/** Append log lines (batched by the caller). */
export async function appendUpdateLogs(db: Database, id: string, lines: string[]): Promise<void> {
  if (lines.length === 0) return;
  await db.orm
    .update(updates)
    // One array parameter: interpolating the JS array would expand it to a row `($1, $2)`, which is no text[].
    .set({ logs: sql`${updates.logs} || ${sql.param(lines)}::text[]` })
    .where(eq(updates.id, id));
}

/** Record the commit being built. */
export async function setUpdateCommit(
  db: Database,
  id: string,
  commit: { sha: string | null; ref: string | null; message: string | null },
): Promise<void> {
  await db.orm
    .update(updates)
    .set({ commitSha: commit.sha, commitRef: commit.ref, commitMessage: commit.message })
    .where(eq(updates.id, id));
}

/** Move an unfinished update to success or failure, once. */
export async function finishUpdate(
  db: Database,
  id: string,
  { status, summary }: { status: 'success' | 'failure'; summary: string },
): Promise<boolean> {
  const rows = await db.orm
    .update(updates)
    .set({ status, summary, endedAt: new Date() })
    .where(and(eq(updates.id, id), inArray(updates.status, ['queued', 'in_progress'])))
    .returning({ id: updates.id });
  return rows.length === 1;
}

/** Unfinished updates created before `createdBefore` (all when omitted), oldest first. */
export async function listUnfinishedUpdates(db: Database, createdBefore?: Date): Promise<UpdateRow[]> {
  return db.orm
    .select()
    .from(updates)
    .where(and(inArray(updates.status, ['queued', 'in_progress']), createdBefore ? lt(updates.createdAt, createdBefore) : undefined))
    .orderBy(updates.createdAt);
}

/**
 * Fail unfinished updates created before `createdBefore` (all of them when omitted: the single
 * process owning a PGlite directory starts with none running; on a shared PostgreSQL, only
 * updates old enough that their process must have died).
 */
export async function failUnfinishedUpdates(db: Database, summary: string, createdBefore?: Date): Promise<number> {
  const rows = await db.orm
    .update(updates)
    .set({ status: 'failure', summary, endedAt: new Date() })
    .where(
      and(
        inArray(updates.status, ['queued', 'in_progress']),
        createdBefore ? lt(updates.createdAt, createdBefore) : undefined,
      ),
    )
    .returning({ id: updates.id });
  return rows.length;
}
