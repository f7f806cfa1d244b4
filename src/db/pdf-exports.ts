import type { Database } from './connection.js';
import { randomBase36 } from './ids.js';

// PDF exports started from the dashboard (migration 0780): one row per export, its PDF kept in the
// row until it expires. At most one export per project runs at a time (a partial unique index).

export type PdfExportScope = 'site' | 'tab' | 'group' | 'page';
export type PdfExportStatus = 'running' | 'done' | 'failed' | 'expired';

export interface PdfExportRow {
  id: string;
  projectId: string;
  scope: PdfExportScope;
  /** The tab's or group's name, or the page's path; null for the whole site. */
  target: string | null;
  language: string | null;
  status: PdfExportStatus;
  progress: string;
  errorCode: string | null;
  error: string | null;
  pages: number | null;
  bytes: number | null;
  fileName: string | null;
  startedBy: string | null;
  createdAt: Date;
  heartbeatAt: Date;
  endedAt: Date | null;
  expiresAt: Date | null;
}

interface RawRow {
  id: string;
  project_id: string;
  scope: PdfExportScope;
  target: string | null;
  language: string | null;
  status: PdfExportStatus;
  progress: string;
  error_code: string | null;
  error: string | null;
  pages: number | null;
  bytes: number | null;
  file_name: string | null;
  started_by: string | null;
  created_at: Date | string;
  heartbeat_at: Date | string;
  ended_at: Date | string | null;
  expires_at: Date | string | null;
}

const COLUMNS = 'id, project_id, scope, target, language, status, progress, error_code, error, pages, bytes, file_name, started_by, created_at, heartbeat_at, ended_at, expires_at';
const date = (v: Date | string | null) => (v === null ? null : new Date(v));

function rowOf(r: RawRow): PdfExportRow {
  return {
    id: r.id,
    projectId: r.project_id,
    scope: r.scope,
    target: r.target,
    language: r.language,
    status: r.status,
    progress: r.progress,
    errorCode: r.error_code,
    error: r.error,
    pages: r.pages === null ? null : Number(r.pages),
    bytes: r.bytes === null ? null : Number(r.bytes),
    fileName: r.file_name,
    startedBy: r.started_by,
    createdAt: new Date(r.created_at),
    heartbeatAt: new Date(r.heartbeat_at),
    endedAt: date(r.ended_at),
    expiresAt: date(r.expires_at),
  };
}

/** Whether a database error is the one-running-export index refusing a second export. */
function isOneRunningConflict(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${(error as { constraint?: string }).constraint ?? ''}` : String(error);
  return /pdf_exports_one_running|duplicate key|unique constraint/i.test(text);
}

/**
 * Record a running export for the project, or null when one is running already. A running export
 * whose heartbeat is older than `staleBefore` (its server stopped while printing) is first recorded
 * as failed, so it does not block the project for ever.
 */
export async function startPdfExport(
  db: Database,
  input: { projectId: string; scope: PdfExportScope; target: string | null; language: string | null; startedBy: string | null; staleBefore: Date },
): Promise<PdfExportRow | null> {
  await settleStalePdfExports(db, input.projectId, input.staleBefore);
  const id = `pdf_${Date.now().toString(36)}${randomBase36(10)}`;
  try {
    const rows = await db.query<RawRow>(
      `INSERT INTO pdf_exports (id, project_id, scope, target, language, status, progress, started_by)
       VALUES ($1, $2, $3, $4, $5, 'running', 'Starting', $6)
       RETURNING ${COLUMNS}`,
      [id, input.projectId, input.scope, input.target, input.language, input.startedBy],
    );
    return rowOf(rows[0]!);
  } catch (error) {
    if (isOneRunningConflict(error)) return null;
    throw error;
  }
}

/** Record as interrupted the project's running exports with no heartbeat since `staleBefore` (their server stopped). */
export async function settleStalePdfExports(db: Database, projectId: string, staleBefore: Date): Promise<void> {
  await db.query(
    `UPDATE pdf_exports SET status = 'failed', error_code = 'PDF_EXPORT_INTERRUPTED', error = $2, ended_at = now()
     WHERE project_id = $1 AND status = 'running' AND heartbeat_at < $3`,
    [projectId, 'The server printing this export stopped before it finished. Start it again.', staleBefore],
  );
}

/** What a running export is doing now (also its heartbeat). */
export async function notePdfExportProgress(db: Database, id: string, progress: string): Promise<void> {
  await db.query(`UPDATE pdf_exports SET progress = $2, heartbeat_at = now() WHERE id = $1 AND status = 'running'`, [id, progress.slice(0, 500)]);
}

/** The export finished: its PDF, kept until `expiresAt`. */
export async function finishPdfExport(db: Database, id: string, done: { content: Uint8Array; fileName: string; pages: number; progress: string; expiresAt: Date }): Promise<void> {
  await db.query(
    `UPDATE pdf_exports SET status = 'done', content = $2, bytes = $3, file_name = $4, pages = $5, progress = $6, ended_at = now(), expires_at = $7, heartbeat_at = now()
     WHERE id = $1 AND status = 'running'`,
    [id, done.content, done.content.byteLength, done.fileName, done.pages, done.progress.slice(0, 500), done.expiresAt],
  );
}

/** The export failed: its code and a message that says why. */
export async function failPdfExport(db: Database, id: string, code: string, message: string): Promise<void> {
  await db.query(`UPDATE pdf_exports SET status = 'failed', error_code = $2, error = $3, ended_at = now(), heartbeat_at = now() WHERE id = $1 AND status = 'running'`, [id, code, message.slice(0, 2000)]);
}

/** Drop the PDFs of exports past their expiry (the rows stay, as `expired`); how many were dropped. */
export async function expirePdfExports(db: Database, now: Date): Promise<number> {
  const rows = await db.query<{ id: string }>(`UPDATE pdf_exports SET status = 'expired', content = NULL WHERE status = 'done' AND expires_at <= $1 RETURNING id`, [now]);
  return rows.length;
}

export async function getPdfExport(db: Database, projectId: string, id: string): Promise<PdfExportRow | null> {
  const [row] = await db.query<RawRow>(`SELECT ${COLUMNS} FROM pdf_exports WHERE project_id = $1 AND id = $2`, [projectId, id]);
  return row ? rowOf(row) : null;
}

/** A project's exports, newest first. */
export async function listPdfExports(db: Database, projectId: string, limit = 20): Promise<PdfExportRow[]> {
  const rows = await db.query<RawRow>(`SELECT ${COLUMNS} FROM pdf_exports WHERE project_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`, [projectId, limit]);
  return rows.map(rowOf);
}

/** A finished export's PDF, or null when it is not done or has expired. */
export async function pdfExportContent(db: Database, projectId: string, id: string, now: Date): Promise<{ content: Uint8Array; fileName: string } | null> {
  const [row] = await db.query<{ content: Uint8Array | null; file_name: string | null }>(
    `SELECT content, file_name FROM pdf_exports WHERE project_id = $1 AND id = $2 AND status = 'done' AND expires_at > $3`,
    [projectId, id, now],
  );
  if (!row?.content || !row.file_name) return null;
  return { content: row.content, fileName: row.file_name };
}
