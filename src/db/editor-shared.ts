import type { Database } from './connection.js';

// Shared editing of the web editor (migration 0500): Yjs updates of a page in order, and presence.

export interface SharedDocKey {
  projectId: string;
  branch: string;
  path: string;
}

const KEY = 'project_id = $1 AND branch = $2 AND path = $3';
const keyParams = (k: SharedDocKey) => [k.projectId, k.branch, k.path];

/**
 * Notification channel of shared documents: a payload (`sharedDocSignal`) each time a page's shared
 * document gets updates, a writer's presence, or a new generation, so that every server's waiting
 * writers of that page answer at once instead of at their next poll.
 */
export const SHARED_DOC_CHANNEL = 'folio_editor_shared';

/** The notification payload naming one shared document. */
export function sharedDocSignal(key: SharedDocKey): string {
  return JSON.stringify([key.projectId, key.branch, key.path]);
}

async function signal(db: Database, key: SharedDocKey): Promise<void> {
  await db.query('SELECT pg_notify($1, $2)', [SHARED_DOC_CHANNEL, sharedDocSignal(key)]);
}

/**
 * Start the shared document of a page when it has none, with `initial` (a Yjs update holding the
 * page's text) as its first update, in one statement: of two servers starting it at once, one does.
 * Returns the document's generation.
 */
export async function startSharedDoc(db: Database, key: SharedDocKey, initial: string): Promise<number> {
  await db.query(
    `WITH started AS (
       INSERT INTO editor_shared_docs (project_id, branch, path) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING generation
     )
     INSERT INTO editor_shared_updates (project_id, branch, path, generation, payload)
     SELECT $1, $2, $3, generation, $4 FROM started`,
    [...keyParams(key), initial],
  );
  const [row] = await db.query<{ generation: number }>(`SELECT generation FROM editor_shared_docs WHERE ${KEY}`, keyParams(key));
  return row!.generation;
}

/** Start the document again from `initial` (its text changed outside): a new generation, the old updates gone. */
export async function restartSharedDoc(db: Database, key: SharedDocKey, initial: string): Promise<number> {
  const [row] = await db.query<{ generation: number }>(`UPDATE editor_shared_docs SET generation = generation + 1 WHERE ${KEY} RETURNING generation`, keyParams(key));
  if (!row) return startSharedDoc(db, key, initial);
  await db.query(`DELETE FROM editor_shared_updates WHERE ${KEY} AND generation < $4`, [...keyParams(key), row.generation]);
  await db.query(`INSERT INTO editor_shared_updates (project_id, branch, path, generation, payload) VALUES ($1, $2, $3, $4, $5)`, [...keyParams(key), row.generation, initial]);
  await signal(db, key);
  return row.generation;
}

/**
 * Replace the updates up to `throughId` by `merged` (all of them merged into one), appended after the
 * newest: an editor that read some of them gets the merged one too, which Yjs applies as a no-op.
 */
export async function compactSharedUpdates(db: Database, key: SharedDocKey, generation: number, throughId: number, merged: string): Promise<void> {
  await db.query(`INSERT INTO editor_shared_updates (project_id, branch, path, generation, payload) VALUES ($1, $2, $3, $4, $5)`, [...keyParams(key), generation, merged]);
  await db.query(`DELETE FROM editor_shared_updates WHERE ${KEY} AND id <= $4`, [...keyParams(key), throughId]);
}

/** Drop the shared document of a page (discarded, renamed, deleted). */
export async function dropSharedDoc(db: Database, key: SharedDocKey): Promise<void> {
  await db.query(`DELETE FROM editor_shared_docs WHERE ${KEY}`, keyParams(key));
  await signal(db, key);
}

/** Append updates of the current generation; false when the document moved to another generation (or is gone). */
export async function appendSharedUpdates(db: Database, key: SharedDocKey, generation: number, updates: string[]): Promise<boolean> {
  const [doc] = await db.query<{ generation: number }>(`SELECT generation FROM editor_shared_docs WHERE ${KEY}`, keyParams(key));
  if (!doc || doc.generation !== generation) return false;
  for (const update of updates) {
    await db.query(`INSERT INTO editor_shared_updates (project_id, branch, path, generation, payload) VALUES ($1, $2, $3, $4, $5)`, [...keyParams(key), generation, update]);
  }
  if (updates.length) await signal(db, key);
  return true;
}

/** The document's generation and its updates after `since` (an update id; 0 for all), in one statement. */
export async function readSharedUpdates(db: Database, key: SharedDocKey, since: number): Promise<{ generation: number | null; updates: { id: number; update: string }[] }> {
  const rows = await db.query<{ generation: number; id: string | number | null; update: string | null }>(
    `SELECT d.generation, u.id, u.payload AS "update"
       FROM editor_shared_docs d
       LEFT JOIN editor_shared_updates u
         ON u.project_id = d.project_id AND u.branch = d.branch AND u.path = d.path AND u.generation = d.generation AND u.id > $4
      WHERE d.project_id = $1 AND d.branch = $2 AND d.path = $3
      ORDER BY u.id`,
    [...keyParams(key), since],
  );
  if (!rows.length) return { generation: null, updates: [] };
  return { generation: rows[0]!.generation, updates: rows.filter((r) => r.id !== null).map((r) => ({ id: Number(r.id), update: r.update! })) };
}

/** Store one writer's presence (awareness state) and read the others' seen within `freshMs`; a changed presence is signalled. */
export async function exchangePresence(db: Database, key: SharedDocKey, clientId: string, state: string | null, freshMs = 15_000): Promise<{ clientId: string; state: string }[]> {
  if (state !== null) {
    const [stored] = await db.query<{ changed: boolean }>(
      `WITH old AS (SELECT state FROM editor_shared_presence WHERE ${KEY} AND client_id = $4)
       INSERT INTO editor_shared_presence (project_id, branch, path, client_id, state) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (project_id, branch, path, client_id) DO UPDATE SET state = EXCLUDED.state, updated_at = now()
       RETURNING (SELECT state FROM old) IS DISTINCT FROM $5 AS changed`,
      [...keyParams(key), clientId, state],
    );
    if (stored?.changed) await signal(db, key);
  }
  const rows = await db.query<{ clientId: string; state: string }>(
    `SELECT client_id AS "clientId", state FROM editor_shared_presence
      WHERE ${KEY} AND client_id <> $4 AND updated_at > now() - ($5::int * interval '1 millisecond')`,
    [...keyParams(key), clientId, freshMs],
  );
  return rows;
}
