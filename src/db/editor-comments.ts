import type { Database } from './connection.js';
import { uuidV7 } from './ids.js';

// Comments and suggestions of the web editor (migration 0710): threads on a page, each with its messages.

export type ThreadKind = 'comment' | 'suggestion';
export type ThreadStatus = 'open' | 'resolved' | 'accepted' | 'rejected';

export interface EditorPageKey {
  projectId: string;
  branch: string;
  /** Docs-folder relative, `/`-separated. */
  path: string;
}

export interface EditorComment {
  id: string;
  threadId: string;
  authorId: string | null;
  authorEmail: string;
  body: string;
  createdAt: Date;
}

export interface EditorThread {
  id: string;
  kind: ThreadKind;
  quote: string;
  /** Where the quote started when the thread was made (UTF-16 units). */
  offset: number;
  /** A suggestion's new text for the quote; null for a comment. */
  replacement: string | null;
  status: ThreadStatus;
  authorId: string | null;
  authorEmail: string;
  createdAt: Date;
  decidedBy: string | null;
  decidedAt: Date | null;
  comments: EditorComment[];
}

const THREAD_COLUMNS = `id, kind, quote, anchor_offset AS "offset", replacement, status, author_id AS "authorId", author_email AS "authorEmail", created_at AS "createdAt", decided_by AS "decidedBy", decided_at AS "decidedAt"`;
const COMMENT_COLUMNS = `id, thread_id AS "threadId", author_id AS "authorId", author_email AS "authorEmail", body, created_at AS "createdAt"`;

type ThreadRow = Omit<EditorThread, 'comments'>;

/** The threads of a page, oldest first, with their messages. */
export async function listEditorThreads(db: Database, key: EditorPageKey): Promise<EditorThread[]> {
  const threads = await db.query<ThreadRow>(`SELECT ${THREAD_COLUMNS} FROM editor_threads WHERE project_id = $1 AND branch = $2 AND path = $3 ORDER BY created_at, id`, [key.projectId, key.branch, key.path]);
  if (!threads.length) return [];
  const comments = await db.query<EditorComment>(
    `SELECT ${COMMENT_COLUMNS} FROM editor_comments WHERE thread_id IN (SELECT id FROM editor_threads WHERE project_id = $1 AND branch = $2 AND path = $3) ORDER BY created_at, id`,
    [key.projectId, key.branch, key.path],
  );
  const byThread = new Map(threads.map((t) => [t.id, { ...t, comments: [] as EditorComment[] }]));
  for (const c of comments) byThread.get(c.threadId)?.comments.push(c);
  return [...byThread.values()];
}

/** One thread of a page (with its messages), or null. */
export async function getEditorThread(db: Database, key: EditorPageKey, id: string): Promise<EditorThread | null> {
  const [thread] = await db.query<ThreadRow>(`SELECT ${THREAD_COLUMNS} FROM editor_threads WHERE project_id = $1 AND branch = $2 AND path = $3 AND id = $4`, [key.projectId, key.branch, key.path, id]);
  if (!thread) return null;
  const comments = await db.query<EditorComment>(`SELECT ${COMMENT_COLUMNS} FROM editor_comments WHERE thread_id = $1 ORDER BY created_at, id`, [id]);
  return { ...thread, comments };
}

/** How many threads of a page are still open (the per-page cap counts these). */
export async function countOpenEditorThreads(db: Database, key: EditorPageKey): Promise<number> {
  const [row] = await db.query<{ n: number | string }>(`SELECT count(*) AS n FROM editor_threads WHERE project_id = $1 AND branch = $2 AND path = $3 AND status = 'open'`, [key.projectId, key.branch, key.path]);
  return Number(row?.n ?? 0);
}

/** A new thread with its first message (none for a suggestion without one). */
export async function createEditorThread(
  db: Database,
  key: EditorPageKey,
  thread: { kind: ThreadKind; quote: string; offset: number; replacement: string | null; author: { id: string; email: string }; body: string },
): Promise<EditorThread> {
  const id = uuidV7();
  await db.query(
    `INSERT INTO editor_threads (id, project_id, branch, path, kind, quote, anchor_offset, replacement, author_id, author_email) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [id, key.projectId, key.branch, key.path, thread.kind, thread.quote, thread.offset, thread.replacement, thread.author.id, thread.author.email],
  );
  if (thread.body) await addEditorComment(db, id, thread.author, thread.body);
  return (await getEditorThread(db, key, id))!;
}

/** Add a message to a thread. */
export async function addEditorComment(db: Database, threadId: string, author: { id: string; email: string }, body: string): Promise<EditorComment> {
  const [row] = await db.query<EditorComment>(`INSERT INTO editor_comments (id, thread_id, author_id, author_email, body) VALUES ($1, $2, $3, $4, $5) RETURNING ${COMMENT_COLUMNS}`, [
    uuidV7(),
    threadId,
    author.id,
    author.email,
    body,
  ]);
  return row!;
}

/** How many messages a thread has. */
export async function countEditorComments(db: Database, threadId: string): Promise<number> {
  const [row] = await db.query<{ n: number | string }>(`SELECT count(*) AS n FROM editor_comments WHERE thread_id = $1`, [threadId]);
  return Number(row?.n ?? 0);
}

/** Delete one message; whether it was there. */
export async function deleteEditorComment(db: Database, threadId: string, commentId: string): Promise<boolean> {
  const rows = await db.query(`DELETE FROM editor_comments WHERE thread_id = $1 AND id = $2 RETURNING id`, [threadId, commentId]);
  return rows.length === 1;
}

/** Delete a thread and its messages. */
export async function deleteEditorThread(db: Database, key: EditorPageKey, id: string): Promise<boolean> {
  const rows = await db.query(`DELETE FROM editor_threads WHERE project_id = $1 AND branch = $2 AND path = $3 AND id = $4 RETURNING id`, [key.projectId, key.branch, key.path, id]);
  return rows.length === 1;
}

/**
 * Move a thread from one status to another, once: the change happens only when the thread is still
 * in `from` (two reviewers accepting the same suggestion: one wins). Whether it happened.
 */
export async function setEditorThreadStatus(db: Database, key: EditorPageKey, id: string, from: ThreadStatus, to: ThreadStatus, by: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE editor_threads SET status = $6, decided_by = $7, decided_at = CASE WHEN $6 = 'open' THEN NULL ELSE now() END
      WHERE project_id = $1 AND branch = $2 AND path = $3 AND id = $4 AND status = $5 RETURNING id`,
    [key.projectId, key.branch, key.path, id, from, to, to === 'open' ? null : by],
  );
  return rows.length === 1;
}

/**
 * The threads of a page follow it when it is renamed (the editor's rename): every thread of `from`,
 * whatever its status, now belongs to `to` on the same branch. How many moved.
 */
export async function moveEditorThreads(db: Database, page: { projectId: string; branch: string }, from: string, to: string): Promise<number> {
  const rows = await db.query(`UPDATE editor_threads SET path = $4 WHERE project_id = $1 AND branch = $2 AND path = $3 RETURNING id`, [page.projectId, page.branch, from, to]);
  return rows.length;
}
