import { AgentError, type AgentCode } from '../codes.js';
import type { MergeOutcome, PullRequestProvider } from './types.js';

/** Where a GitLab instance's REST API v4 is and how to reach it. */
export interface GitlabOptions {
  /** REST API base, `https://gitlab.com/api/v4` or a self-managed `<url>/api/v4` (tests: a local stand-in). */
  apiUrl?: string;
  token?: string;
  /** Host names whose repositories are on this GitLab (default gitlab.com). */
  hosts?: string[];
  /** Explicit repository URL → project path (`group/sub/project`), for remotes whose URL does not name it. */
  repositories?: Record<string, string>;
}

/** GitLab settings from `FOLIO_GITLAB_TOKEN` (or `GITLAB_TOKEN`), `FOLIO_GITLAB_API_URL` and `FOLIO_GITLAB_HOSTS`; undefined without a token. */
export function gitlabOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): GitlabOptions | undefined {
  const token = env.FOLIO_GITLAB_TOKEN ?? env.GITLAB_TOKEN;
  if (!token) return undefined;
  const apiUrl = env.FOLIO_GITLAB_API_URL;
  const hosts = env.FOLIO_GITLAB_HOSTS?.split(',').map((h) => h.trim()).filter(Boolean);
  // A self-managed instance named by its API URL is a GitLab host too.
  const apiHost = apiUrl ? hostOf(apiUrl) : null;
  const all = [...(hosts ?? []), ...(apiHost && !hosts?.length ? ['gitlab.com', apiHost] : [])];
  return { token, apiUrl, hosts: all.length ? [...new Set(all)] : undefined };
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * The project path (`group/sub/project`) of a repository URL on one of `hosts`, or null when it is not
 * a GitLab repository. Subgroups are kept: GitLab's project id is the whole path, URL-encoded.
 */
export function gitlabProjectOf(url: string, opts: GitlabOptions): string | null {
  const mapped = opts.repositories?.[url];
  if (mapped) return mapped.replace(/^\/+|\/+$/g, '') || null;
  const hosts = (opts.hosts ?? ['gitlab.com']).map((h) => h.toLowerCase());
  const m = /^(?:https?:\/\/(?:[^@/]+@)?|ssh:\/\/git@|git@)([^/:]+)(?::\d+)?[/:]((?:[^/]+\/)+[^/]+?)(?:\.git)?\/?$/i.exec(url);
  if (!m || !hosts.includes(m[1]!.toLowerCase())) return null;
  return m[2]!;
}

/** The token git pushes a GitLab repository with over https (`oauth2` as the user name); null otherwise. */
export function gitlabGitCredentials(repository: string, opts: GitlabOptions | undefined): { username: string; token: string } | null {
  if (!opts?.token || !/^https?:\/\//i.test(repository) || !gitlabProjectOf(repository, opts)) return null;
  return { username: 'oauth2', token: opts.token };
}

/** A merge request as GitLab answers it (the fields Folio reads). */
interface GitlabMergeRequest {
  iid: number;
  web_url: string;
  state: string;
  source_branch: string;
  target_branch: string;
}

/** A GitLab answer that was not a success. */
class GitlabHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The code a refused request ends the job with. */
function codeFor(status: number): AgentCode {
  if (status === 401 || status === 403) return 'AGENT_GITLAB_UNAUTHORIZED';
  if (status === 404) return 'AGENT_GITLAB_PROJECT_NOT_FOUND';
  return 'AGENT_PULL_REQUEST_FAILED';
}

/**
 * Merge requests through GitLab's REST API v4 (`PRIVATE-TOKEN` header). Idempotent per branch: an
 * opened merge request whose source is the work branch is updated, never duplicated (GitLab answers
 * 409 to a second one for the same source branch).
 */
export function gitlabMergeRequests(opts: GitlabOptions, projectPath: string): PullRequestProvider {
  const base = (opts.apiUrl ?? 'https://gitlab.com/api/v4').replace(/\/+$/, '');
  const project = `${base}/projects/${encodeURIComponent(projectPath)}`;
  async function call<T>(method: string, path: string, body?: object): Promise<T> {
    const res = await fetch(`${project}${path}`, {
      method,
      headers: { 'PRIVATE-TOKEN': opts.token ?? '', accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    if (!res.ok) {
      let message = text.slice(0, 300);
      try {
        const parsed = JSON.parse(text) as { message?: unknown; error?: unknown };
        const m = parsed.message ?? parsed.error;
        if (m !== undefined) message = typeof m === 'string' ? m : JSON.stringify(m);
      } catch {
        // Not JSON: the text as it came.
      }
      throw new GitlabHttpError(res.status, message);
    }
    return (text ? JSON.parse(text) : null) as T;
  }
  const findOpen = async (source: string, target: string | null) => {
    const q = new URLSearchParams({ state: 'opened', source_branch: source, ...(target ? { target_branch: target } : {}) });
    const list = await call<GitlabMergeRequest[]>('GET', `/merge_requests?${q}`);
    return list.find((mr) => mr.source_branch === source) ?? null;
  };
  const refused = (err: unknown, what: string): never => {
    if (err instanceof AgentError) throw err;
    const status = err instanceof GitlabHttpError ? err.status : undefined;
    throw new AgentError(
      status ? codeFor(status) : 'AGENT_PULL_REQUEST_FAILED',
      `GitLab refused ${what} for ${projectPath}${status ? ` (HTTP ${status})` : ''}: ${(err as Error).message}`,
    );
  };
  /** Ask GitLab to rebase a merge request's branch onto its target and wait for it (up to a minute): the new head, or why not. */
  const rebaseOnTarget = async (iid: number): Promise<{ sha: string } | { reason: string }> => {
    await call<{ rebase_in_progress?: boolean }>('PUT', `/merge_requests/${iid}/rebase`, {});
    const until = Date.now() + 60_000;
    for (;;) {
      const mr = await call<GitlabMergeRequest & { sha?: string; rebase_in_progress?: boolean; merge_error?: string | null }>('GET', `/merge_requests/${iid}?include_rebase_in_progress=true`);
      if (!mr.rebase_in_progress) return mr.merge_error ? { reason: mr.merge_error } : mr.sha ? { sha: mr.sha } : { reason: 'GitLab answered no head commit after the rebase' };
      if (Date.now() > until) return { reason: 'the rebase was still running after a minute' };
      await new Promise((r) => setTimeout(r, 500));
    }
  };
  return {
    kind: 'gitlab',
    async ensure(draft) {
      const fields = { title: draft.title, description: draft.body };
      try {
        const existing = await findOpen(draft.headBranch, draft.baseBranch);
        if (existing) return (await call<GitlabMergeRequest>('PUT', `/merge_requests/${existing.iid}`, fields)).web_url;
        try {
          const made = await call<GitlabMergeRequest>('POST', '/merge_requests', { source_branch: draft.headBranch, target_branch: draft.baseBranch, ...fields });
          return made.web_url;
        } catch (err) {
          // 409: one is open for this source branch already (made by a worker that lost this job's lease).
          const raced = err instanceof GitlabHttpError && err.status === 409 ? await findOpen(draft.headBranch, draft.baseBranch) : null;
          if (raced) return (await call<GitlabMergeRequest>('PUT', `/merge_requests/${raced.iid}`, fields)).web_url;
          throw err;
        }
      } catch (err) {
        return refused(err, 'the merge request');
      }
    },
    async openFor(headBranch, baseBranch) {
      try {
        return (await findOpen(headBranch, baseBranch)) !== null;
      } catch (err) {
        return refused(err, 'the list of merge requests');
      }
    },
    async merge(draft, git): Promise<MergeOutcome> {
      type Merged = GitlabMergeRequest & { merge_commit_sha?: string | null; sha?: string; rebase_in_progress?: boolean; merge_error?: string | null };
      const refusedNow = (err: unknown): MergeOutcome | null =>
        // 405/406/409/422: GitLab will not merge it now (conflicts, pipeline, approvals, a head that moved); it stays open.
        err instanceof GitlabHttpError && [405, 406, 409, 422].includes(err.status) ? { merged: false, reason: `GitLab would not merge it (HTTP ${err.status}): ${err.message}` } : null;
      try {
        const open = await findOpen(draft.headBranch, draft.baseBranch);
        if (!open) return { merged: false, reason: 'no open merge request for the branch' };
        // `sha`: GitLab merges the commit the checks passed on, or answers 409 when someone pushed to the branch since.
        const sha = (await git.head?.()) ?? null;
        const mergeAt = async (at: string | null) => {
          const done = await call<Merged>('PUT', `/merge_requests/${open.iid}/merge`, at ? { sha: at } : {});
          return done.state === 'merged' ? ({ merged: true, commit: done.merge_commit_sha ?? null } as const) : ({ merged: false, reason: `GitLab left it ${done.state}` } as const);
        };
        try {
          return await mergeAt(sha);
        } catch (err) {
          // 406: the project merges by fast-forward (or semi-linear history) and the target branch moved: GitLab rebases the branch itself, then it is merged.
          if (!(err instanceof GitlabHttpError && err.status === 406)) throw err;
          const rebased = await rebaseOnTarget(open.iid);
          if ('reason' in rebased) return { merged: false, reason: `${draft.baseBranch} moved since the run started, and GitLab could not rebase the branch onto it: ${rebased.reason}. It stays open` };
          return await mergeAt(rebased.sha);
        }
      } catch (err) {
        return refusedNow(err) ?? refused(err, 'the merge');
      }
    },
  };
}
