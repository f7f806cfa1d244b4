import type { GithubTarget } from './events.js';

/** GitHub REST settings for commit statuses (`FOLIO_GITHUB_TOKEN`, `FOLIO_GITHUB_API_URL`). */
export interface GithubStatusOptions {
  token: string;
  /** `https://api.github.com` by default; a GitHub Enterprise `/api/v3` URL or a local stand-in. */
  apiUrl?: string;
  /** Host names whose repositories are on this GitHub (`FOLIO_GITHUB_HOSTS`, default github.com): updates clone them with the token. */
  hosts?: string[];
}

export interface CommitStatus {
  state: 'pending' | 'success' | 'failure' | 'error';
  /** Where the status links: the preview or the site. */
  targetUrl: string;
  description: string;
  /** `folio/preview` or `folio/update`. */
  context: string;
}

/**
 * Set a commit status through GitHub's REST API (`POST /repos/{owner}/{repo}/statuses/{sha}`)
 * with Octokit, loaded on first use. GitHub keeps descriptions to 140 characters.
 */
export async function setGithubCommitStatus(options: GithubStatusOptions, target: GithubTarget, sha: string, status: CommitStatus): Promise<void> {
  const { Octokit } = await import('@octokit/rest');
  const octokit = new Octokit({ auth: options.token, baseUrl: options.apiUrl ?? 'https://api.github.com', request: { retries: 0 } });
  await octokit.rest.repos.createCommitStatus({
    owner: target.owner,
    repo: target.repo,
    sha,
    state: status.state,
    target_url: status.targetUrl,
    description: status.description.length > 140 ? `${status.description.slice(0, 139)}…` : status.description,
    context: status.context,
  });
}
