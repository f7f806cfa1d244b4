import type { Database } from './connection.js';

// Drafts of the web editor (migration 0500): one row per changed file of a project's branch.

export type DraftEncoding = 'utf8' | 'base64' | 'deleted';

export interface EditorDraft {
  projectId: string;
  branch: string;
  /** Docs-folder relative, `/`-separated. */
  path: string;
  encoding: DraftEncoding;
  content: string;
  /** sha1 of the committed file the draft started from; null when the file is new. */
  baseHash: string | null;
  updatedBy: string | null;
  updatedAt: Date;
}

const COLUMNS = `project_id AS "projectId", branch, path, encoding, content, base_hash AS "baseHash", updated_by AS "updatedBy", updated_at AS "updatedAt"`;

/**
 * Store (or replace) the draft of one file. The base hash is the one the first draft of the file
 * recorded: later saves keep it, so a push made meanwhile is still seen as a conflict at publish.
 */
export async function saveEditorDraft(db: Database, draft: Omit<EditorDraft, 'updatedAt'>): Promise<EditorDraft> {
  const [row] = await db.query<EditorDraft>(
    `INSERT INTO editor_drafts (project_id, branch, path, encoding, content, base_hash, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (project_id, branch, path) DO UPDATE
       SET encoding = EXCLUDED.encoding, content = EXCLUDED.content, updated_by = EXCLUDED.updated_by, updated_at = now()
     RETURNING ${COLUMNS}`,
    [draft.projectId, draft.branch, draft.path, draft.encoding, draft.content, draft.baseHash, draft.updatedBy],
  );
  return row!;
}

/** Start a draft again from another committed version (the writer saw a conflict and saved their text over it). */
export async function rebaseEditorDraft(db: Database, projectId: string, branch: string, path: string, baseHash: string | null): Promise<void> {
  await db.query(`UPDATE editor_drafts SET base_hash = $4 WHERE project_id = $1 AND branch = $2 AND path = $3`, [projectId, branch, path, baseHash]);
}

/** Every draft of a branch, by path. */
export async function listEditorDrafts(db: Database, projectId: string, branch: string): Promise<EditorDraft[]> {
  return db.query<EditorDraft>(`SELECT ${COLUMNS} FROM editor_drafts WHERE project_id = $1 AND branch = $2 ORDER BY path`, [projectId, branch]);
}

/** The draft of one file, or null. */
export async function getEditorDraft(db: Database, projectId: string, branch: string, path: string): Promise<EditorDraft | null> {
  const [row] = await db.query<EditorDraft>(`SELECT ${COLUMNS} FROM editor_drafts WHERE project_id = $1 AND branch = $2 AND path = $3`, [projectId, branch, path]);
  return row ?? null;
}

/** Drop the draft of one file (the text is back to the committed one); whether there was one. */
export async function deleteEditorDraft(db: Database, projectId: string, branch: string, path: string): Promise<boolean> {
  const rows = await db.query(`DELETE FROM editor_drafts WHERE project_id = $1 AND branch = $2 AND path = $3 RETURNING path`, [projectId, branch, path]);
  return rows.length === 1;
}

/**
 * Drop the drafts a publish committed: those still holding the committed text (a writer who typed
 * during the publish keeps the newer text as a draft). Returns how many were dropped.
 */
export async function clearPublishedDrafts(db: Database, projectId: string, branch: string, published: Pick<EditorDraft, 'path' | 'encoding' | 'content'>[]): Promise<number> {
  let dropped = 0;
  for (const d of published) {
    const rows = await db.query(
      `DELETE FROM editor_drafts WHERE project_id = $1 AND branch = $2 AND path = $3 AND encoding = $4 AND content = $5 RETURNING path`,
      [projectId, branch, d.path, d.encoding, d.content],
    );
    dropped += rows.length;
  }
  return dropped;
}
