import { describe, expect, it } from 'vitest';
import { githubOptionsFromEnv, githubRepoOf } from './github.js';

describe('githubRepoOf', () => {
  it('reads owner/repo from GitHub URLs in every common form', () => {
    for (const url of ['https://github.com/acme/docs', 'https://github.com/acme/docs.git', 'https://x-access-token:t@github.com/acme/docs.git', 'git@github.com:acme/docs.git', 'ssh://git@github.com/acme/docs']) {
      expect(githubRepoOf(url, {}), url).toEqual({ owner: 'acme', repo: 'docs' });
    }
  });

  it('ignores other hosts unless configured, and honours explicit mappings', () => {
    expect(githubRepoOf('https://gitlab.com/acme/docs.git', {})).toBeNull();
    expect(githubRepoOf('/srv/git/docs.git', {})).toBeNull();
    expect(githubRepoOf('https://ghe.corp/acme/docs', { hosts: ['ghe.corp'] })).toEqual({ owner: 'acme', repo: 'docs' });
    expect(githubRepoOf('/srv/git/docs.git', { repositories: { '/srv/git/docs.git': 'acme/site' } })).toEqual({ owner: 'acme', repo: 'site' });
  });

  it('takes settings from the environment only when a token is set', () => {
    expect(githubOptionsFromEnv({})).toBeUndefined();
    expect(githubOptionsFromEnv({ GITHUB_TOKEN: 't', FOLIO_GITHUB_API_URL: 'https://ghe.corp/api/v3', FOLIO_GITHUB_HOSTS: 'ghe.corp, github.com' })).toEqual({
      token: 't',
      apiUrl: 'https://ghe.corp/api/v3',
      hosts: ['ghe.corp', 'github.com'],
    });
  });
});
