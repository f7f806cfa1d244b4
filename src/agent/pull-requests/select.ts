import type { Database } from '../../db/index.js';
import { githubGitCredentials, githubPullRequests, githubRepoOf, type GithubOptions } from './github.js';
import { gitlabGitCredentials, gitlabMergeRequests, gitlabProjectOf, type GitlabOptions } from './gitlab.js';
import { folioPullRequests } from './folio.js';
import type { PullRequestProvider } from './types.js';

/** Settings that decide where pull requests go. */
export interface PullRequestSettings {
  db: Database;
  /** Folio's public URL; recorded pull requests are served at `<publicUrl>/pulls/<id>`. */
  publicUrl: string;
  github?: GithubOptions;
  /** GitLab REST v4 settings: repositories on its hosts get merge requests. */
  gitlab?: GitlabOptions;
}

/**
 * GitHub for repositories on a configured GitHub host (or mapped explicitly), GitLab merge requests for
 * those on a configured GitLab host, Folio's own records otherwise.
 */
export function pullRequestProviderFor(settings: PullRequestSettings, repository: string): PullRequestProvider {
  const target = settings.github ? githubRepoOf(repository, settings.github) : null;
  if (settings.github && target) return githubPullRequests(settings.github, target);
  const project = settings.gitlab?.token ? gitlabProjectOf(repository, settings.gitlab) : null;
  if (settings.gitlab && project) return gitlabMergeRequests(settings.gitlab, project);
  return folioPullRequests(settings.db, settings.publicUrl);
}

/** The token git fetches and pushes `repository` with: GitHub's or GitLab's when it is on one of theirs, else none. */
export function forgeGitCredentials(repository: string, settings: Pick<PullRequestSettings, 'github' | 'gitlab'>): { username: string; token: string } | null {
  return githubGitCredentials(repository, settings.github) ?? gitlabGitCredentials(repository, settings.gitlab);
}
