/**
 * The assistant's conversations as the analytics API shows them, read from the tables the assistant
 * writes (`assistant_threads`, `assistant_messages`, migrations 0300, 0310 and 0600): one row per turn
 * (a reader's message and the answer that followed it, with the reader's rating of that answer).
 */
import type { AssistantCitation, AssistantRating, Database } from '../db/index.js';
import type { Figure } from './overview-queries.js';
import { decodeCursor, encodeCursor, previousRange, type DateRange } from './range.js';

export interface Conversation {
  id: string;
  timestamp: string;
  query: string;
  response: string;
  responseType: 'answer';
  sources: { title: string; url: string }[];
  resolutionStatus: 'answered' | 'unanswered';
  queryCategory: null;
  pageUrl: string | null;
  threadId: string;
  /** Who asked: the site's own widget (`web`) or the discovery API with an assistant key (`api`). A Folio addition. */
  caller: 'web' | 'api' | 'other';
  /** The reader's thumb on the answer (the widget's, migration 0600); null when not rated. A Folio addition. */
  rating: AssistantRating | null;
}

/**
 * The answer that followed each question `m` (the thread's next answer after it), with its outcome
 * and rating: `recordAssistantTurn` writes a question and its answer together, so the next answer
 * is its own. Served by `assistant_messages_thread` (one index probe per question).
 */
const ANSWER_OF_QUESTION = `LEFT JOIN LATERAL (SELECT content, citations, outcome, rating FROM assistant_messages r
  WHERE r.thread_id = m.thread_id AND r.role = 'assistant' AND (r.created_at, r.id) > (m.created_at, m.id) ORDER BY r.created_at, r.id LIMIT 1) a ON true`;

const isKeyset = (v: unknown): v is { t: string; id: string } => typeof v === 'object' && v !== null && typeof (v as { t: unknown }).t === 'string' && typeof (v as { id: unknown }).id === 'string';

/**
 * Turns started in the range, newest first. `siteUrl` makes page paths absolute (`pageUrl`, sources).
 * A turn counts as unanswered when its answer ended `not_found` (nothing relevant was retrieved).
 */
export async function assistantConversations(db: Database, projectId: string, range: DateRange, page: { limit: number; cursor?: string }, siteUrl = ''): Promise<{ conversations: Conversation[]; nextCursor: string | null; hasMore: boolean }> {
  const args: unknown[] = [projectId, range.from, range.to];
  let keyset = '';
  const after = decodeCursor(page.cursor, isKeyset);
  if (after) {
    args.push(new Date(after.t), after.id);
    keyset = ` AND (m.created_at, m.id) < ($4, $5)`;
  }
  args.push(page.limit + 1);
  const rows = await db.query<{ id: string; created_at: Date | string; content: string; thread_id: string; page_path: string; outcome: string; caller: string; answer: string | null; citations: unknown; answer_outcome: string | null; rating: AssistantRating | null }>(
    `SELECT m.id, m.created_at, m.content, m.thread_id, t.page_path, t.outcome, t.caller, a.content AS answer, a.citations, a.outcome AS answer_outcome, a.rating
     FROM assistant_messages m JOIN assistant_threads t ON t.id = m.thread_id
     ${ANSWER_OF_QUESTION}
     WHERE t.project_id = $1 AND m.role = 'user' AND m.created_at >= $2 AND m.created_at < $3${keyset}
     ORDER BY m.created_at DESC, m.id DESC LIMIT $${args.length}`,
    args,
  );
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  const hasMore = rows.length > page.limit;
  return {
    conversations: shown.map((r) => ({
      id: r.id,
      threadId: r.thread_id,
      timestamp: new Date(r.created_at).toISOString(),
      query: r.content,
      response: r.answer ?? '',
      responseType: 'answer',
      sources: (Array.isArray(r.citations) ? (r.citations as { path?: string; anchor?: string; title?: string }[]) : []).map((c) => ({ title: c.title ?? c.path ?? '', url: `${siteUrl}${c.path ?? ''}${c.anchor ? `#${c.anchor}` : ''}` })),
      // Each answer's own outcome (migration 0310); the thread's last one for answers kept before it.
      resolutionStatus: (r.answer_outcome ?? r.outcome) === 'not_found' ? 'unanswered' : 'answered',
      queryCategory: null,
      pageUrl: r.page_path ? `${siteUrl}${r.page_path}` : null,
      caller: r.caller === 'web' || r.caller === 'api' ? r.caller : 'other',
      rating: r.rating ?? null,
    })),
    nextCursor: hasMore && last ? encodeCursor({ t: new Date(last.created_at).toISOString(), id: last.id }) : null,
    hasMore,
  };
}

/** A message of a thread. An answer carries the pages it cited (as kept: site paths), the reader's rating and how it ended; a question none. */
export interface ThreadMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: string;
  /** The reader's thumb on an answer; null for a question or an answer not rated. */
  rating: AssistantRating | null;
  /** The pages an answer cited (`path`, `anchor`, `title`), in the answer's order; empty for a question. */
  citations: AssistantCitation[];
  /** How an answer ended (`answered`, `not_found`, `deflected`, `limit`, `error`); null for a question or an answer kept before migration 0310. */
  outcome: string | null;
}

/** One thread with its messages in order, or null when the project has no such thread. */
export async function assistantThread(db: Database, projectId: string, threadId: string): Promise<{ threadId: string; createdAt: string; messages: ThreadMessage[] } | null> {
  const [thread] = await db.query<{ id: string; created_at: Date | string }>('SELECT id, created_at FROM assistant_threads WHERE project_id = $1 AND id = $2', [projectId, threadId]);
  if (!thread) return null;
  const messages = await db.query<{ id: string; role: 'user' | 'assistant'; content: string; created_at: Date | string; rating: AssistantRating | null; citations: unknown; outcome: string | null }>(
    'SELECT id, role, content, created_at, rating, citations, outcome FROM assistant_messages WHERE thread_id = $1 ORDER BY created_at, id',
    [threadId],
  );
  return {
    threadId: thread.id,
    createdAt: new Date(thread.created_at).toISOString(),
    messages: messages.map((m) => ({
      id: m.id,
      role: m.role,
      content: m.content,
      createdAt: new Date(m.created_at).toISOString(),
      rating: m.rating ?? null,
      citations: m.role === 'assistant' && Array.isArray(m.citations) ? (m.citations as AssistantCitation[]) : [],
      outcome: m.role === 'assistant' ? (m.outcome ?? null) : null,
    })),
  };
}

export interface AssistantSummary {
  /** Readers' questions (user messages), whoever asked. */
  total: Figure;
  /** Questions by their answer's outcome, as `assistantConversations`' `resolutionStatus`: `not_found` is unanswered, any other answered. */
  answered: number;
  unanswered: number;
  /** Readers' ratings of the answers to the range's questions. */
  thumbsUp: number;
  thumbsDown: number;
  /** Days with questions, ascending (UTC, `YYYY-MM-DD`). */
  daily: { day: string; answered: number; unanswered: number }[];
}

/**
 * The assistant page's figures: questions (with the range before), answered and unanswered, the
 * readers' thumbs and the questions per day. Counted per question, with the answer that followed it.
 */
export async function assistantSummary(db: Database, projectId: string, range: DateRange): Promise<AssistantSummary> {
  const before = previousRange(range);
  const [days, [previous]] = await Promise.all([
    db.query<{ day: string; answered: string; unanswered: string; up: string; down: string }>(
      `WITH q AS (
         SELECT m.created_at, coalesce(a.outcome, t.outcome) AS outcome, a.rating
         FROM assistant_messages m JOIN assistant_threads t ON t.id = m.thread_id
         ${ANSWER_OF_QUESTION}
         WHERE t.project_id = $1 AND m.role = 'user' AND m.created_at >= $2 AND m.created_at < $3
       )
       SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
              count(*) FILTER (WHERE outcome IS DISTINCT FROM 'not_found') AS answered, count(*) FILTER (WHERE outcome = 'not_found') AS unanswered,
              count(*) FILTER (WHERE rating = 'up') AS up, count(*) FILTER (WHERE rating = 'down') AS down
       FROM q GROUP BY 1 ORDER BY 1`,
      [projectId, range.from, range.to],
    ),
    db.query<{ n: string }>(
      `SELECT count(*) AS n FROM assistant_messages m JOIN assistant_threads t ON t.id = m.thread_id
       WHERE t.project_id = $1 AND m.role = 'user' AND m.created_at >= $2 AND m.created_at < $3`,
      [projectId, before.from, before.to],
    ),
  ]);
  const daily = days.map((d) => ({ day: d.day, answered: Number(d.answered), unanswered: Number(d.unanswered) }));
  const sum = (key: 'answered' | 'unanswered' | 'up' | 'down') => days.reduce((total, d) => total + Number(d[key]), 0);
  const answered = sum('answered');
  const unanswered = sum('unanswered');
  return { total: { value: answered + unanswered, previous: Number(previous?.n ?? 0) }, answered, unanswered, thumbsUp: sum('up'), thumbsDown: sum('down'), daily };
}

/** Readers' questions in the range by caller: the sites' own widget (`web`) or the discovery API with an assistant key (`api`). */
export async function assistantCallerStats(db: Database, projectId: string, range: DateRange): Promise<{ web: number; api: number; other: number; total: number }> {
  const rows = await db.query<{ caller: string; n: string }>(
    `SELECT t.caller, count(*) AS n FROM assistant_messages m JOIN assistant_threads t ON t.id = m.thread_id
     WHERE t.project_id = $1 AND m.role = 'user' AND m.created_at >= $2 AND m.created_at < $3 GROUP BY t.caller`,
    [projectId, range.from, range.to],
  );
  const count = (caller: string) => Number(rows.find((r) => r.caller === caller)?.n ?? 0);
  const [web, api, other] = [count('web'), count('api'), count('other')];
  return { web, api, other, total: web + api + other };
}
