/**
 * The suggestion checks of one project, and the worker's poll that runs them: the docs branch's
 * head (`git ls-remote`) against the commit the maintainer's checks last ran on, the source
 * repository's followed branch against the commit last diffed. A poll, not the push webhook: the
 * source repository is another repository than the docs (its pushes do not reach the docs' webhook),
 * and a poll needs nothing set up on the code host.
 */
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { claimTimer, type Database } from '../../db/index.js';
import { checkRepositoryUrl, cloneBranchTip, gitMessage, runGit } from '../../git/index.js';
import { removeTree, resolveInside } from '../../shared/index.js';
import type { GithubOptions } from '../pull-requests/github.js';
import type { GitlabOptions } from '../pull-requests/gitlab.js';
import { forgeGitCredentials } from '../pull-requests/select.js';
import { codeChangeSuggestions, fetchSource, namesChangedBetween, sourceMirrorDir } from './code-changes.js';
import { maintainerSuggestions } from './maintainer-checks.js';
import { getSuggestionSource, recordSourceCheck, recordSuggestions, type NewSuggestion, type SuggestionRow } from './store.js';

export interface SuggestionCheckOptions {
  db: Database;
  /** Parent folder of the source mirrors and the checks' docs checkouts. */
  workDir: string;
  github?: GithubOptions;
  /** Private GitLab repositories (docs or source) are read with its token, as GitHub ones with GitHub's. */
  gitlab?: GitlabOptions;
  signal?: AbortSignal;
  log?: (line: string) => void;
}

export interface SuggestionCheckResult {
  created: SuggestionRow[];
  /** The source commit diffed up to (or recorded as the start, on a first check), if the project follows one. */
  sourceSha: string | null;
  /** The docs commit the maintainer's checks ran on, when they ran. */
  docsChecked: string | null;
  /** `AGENT_SOURCE_UNREADABLE: ...` when the source repository could not be read. */
  error: string | null;
}

/** The commit `branch` of `repository` is at, or null when it has no such branch. */
async function remoteHead(workDir: string, repository: string, branch: string, opts: SuggestionCheckOptions): Promise<string | null> {
  const url = checkRepositoryUrl(repository);
  const credentials = forgeGitCredentials(url, opts) ?? undefined;
  const out = await runGit(workDir, ['ls-remote', '--heads', '--', url, `refs/heads/${branch}`], { signal: opts.signal, credentials: credentials && { ...credentials, repository: url } });
  return /^([0-9a-f]{40,64})\s/m.exec(out)?.[1] ?? null;
}

/**
 * Check one project: the maintainer's checks when its docs branch moved since they last ran, and the
 * names changed in its source repository since the last check (the first check only records where
 * the branch is). New evidence becomes open suggestions; evidence seen before changes nothing.
 */
export async function checkProjectSuggestions(opts: SuggestionCheckOptions, projectId: string): Promise<SuggestionCheckResult> {
  const { db, workDir } = opts;
  const [project] = await db.query<{ repo_url: string; branch: string; docs_dir: string }>('SELECT repo_url, branch, docs_dir FROM projects WHERE id = $1', [projectId]);
  if (!project) throw new Error(`no project ${projectId}`);
  await import('node:fs/promises').then((fs) => fs.mkdir(workDir, { recursive: true }));
  const source = await getSuggestionSource(db, projectId);
  const result: SuggestionCheckResult = { created: [], sourceSha: null, docsChecked: null, error: null };
  const docsHead = await remoteHead(workDir, project.repo_url, project.branch, opts).catch(() => null);
  const docsMoved = docsHead !== null && docsHead !== (source?.docsSha ?? null);

  // The source: fetched, diffed since the last check.
  let changes: Awaited<ReturnType<typeof namesChangedBetween>> = null;
  let sourceTo: string | null | undefined;
  let range: { from: string; to: string } | null = null;
  if (source?.repoUrl) {
    const mirror = sourceMirrorDir(workDir, projectId);
    try {
      const credentials = forgeGitCredentials(source.repoUrl, opts) ?? undefined;
      const head = await fetchSource(mirror, source.repoUrl, source.branch, credentials, opts.signal);
      sourceTo = head;
      result.sourceSha = head;
      if (source.lastSha && source.lastSha !== head) {
        changes = await namesChangedBetween(mirror, source.lastSha, head, opts.signal);
        range = { from: source.lastSha, to: head };
        if (changes === null) opts.log?.(`suggestions: ${projectId}: commit ${source.lastSha.slice(0, 12)} is gone from ${source.branch} (force-pushed?); diffing from ${head.slice(0, 12)} next time`);
      }
    } catch (err) {
      result.error = `AGENT_SOURCE_UNREADABLE: ${gitMessage(err)}`;
      opts.log?.(`suggestions: ${projectId}: ${result.error}`);
    }
  }

  const found: NewSuggestion[] = [];
  if (docsMoved || (changes && changes.length > 0)) {
    const dir = await mkdtemp(path.join(workDir, `suggestions-${projectId.replace(/[^\w.-]/g, '_')}-`));
    try {
      const checkout = path.join(dir, 'docs');
      const credentials = forgeGitCredentials(project.repo_url, opts) ?? undefined;
      const cloned = await cloneBranchTip({ repository: project.repo_url, branch: project.branch, dir: checkout, credentials });
      const root = resolveInside(checkout, project.docs_dir) ?? checkout;
      const prefix = project.docs_dir.replace(/^\.\/?/, '').replace(/\/+$/, '');
      if (docsMoved) {
        found.push(...(await maintainerSuggestions(root, prefix)));
        result.docsChecked = cloned.sha;
      }
      if (changes && changes.length > 0 && range) found.push(...(await codeChangeSuggestions(changes, root, prefix, { repoUrl: source!.repoUrl!, branch: source!.branch, ...range })));
    } finally {
      await removeTree(dir).catch(() => undefined);
    }
  }
  result.created = await recordSuggestions(db, projectId, found);
  await recordSourceCheck(db, projectId, {
    ...(sourceTo !== undefined ? { sourceFrom: source?.lastSha ?? null, sourceTo } : {}),
    ...(result.docsChecked ? { docsSha: result.docsChecked } : {}),
    error: result.error,
  });
  return result;
}

/** Default time between two passes over the projects: 10 minutes (`FOLIO_SUGGESTIONS_POLL`, seconds; 0 turns it off). */
export function suggestionPollFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.FOLIO_SUGGESTIONS_POLL;
  if (raw === undefined || raw === '') return 10 * 60_000;
  const seconds = Number(raw);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 10 * 60_000;
}

/** Default number of projects one pass checks: 50 (`FOLIO_SUGGESTIONS_MAX_PROJECTS`); the least recently checked first. */
export function suggestionMaxProjectsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.FOLIO_SUGGESTIONS_MAX_PROJECTS);
  return Number.isInteger(n) && n > 0 ? n : 50;
}

/** The shared timer's name in `agent_timers`: one pass per interval across every worker of the database. */
export const SUGGESTIONS_TIMER = 'suggestions';

export interface SuggestionPollOptions extends SuggestionCheckOptions {
  /** Time between two passes across all workers of the database; 0 turns the poll off. */
  intervalMs: number;
  /** This worker, recorded with the pass it claims. */
  workerId: string;
  /** Projects one pass checks at most, the least recently checked first (default 50). */
  maxProjects?: number;
  /** Readers' suggestions of a project (topics of unanswered questions, pages rated down), gathered in the same pass when given. */
  gatherReaders?: (projectId: string) => Promise<unknown>;
  /** How often this worker asks whether a pass is due (default a tenth of the interval, 5 s to 60 s). */
  tickMs?: number;
  now?: () => Date;
}

export interface SuggestionPoll {
  /** Run a pass now if this worker claims the interval's (what the timer calls); true when it ran one. */
  tick(): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * Gather suggestions on a timer: every `intervalMs`, one worker of the database (the one whose claim of
 * the shared timer wins, `claimTimer`) checks up to `maxProjects` projects, the least recently checked
 * first, one after another: readers' suggestions, then the source repository and the maintainer's checks.
 * Every worker asks every `tickMs`; the others find the interval's pass taken and do nothing.
 */
export function startSuggestionPoll(opts: SuggestionPollOptions): SuggestionPoll {
  const { db, intervalMs, workerId, now = () => new Date(), log } = opts;
  if (intervalMs <= 0) return { tick: async () => false, stop: async () => {} };
  const maxProjects = opts.maxProjects ?? 50;
  const stopping = new AbortController();
  let running: Promise<boolean> | null = null;
  const pass = async (): Promise<boolean> => {
    if (stopping.signal.aborted || !(await claimTimer(db, SUGGESTIONS_TIMER, now(), intervalMs, workerId))) return false;
    const projects = await db.query<{ id: string }>(
      `SELECT p.id FROM projects p LEFT JOIN suggestion_sources s ON s.project_id = p.id ORDER BY s.checked_at NULLS FIRST, p.id LIMIT $1`,
      [maxProjects],
    );
    for (const { id } of projects) {
      if (stopping.signal.aborted) break;
      if (opts.gatherReaders) await opts.gatherReaders(id).catch((err: unknown) => log?.(`suggestions: ${id}: readers' suggestions failed: ${(err as Error).message}`));
      await checkProjectSuggestions({ ...opts, signal: stopping.signal }, id).catch((err: unknown) => log?.(`suggestions: ${id}: check failed: ${(err as Error).message}`));
    }
    return true;
  };
  const tick = () => {
    running ??= pass()
      .catch((err: unknown) => {
        log?.(`suggestions: pass failed: ${(err as Error).message}`);
        return false;
      })
      .finally(() => (running = null));
    return running;
  };
  const timer = setInterval(() => void tick(), opts.tickMs ?? Math.min(60_000, Math.max(5_000, intervalMs / 10)));
  timer.unref();
  return {
    tick,
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}
