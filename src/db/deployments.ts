import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from './connection.js';
import { deployments, type DeploymentRow } from './schema.js';

/** Where an update was triggered from (a subset of the hosted platform's values). */
export type DeploymentSource = 'api' | 'dashboard' | 'internal';

/** Queue an update of a project's site. */
export async function createDeployment(db: Database, projectId: string, source: DeploymentSource = 'api'): Promise<DeploymentRow> {
  const [row] = await db.orm
    .insert(deployments)
    .values({ id: randomUUID(), projectId, status: 'queued', source, summary: 'Queued', logs: [], createdAt: new Date() })
    .returning();
  return row!;
}

/** One update by id, or null. */
export async function getDeployment(db: Database, id: string): Promise<DeploymentRow | null> {
  const [row] = await db.orm.select().from(deployments).where(eq(deployments.id, id)).limit(1);
  return row ?? null;
}

/** A project's updates, newest first. */
export async function listDeployments(db: Database, projectId: string, limit = 20): Promise<DeploymentRow[]> {
  return db.orm
    .select()
    .from(deployments)
    .where(eq(deployments.projectId, projectId))
    .orderBy(desc(deployments.createdAt), desc(deployments.id))
    .limit(limit);
}

/** queued → in_progress, once; false when the update was already taken. */
export async function startDeployment(db: Database, id: string): Promise<boolean> {
  const rows = await db.orm
    .update(deployments)
    .set({ status: 'in_progress', startedAt: new Date(), summary: 'Building' })
    .where(and(eq(deployments.id, id), eq(deployments.status, 'queued')))
    .returning({ id: deployments.id });
  return rows.length === 1;
}

/** Append log lines (batched by the caller). */
export async function appendDeploymentLogs(db: Database, id: string, lines: string[]): Promise<void> {
  if (lines.length === 0) return;
  await db.orm
    .update(deployments)
    // One array parameter: interpolating the JS array would expand it to a row `($1, $2)`, which is no text[].
    .set({ logs: sql`${deployments.logs} || ${sql.param(lines)}::text[]` })
    .where(eq(deployments.id, id));
}

/** Record the commit being built. */
export async function setDeploymentCommit(
  db: Database,
  id: string,
  commit: { sha: string | null; ref: string | null; message: string | null },
): Promise<void> {
  await db.orm
    .update(deployments)
    .set({ commitSha: commit.sha, commitRef: commit.ref, commitMessage: commit.message })
    .where(eq(deployments.id, id));
}

/** Move an unfinished update to success or failure, once. */
export async function finishDeployment(
  db: Database,
  id: string,
  { status, summary }: { status: 'success' | 'failure'; summary: string },
): Promise<boolean> {
  const rows = await db.orm
    .update(deployments)
    .set({ status, summary, endedAt: new Date() })
    .where(and(eq(deployments.id, id), inArray(deployments.status, ['queued', 'in_progress'])))
    .returning({ id: deployments.id });
  return rows.length === 1;
}

/**
 * Fail unfinished updates created before `createdBefore` (all of them when omitted: the single
 * process owning a PGlite directory starts with none running; on a shared PostgreSQL, only
 * updates old enough that their process must have died).
 */
export async function failUnfinishedDeployments(db: Database, summary: string, createdBefore?: Date): Promise<number> {
  const rows = await db.orm
    .update(deployments)
    .set({ status: 'failure', summary, endedAt: new Date() })
    .where(
      and(
        inArray(deployments.status, ['queued', 'in_progress']),
        createdBefore ? lt(deployments.createdAt, createdBefore) : undefined,
      ),
    )
    .returning({ id: deployments.id });
  return rows.length;
}
