/**
 * The assistant's conversations (migrations 0300, 0310 and 0600): threads and their messages, each
 * answer with its cited pages, tokens, outcome and the reader's rating; the daily token budget per
 * project; the page tokens' secret. Plain SQL: the same statements run on PGlite and PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from './connection.js';
import { uuidV7 } from './ids.js';

export type AssistantOutcome = 'answered' | 'not_found' | 'deflected' | 'limit' | 'error';

export interface AssistantCitation {
  path: string;
  anchor?: string;
  title?: string;
}

export interface AssistantTurnMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** A thread of the project, or null (unknown, or another project's). */
export async function findAssistantThread(db: Database, projectId: string, threadId: string): Promise<{ id: string; reader: string | null; messages: AssistantTurnMessage[] } | null> {
  const [thread] = await db.query<{ id: string; reader: string | null }>('SELECT id, reader FROM assistant_threads WHERE id = $1 AND project_id = $2', [threadId, projectId]);
  if (!thread) return null;
  const messages = await db.query<AssistantTurnMessage>('SELECT role, content FROM assistant_messages WHERE thread_id = $1 ORDER BY created_at, id', [threadId]);
  return { id: thread.id, reader: thread.reader, messages };
}

/** Who asks: a site's own widget, or a program through the discovery API with an assistant key. */
export type AssistantCaller = 'web' | 'api';

/**
 * Start a thread; returns its id. `reader`: who started it, as the page token attests
 * (`PageTokens.readerOf`); only that reader may rate its answers.
 */
export async function createAssistantThread(db: Database, input: { projectId: string; fp: string; pagePath: string; caller?: AssistantCaller; reader?: string | null }): Promise<string> {
  const id = uuidV7();
  await db.query('INSERT INTO assistant_threads (id, project_id, fp, page_path, caller, reader) VALUES ($1, $2, $3, $4, $5, $6)', [id, input.projectId, input.fp.slice(0, 200), input.pagePath.slice(0, 200), input.caller ?? 'web', input.reader ?? null]);
  return id;
}

export interface AssistantTurn {
  threadId: string;
  /** The answer's id: the one its stream announced (`start`'s `messageId`), so the reader can rate it; a new one when absent. */
  answerId?: string;
  question: string;
  answer: string;
  citations: AssistantCitation[];
  outcome: AssistantOutcome;
  tokensIn: number;
  tokensOut: number;
}

/** Record a question and its answer, and the thread's last outcome and token sums, in one statement. */
export async function recordAssistantTurn(db: Database, turn: AssistantTurn, now = Date.now()): Promise<void> {
  // The answer a millisecond after its question: the pair keeps its order in every listing.
  await db.query(
    `WITH question AS (
       INSERT INTO assistant_messages (id, thread_id, role, content, created_at) VALUES ($1, $3, 'user', $4, $10)
     ), answer AS (
       INSERT INTO assistant_messages (id, thread_id, role, content, citations, outcome, tokens_in, tokens_out, created_at)
       VALUES ($2, $3, 'assistant', $5, $6::jsonb, $7, $8, $9, $11)
     )
     UPDATE assistant_threads SET outcome = $7, tokens_in = tokens_in + $8, tokens_out = tokens_out + $9, updated_at = $11 WHERE id = $3`,
    [uuidV7(now), turn.answerId ?? uuidV7(now + 1), turn.threadId, turn.question, turn.answer, JSON.stringify(turn.citations), turn.outcome, turn.tokensIn, turn.tokensOut, new Date(now), new Date(now + 1)],
  );
}

export type AssistantRating = 'up' | 'down';

/**
 * Set (or with null take back) a reader's rating of an answer: only an answer (role `assistant`) of
 * a thread of `projectId` that `reader` started. False when there is no such answer for this reader
 * (unknown, a question, another project's, another reader's, or a thread from before ratings):
 * the caller cannot tell which, so ids of other readers' answers are not revealed.
 */
export async function rateAssistantAnswer(db: Database, input: { projectId: string; messageId: string; reader: string; rating: AssistantRating | null }): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `UPDATE assistant_messages m SET rating = $4
     FROM assistant_threads t
     WHERE m.id = $1 AND m.role = 'assistant' AND t.id = m.thread_id AND t.project_id = $2 AND t.reader = $3
     RETURNING m.id`,
    [input.messageId, input.projectId, input.reader, input.rating],
  );
  return rows.length > 0;
}

/** Delete a project's threads (all, one, or those started before a time); returns how many went. */
export async function deleteAssistantThreads(db: Database, projectId: string, which: { threadId?: string; before?: Date } = {}): Promise<number> {
  const args: unknown[] = [projectId];
  let where = 'project_id = $1';
  if (which.threadId) {
    args.push(which.threadId);
    where += ` AND id = $${args.length}`;
  }
  if (which.before) {
    args.push(which.before);
    where += ` AND created_at < $${args.length}`;
  }
  const rows = await db.query<{ id: string }>(`DELETE FROM assistant_threads WHERE ${where} RETURNING id`, args);
  return rows.length;
}

const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);

/** Tokens the project's assistant used today (UTC). */
export async function assistantTokensToday(db: Database, projectId: string, now = Date.now()): Promise<number> {
  const [row] = await db.query<{ tokens: string | number }>('SELECT tokens FROM assistant_usage WHERE project_id = $1 AND day = $2', [projectId, utcDay(now)]);
  return Number(row?.tokens ?? 0);
}

/** Count an answer's tokens against today's budget (one statement: servers sharing the database add up). */
export async function addAssistantUsage(db: Database, projectId: string, tokens: number, now = Date.now()): Promise<void> {
  await db.query(
    `INSERT INTO assistant_usage (project_id, day, tokens, answers) VALUES ($1, $2, $3, 1)
     ON CONFLICT (project_id, day) DO UPDATE SET tokens = assistant_usage.tokens + $3, answers = assistant_usage.answers + 1`,
    [projectId, utcDay(now), Math.max(0, Math.round(tokens))],
  );
}

/** The page tokens' HMAC secret, made once per database (the first server to ask writes it, the others read it). */
export async function assistantTokenSecret(db: Database): Promise<Buffer> {
  await db.query('INSERT INTO assistant_secrets (id, token_secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [randomBytes(32).toString('base64')]);
  const [row] = await db.query<{ token_secret: string }>('SELECT token_secret FROM assistant_secrets WHERE id = 1');
  return Buffer.from(row!.token_secret, 'base64');
}
