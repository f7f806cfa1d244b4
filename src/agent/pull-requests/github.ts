import { AgentError } from '../codes.js';
import type { PullRequestDraft } from '../../db/index.js';
import type { MergeOutcome, PullRequestProvider } from './types.js';

/** GitHub's pull requests also open as drafts and are marked ready for review (the web editor's branches). */
export interface GithubPullRequestProvider extends PullRequestProvider {
  readonly kind: 'github';
  /** `draft`: a new pull request opens as a draft (an open one keeps its state). */
  ensure(draft: PullRequestDraft, options?: { draft?: boolean }): Promise<string>;
  /** Take the open pull request of `headBranch` out of draft (GraphQL: REST cannot). */
  markReady(headBranch: string): Promise<void>;
}

/** Where GitHub's REST API is and how to reach it. */
export interface GithubOptions {
  /** REST API base, `https://api.github.com` or a GitHub Enterprise `/api/v3` URL (tests: a local stand-in). */
  apiUrl?: string;
  token?: string;
  /** Host names whose repositories are on this GitHub (default github.com). */
  hosts?: string[];
  /** Explicit repository URL → `owner/repo`, for remotes whose URL does not name the GitHub repository. */
  repositories?: Record<string, string>;
}

/** GitHub settings from `FOLIO_GITHUB_TOKEN` (or `GITHUB_TOKEN`) and `FOLIO_GITHUB_API_URL`; undefined without a token. */
export function githubOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): GithubOptions | undefined {
  const token = env.FOLIO_GITHUB_TOKEN ?? env.GITHUB_TOKEN;
  if (!token) return undefined;
  const hosts = env.FOLIO_GITHUB_HOSTS?.split(',').map((h) => h.trim()).filter(Boolean);
  return { token, apiUrl: env.FOLIO_GITHUB_API_URL, hosts: hosts?.length ? hosts : undefined };
}

/**
 * The token git pushes and fetches a GitHub repository with (an https URL on a configured host, or
 * mapped): GitHub takes any user name with a token as the password; `x-access-token` is the usual one.
 * Null for other repositories and without a token: git then uses what the machine has (ssh agent).
 */
export function githubGitCredentials(repository: string, opts: GithubOptions | undefined): { username: string; token: string } | null {
  if (!opts?.token || !/^https?:\/\//i.test(repository) || !githubRepoOf(repository, opts)) return null;
  return { username: 'x-access-token', token: opts.token };
}

/** `owner/repo` of a repository URL on one of `hosts`, or null when it is not a GitHub repository. */
export function githubRepoOf(url: string, opts: GithubOptions): { owner: string; repo: string } | null {
  const mapped = opts.repositories?.[url];
  const slug =
    mapped ??
    (() => {
      const hosts = (opts.hosts ?? ['github.com']).map((h) => h.toLowerCase());
      const m = /^(?:https?:\/\/(?:[^@/]+@)?|ssh:\/\/git@|git@)([^/:]+)[/:]([^/]+)\/([^/]+?)(?:\.git)?\/?$/i.exec(url);
      if (!m || !hosts.includes(m[1]!.toLowerCase())) return null;
      return `${m[2]}/${m[3]}`;
    })();
  if (!slug) return null;
  const [owner, repo] = slug.split('/');
  return owner && repo ? { owner, repo } : null;
}

/**
 * Pull requests through the GitHub REST API. Idempotent per branch: an open
 * pull request whose head is the work branch is updated, never duplicated.
 */
export function githubPullRequests(opts: GithubOptions, target: { owner: string; repo: string }): GithubPullRequestProvider {
  // Octokit loads on first use: most installations never talk to GitHub.
  const client = async () => {
    const { Octokit } = await import('@octokit/rest');
    return new Octokit({ auth: opts.token, baseUrl: opts.apiUrl ?? 'https://api.github.com', request: { retries: 0 } });
  };
  const openPull = async (octokit: Awaited<ReturnType<typeof client>>, headBranch: string, baseBranch?: string | null) => {
    const { data: open } = await octokit.rest.pulls.list({ ...target, state: 'open', head: `${target.owner}:${headBranch}`, ...(baseBranch ? { base: baseBranch } : {}), per_page: 10 });
    return open.find((p) => p.head.ref === headBranch);
  };
  const refused = (err: unknown, what: string): never => {
    const status = (err as { status?: number }).status;
    throw new AgentError('AGENT_PULL_REQUEST_FAILED', `GitHub refused ${what} for ${target.owner}/${target.repo}${status ? ` (HTTP ${status})` : ''}: ${(err as Error).message}`);
  };
  return {
    kind: 'github',
    async openFor(headBranch, baseBranch) {
      try {
        return (await openPull(await client(), headBranch, baseBranch)) !== undefined;
      } catch (err) {
        return refused(err, 'the list of pull requests');
      }
    },
    async merge(draft): Promise<MergeOutcome> {
      try {
        const octokit = await client();
        const open = await openPull(octokit, draft.headBranch, draft.baseBranch);
        if (!open) return { merged: false, reason: 'no open pull request for the branch' };
        const { data } = await octokit.rest.pulls.merge({ ...target, pull_number: open.number, merge_method: 'merge' });
        return data.merged ? { merged: true, commit: data.sha ?? null } : { merged: false, reason: data.message };
      } catch (err) {
        // 405 not mergeable, 409 head moved: the pull request stays open for a person.
        const status = (err as { status?: number }).status;
        if (status === 405 || status === 409) return { merged: false, reason: `GitHub would not merge it (HTTP ${status}): ${(err as Error).message}` };
        return refused(err, 'the merge');
      }
    },
    async markReady(headBranch) {
      try {
        const octokit = await client();
        const open = await openPull(octokit, headBranch);
        if (!open) throw new Error(`no open pull request for ${headBranch}`);
        // REST cannot take a pull request out of draft: GitHub's GraphQL mutation does.
        if ((open as { draft?: boolean }).draft) {
          await octokit.graphql('mutation($id: ID!) { markPullRequestReadyForReview(input: { pullRequestId: $id }) { pullRequest { isDraft } } }', { id: open.node_id });
        }
      } catch (err) {
        refused(err, 'marking the pull request ready for review');
      }
    },
    async ensure(draft, options) {
      const octokit = await client();
      const findOpen = () => openPull(octokit, draft.headBranch);
      const update = async (pullNumber: number) =>
        (await octokit.rest.pulls.update({ ...target, pull_number: pullNumber, title: draft.title, body: draft.body })).data.html_url;
      try {
        const existing = await findOpen();
        if (existing) return await update(existing.number);
        try {
          const { data } = await octokit.rest.pulls.create({ ...target, head: draft.headBranch, base: draft.baseBranch, title: draft.title, body: draft.body, ...(options?.draft ? { draft: true } : {}) });
          return data.html_url;
        } catch (err) {
          // 422 "already exists": another worker (one that lost this job's lease) created it meanwhile.
          const raced = (err as { status?: number }).status === 422 ? await findOpen() : undefined;
          if (raced) return await update(raced.number);
          throw err;
        }
      } catch (err) {
        return refused(err, 'the pull request');
      }
    },
  };
}
