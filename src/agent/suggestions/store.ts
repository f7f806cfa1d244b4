/**
 * The suggestions inbox in the database (`suggestions`, migration 0730): one row per piece of
 * evidence (its `evidence_key`, unique per project), so nothing is suggested twice; an open row's
 * evidence is refreshed when it is found again, an accepted or dismissed one is left as it is.
 */
import { uuidV7, type Database } from '../../db/index.js';

export type SuggestionSource = 'readers' | 'code' | 'maintainer';
export type SuggestionStatus = 'open' | 'accepted' | 'dismissed';

/** One thing seen: a question, a comment, a page that mentions a name, a link. */
export interface EvidenceItem {
  label: string;
  detail?: string;
}

/** What a suggestion rests on, as the inbox shows it and the job's prompt quotes it. */
export interface Evidence {
  summary: string;
  items: EvidenceItem[];
  /** Docs pages concerned (file paths in the docs repository, or site paths), each once. */
  pages: string[];
}

/** A suggestion as a feed makes it. */
export interface NewSuggestion {
  source: SuggestionSource;
  evidenceKey: string;
  title: string;
  /** What the agent is asked to do; the job's prompt is this and the evidence. */
  prompt: string;
  evidence: Evidence;
}

export interface SuggestionRow extends NewSuggestion {
  id: string;
  projectId: string;
  status: SuggestionStatus;
  dismissReason: string | null;
  jobId: string | null;
  decidedBy: string | null;
  createdAt: Date;
  updatedAt: Date;
  decidedAt: Date | null;
}

interface Raw {
  id: string;
  project_id: string;
  source: SuggestionSource;
  evidence_key: string;
  title: string;
  prompt: string;
  evidence: Evidence | string;
  status: SuggestionStatus;
  dismiss_reason: string | null;
  job_id: string | null;
  decided_by: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  decided_at: Date | string | null;
}

const COLUMNS = 'id, project_id, source, evidence_key, title, prompt, evidence, status, dismiss_reason, job_id, decided_by, created_at, updated_at, decided_at';

function rowOf(r: Raw): SuggestionRow {
  return {
    id: r.id,
    projectId: r.project_id,
    source: r.source,
    evidenceKey: r.evidence_key,
    title: r.title,
    prompt: r.prompt,
    evidence: typeof r.evidence === 'string' ? (JSON.parse(r.evidence) as Evidence) : r.evidence,
    status: r.status,
    dismissReason: r.dismiss_reason,
    jobId: r.job_id,
    decidedBy: r.decided_by,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
    decidedAt: r.decided_at === null ? null : new Date(r.decided_at),
  };
}

/** Longest title, evidence key, and text of one evidence item kept (a reader's comment can be long). */
const MAX_TITLE = 200;
const MAX_KEY = 500;
const MAX_ITEM = 600;
const MAX_ITEMS = 50;
/** PostgreSQL's text cannot hold U+0000; readers' words may carry one. */
const clean = (text: string, max: number) => {
  const t = text.replace(/\u0000/g, '\ufffd');
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

function cleanEvidence(e: Evidence): Evidence {
  return {
    summary: clean(e.summary, 2_000),
    items: e.items.slice(0, MAX_ITEMS).map((i) => ({ label: clean(i.label, MAX_ITEM), ...(i.detail ? { detail: clean(i.detail, MAX_ITEM) } : {}) })),
    pages: [...new Set(e.pages)].slice(0, 200).map((p) => clean(p, 500)),
  };
}

/**
 * Record suggestions found by a feed: a new evidence key becomes an open suggestion; an open one with
 * the key gets the fresh title and evidence; an accepted or dismissed one is not touched (a dismissed
 * suggestion stays dismissed). Returns the suggestions created (not those refreshed).
 */
export async function recordSuggestions(db: Database, projectId: string, found: readonly NewSuggestion[]): Promise<SuggestionRow[]> {
  const created: SuggestionRow[] = [];
  for (const s of found) {
    const key = clean(s.evidenceKey, MAX_KEY);
    const evidence = JSON.stringify(cleanEvidence(s.evidence));
    const rows = await db.query<Raw & { inserted: boolean }>(
      `INSERT INTO suggestions (id, project_id, source, evidence_key, title, prompt, evidence)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)
       ON CONFLICT (project_id, evidence_key) DO UPDATE
         SET title = EXCLUDED.title, prompt = EXCLUDED.prompt, evidence = EXCLUDED.evidence, updated_at = now()
         WHERE suggestions.status = 'open'
       RETURNING ${COLUMNS}, (xmax = 0) AS inserted`,
      [uuidV7(), projectId, s.source, key, clean(s.title, MAX_TITLE), clean(s.prompt, 20_000), evidence],
    );
    const row = rows[0];
    if (row && row.inserted) created.push(rowOf(row));
  }
  return created;
}

export interface SuggestionPage {
  suggestions: SuggestionRow[];
  nextCursor: string | null;
}

/**
 * A project's suggestions, newest first, `limit` at a time; `cursor` is the last one's id of the page
 * before (ids are time-ordered UUIDv7s). `status` null: every status.
 */
export async function listSuggestions(db: Database, projectId: string, { status = 'open', limit = 50, cursor = null }: { status?: SuggestionStatus | null; limit?: number; cursor?: string | null } = {}): Promise<SuggestionPage> {
  const params: unknown[] = [projectId, limit + 1];
  let where = 'project_id = $1';
  if (status) {
    params.push(status);
    where += ` AND status = $${params.length}`;
  }
  if (cursor) {
    params.push(cursor);
    where += ` AND id < $${params.length}`;
  }
  const rows = await db.query<Raw>(`SELECT ${COLUMNS} FROM suggestions WHERE ${where} ORDER BY id DESC LIMIT $2`, params);
  const page = rows.slice(0, limit).map(rowOf);
  return { suggestions: page, nextCursor: rows.length > limit ? page.at(-1)!.id : null };
}

export async function getSuggestion(db: Database, projectId: string, id: string): Promise<SuggestionRow | null> {
  const [row] = await db.query<Raw>(`SELECT ${COLUMNS} FROM suggestions WHERE project_id = $1 AND id = $2`, [projectId, id]);
  return row ? rowOf(row) : null;
}

/** Open suggestions of a project, by source. */
export async function countOpenSuggestions(db: Database, projectId: string): Promise<number> {
  const [row] = await db.query<{ n: number | string }>(`SELECT count(*) AS n FROM suggestions WHERE project_id = $1 AND status = 'open'`, [projectId]);
  return Number(row?.n ?? 0);
}

/** Longest dismissal reason kept. */
export const MAX_DISMISS_REASON = 500;

/** Dismiss an open suggestion with a reason; null when there is no open suggestion with the id. */
export async function dismissSuggestion(db: Database, projectId: string, id: string, reason: string, by: string | null): Promise<SuggestionRow | null> {
  const [row] = await db.query<Raw>(
    `UPDATE suggestions SET status = 'dismissed', dismiss_reason = $3, decided_by = $4, decided_at = now(), updated_at = now()
     WHERE project_id = $1 AND id = $2 AND status = 'open' RETURNING ${COLUMNS}`,
    [projectId, id, clean(reason.trim(), MAX_DISMISS_REASON), by],
  );
  return row ? rowOf(row) : null;
}

/**
 * Accept an open suggestion: it is taken (open → accepted) before the job is made, so two clicks make
 * one job; when `startJob` throws (the project's agent rate limit), it is open again and the error
 * goes on. Null when there is no open suggestion with the id.
 */
export async function acceptSuggestion(
  db: Database,
  projectId: string,
  id: string,
  by: string | null,
  startJob: (suggestion: SuggestionRow) => Promise<{ id: string }>,
): Promise<{ suggestion: SuggestionRow; jobId: string } | null> {
  const [taken] = await db.query<Raw>(
    `UPDATE suggestions SET status = 'accepted', decided_by = $3, decided_at = now(), updated_at = now()
     WHERE project_id = $1 AND id = $2 AND status = 'open' RETURNING ${COLUMNS}`,
    [projectId, id, by],
  );
  if (!taken) return null;
  const suggestion = rowOf(taken);
  let job: { id: string };
  try {
    job = await startJob(suggestion);
  } catch (error) {
    await db.query(`UPDATE suggestions SET status = 'open', decided_by = NULL, decided_at = NULL WHERE id = $1 AND job_id IS NULL`, [id]);
    throw error;
  }
  await db.query('UPDATE suggestions SET job_id = $2 WHERE id = $1', [id, job.id]);
  return { suggestion: { ...suggestion, jobId: job.id }, jobId: job.id };
}

/** The source repository a project follows, and where its checks stand. */
export interface SuggestionSourceRow {
  projectId: string;
  repoUrl: string | null;
  branch: string;
  lastSha: string | null;
  docsSha: string | null;
  checkedAt: Date | null;
  lastError: string | null;
}

interface SourceRaw {
  project_id: string;
  repo_url: string | null;
  branch: string;
  last_sha: string | null;
  docs_sha: string | null;
  checked_at: Date | string | null;
  last_error: string | null;
}

const sourceOf = (r: SourceRaw): SuggestionSourceRow => ({
  projectId: r.project_id,
  repoUrl: r.repo_url,
  branch: r.branch,
  lastSha: r.last_sha,
  docsSha: r.docs_sha,
  checkedAt: r.checked_at === null ? null : new Date(r.checked_at),
  lastError: r.last_error,
});

export async function getSuggestionSource(db: Database, projectId: string): Promise<SuggestionSourceRow | null> {
  const [row] = await db.query<SourceRaw>('SELECT * FROM suggestion_sources WHERE project_id = $1', [projectId]);
  return row ? sourceOf(row) : null;
}

/** Every project that follows a source repository. */
export async function listSuggestionSources(db: Database): Promise<SuggestionSourceRow[]> {
  return (await db.query<SourceRaw>('SELECT * FROM suggestion_sources WHERE repo_url IS NOT NULL ORDER BY project_id')).map(sourceOf);
}

/**
 * Follow a source repository (null URL: follow none). A changed URL or branch starts over: the next
 * check records where the branch is and diffs from there.
 */
export async function setSuggestionSource(db: Database, projectId: string, repoUrl: string | null, branch: string): Promise<SuggestionSourceRow> {
  const [row] = await db.query<SourceRaw>(
    `INSERT INTO suggestion_sources (project_id, repo_url, branch) VALUES ($1, $2, $3)
     ON CONFLICT (project_id) DO UPDATE SET
       last_sha = CASE WHEN suggestion_sources.repo_url IS NOT DISTINCT FROM EXCLUDED.repo_url AND suggestion_sources.branch = EXCLUDED.branch THEN suggestion_sources.last_sha END,
       last_error = CASE WHEN suggestion_sources.repo_url IS NOT DISTINCT FROM EXCLUDED.repo_url AND suggestion_sources.branch = EXCLUDED.branch THEN suggestion_sources.last_error END,
       repo_url = EXCLUDED.repo_url, branch = EXCLUDED.branch, updated_at = now()
     RETURNING *`,
    [projectId, repoUrl, branch],
  );
  return sourceOf(row!);
}

/**
 * Move a project's checked commits from what a check read to what it saw (compare-and-set: of two
 * servers checking at once, one records; the other's suggestions were the same evidence anyway).
 */
export async function recordSourceCheck(
  db: Database,
  projectId: string,
  update: { sourceFrom?: string | null; sourceTo?: string | null; docsSha?: string | null; error: string | null },
): Promise<boolean> {
  await db.query(
    `INSERT INTO suggestion_sources (project_id, repo_url) VALUES ($1, NULL) ON CONFLICT (project_id) DO NOTHING`,
    [projectId],
  );
  const sets = ['checked_at = now()', 'last_error = $2'];
  const params: unknown[] = [projectId, update.error];
  if (update.docsSha !== undefined) {
    params.push(update.docsSha);
    sets.push(`docs_sha = $${params.length}`);
  }
  let guard = '';
  if (update.sourceTo !== undefined) {
    params.push(update.sourceTo);
    sets.push(`last_sha = $${params.length}`);
    params.push(update.sourceFrom ?? null);
    guard = ` AND last_sha IS NOT DISTINCT FROM $${params.length}`;
  }
  const rows = await db.query<{ project_id: string }>(`UPDATE suggestion_sources SET ${sets.join(', ')} WHERE project_id = $1${guard} RETURNING project_id`, params);
  return rows.length > 0;
}
