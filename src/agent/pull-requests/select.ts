import type { Database } from '../../db/index.js';
import { githubPullRequests, githubRepoOf, type GithubOptions } from './github.js';
import { folioPullRequests } from './folio.js';
import type { PullRequestProvider } from './types.js';

/** Settings that decide where pull requests go. */
export interface PullRequestSettings {
  db: Database;
  /** Folio's public URL; recorded pull requests are served at `<publicUrl>/pulls/<id>`. */
  publicUrl: string;
  github?: GithubOptions;
}

/** GitHub for repositories on a configured GitHub host (or mapped explicitly), Folio's own records otherwise. */
export function pullRequestProviderFor(settings: PullRequestSettings, repository: string): PullRequestProvider {
  const target = settings.github ? githubRepoOf(repository, settings.github) : null;
  if (settings.github && target) return githubPullRequests(settings.github, target);
  return folioPullRequests(settings.db, settings.publicUrl);
}
