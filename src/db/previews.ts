import { and, desc, eq, lt } from 'drizzle-orm';
import type { Database } from './connection.js';
import { previews, updates, type PreviewRow, type UpdateRow } from './schema.js';

/** The preview of a project's branch, or null. */
export async function getPreviewByBranch(db: Database, projectId: string, branch: string): Promise<PreviewRow | null> {
  const [row] = await db.orm.select().from(previews).where(and(eq(previews.projectId, projectId), eq(previews.branch, branch))).limit(1);
  return row ?? null;
}

/** The preview with this slug, or null. */
export async function getPreviewBySlug(db: Database, projectId: string, slug: string): Promise<PreviewRow | null> {
  const [row] = await db.orm.select().from(previews).where(and(eq(previews.projectId, projectId), eq(previews.slug, slug))).limit(1);
  return row ?? null;
}

/**
 * Record the preview of `branch` under `slug` (created on first use), pointing at its latest
 * update, and mark it as used now (the TTL sweep counts from here).
 */
export async function savePreview(db: Database, projectId: string, branch: string, slug: string, updateId: string): Promise<PreviewRow> {
  const now = new Date();
  const [row] = await db.orm
    .insert(previews)
    .values({ projectId, slug, branch, updateId, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [previews.projectId, previews.slug], set: { branch, updateId, updatedAt: now } })
    .returning();
  return row!;
}

/** A preview with its latest update (null before the first one is recorded). */
export interface PreviewWithUpdate extends PreviewRow {
  update: UpdateRow | null;
}

/** A project's previews, most recently used first, each with its latest update. */
export async function listPreviews(db: Database, projectId: string, limit = 50): Promise<PreviewWithUpdate[]> {
  const rows = await db.orm
    .select({ preview: previews, update: updates })
    .from(previews)
    .leftJoin(updates, eq(updates.id, previews.updateId))
    .where(eq(previews.projectId, projectId))
    .orderBy(desc(previews.updatedAt), previews.slug)
    .limit(limit);
  return rows.map((r) => ({ ...r.preview, update: r.update }));
}

/** Delete one preview's row; true when it existed. */
export async function deletePreview(db: Database, projectId: string, slug: string): Promise<boolean> {
  const rows = await db.orm
    .delete(previews)
    .where(and(eq(previews.projectId, projectId), eq(previews.slug, slug)))
    .returning({ slug: previews.slug });
  return rows.length === 1;
}

/** Previews not triggered since `before` (candidates for the TTL sweep). */
export async function stalePreviews(db: Database, before: Date): Promise<PreviewRow[]> {
  return db.orm.select().from(previews).where(lt(previews.updatedAt, before)).orderBy(previews.updatedAt);
}
