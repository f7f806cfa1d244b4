import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runGit } from './client.js';
import { branchForJob, branchNameProblem, checkBranchName, checkRepositoryUrl, maskUrlCredentials, redactRepositoryUrl, repositoryCredentialsProblem } from './safety.js';

describe('checkRepositoryUrl', () => {
  it('accepts the transports git may use', () => {
    for (const url of ['https://github.com/o/r.git', 'http://h/r', 'ssh://git@h/r', 'git://h/r', 'file:///srv/r.git', '/srv/r.git', 'git@github.com:o/r.git']) {
      expect(checkRepositoryUrl(url)).toBe(url);
    }
  });

  it('refuses options, helper transports and other schemes with a coded reason', () => {
    for (const url of ['-uhelp', '--upload-pack=touch /tmp/x', 'ext::sh -c touch% /tmp/pwned', 'fd::17', 'ftp://h/r', 'relative/path', '', ' /srv/r']) {
      expect(() => checkRepositoryUrl(url)).toThrowError(/refused/);
    }
    let caught: unknown;
    try {
      checkRepositoryUrl('ext::sh');
    } catch (err) {
      caught = err;
    }
    expect(caught).toMatchObject({ code: 'GIT_BAD_REPOSITORY' });
  });
});

describe('credentials in repository URLs', () => {
  it('refuses them, shows them masked, and names the token setting', () => {
    const cases: [string, string][] = [
      ['https://user:s3cret@example.com/x.git', 'https://***@example.com/x.git'],
      ['https://ghp_abc123@github.com/acme/docs.git', 'https://***@github.com/acme/docs.git'],
      ['ssh://git:s3cret@example.com/x.git', 'ssh://git:***@example.com/x.git'],
      ['git:s3cret@example.com:x.git', 'git:***@example.com:x.git'],
    ];
    for (const [url, shown] of cases) {
      let caught: Error & { code?: string } = new Error('not thrown');
      try {
        checkRepositoryUrl(url);
      } catch (error) {
        caught = error as Error & { code?: string };
      }
      expect(caught.code).toBe('GIT_BAD_REPOSITORY');
      expect(caught.message).toContain(`Repository "${shown}" is refused: it carries credentials`);
      expect(caught.message).toContain('FOLIO_GITHUB_TOKEN');
      expect(caught.message).not.toContain('s3cret');
      expect(caught.message).not.toContain('ghp_abc123');
    }
  });

  it('refuses a user part spelled with spaces, escapes or a password, and a token in the query or fragment (issue 48, item 6)', () => {
    const cases: [string, string][] = [
      ['https://us er:TOKEN123@github.com/a/r.git', 'https://***@github.com/a/r.git'],
      ['https://us\u00a0er:TOKEN123@github.com/a/r.git', 'https://***@github.com/a/r.git'],
      ['https://us\u200ber:TOKEN123@github.com/a/r.git', 'https://***@github.com/a/r.git'],
      ['https://%75ser:TOKEN123@github.com/a/r.git', 'https://***@github.com/a/r.git'],
      ['https://github.com/a/r.git?access_token=TOKEN123', 'https://github.com/a/r.git?access_token=***'],
      ['https://gitlab.com/a/r.git?private_token=TOKEN123&x=1', 'https://gitlab.com/a/r.git?private_token=***&x=***'],
      ['https://gitlab.com/a/r.git#token=TOKEN123', 'https://gitlab.com/a/r.git#token=***'],
      ['ssh://g it:TOKEN123@h/r.git', 'ssh://***@h/r.git'],
      ['file://TOKEN123@/srv/r.git', 'file://***@/srv/r.git'],
    ];
    for (const [url, shown] of cases) {
      expect(repositoryCredentialsProblem(url), url).toMatch(/^it carries credentials/);
      expect(redactRepositoryUrl(url), url).toBe(shown);
      let caught: Error & { code?: string } = new Error('not thrown');
      try {
        checkRepositoryUrl(url);
      } catch (error) {
        caught = error as Error & { code?: string };
      }
      expect(caught.code, url).toBe('GIT_BAD_REPOSITORY');
      expect(caught.message, url).toContain(`Repository "${shown}" is refused: it carries credentials`);
      expect(caught.message, url).not.toContain('TOKEN123');
    }
    expect(() => checkRepositoryUrl('https://gith%75b.com/a/r.git')).toThrowError(/host part has spaces or percent-escapes/);
    for (const url of ['ssh://git@h/r.git', 'https://github.com/a/r.git', 'git@github.com:o/r.git', '/srv/my docs/r.git']) {
      expect(repositoryCredentialsProblem(url), url).toBeNull();
      expect(redactRepositoryUrl(url)).toBe(url);
    }
  });

  it('masks what git says about a URL with a token in its query, and a URL quoted cut up by its spaces', async () => {
    // git drops a user part from its messages but quotes the query as it is.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-git-mask-'));
    try {
      const error = await runGit(dir, ['ls-remote', 'http://127.0.0.1:1/r.git?access_token=TOKEN123']).then(() => null, (e: Error) => e);
      expect(error?.message).toContain("'http://127.0.0.1:1/r.git?access_token=***");
      expect(error?.message).not.toContain('TOKEN123');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const url = 'https://us er:TOKEN123@github.com/a/r.git';
    expect(maskUrlCredentials(`Fetching ${url} at branch main`)).toBe('Fetching https://***@github.com/a/r.git at branch main');
    expect(maskUrlCredentials(`Fetching https://us\u00a0er:TOKEN123@github.com/a/r.git`)).toBe('Fetching https://***@github.com/a/r.git');
    expect(maskUrlCredentials("fatal: 'er:TOKEN123@github.com' is not a repository", [url])).toBe("fatal: 'er:***@github.com' is not a repository");
    expect(maskUrlCredentials('see https://example.com/page#intro and https://x.example/?a=1&b=2')).toBe('see https://example.com/page#intro and https://x.example/?a=***&b=***');
  });

  it('masks every credential in a log line and leaves other text alone', () => {
    expect(maskUrlCredentials('Fetching https://u:p@h/x.git and http://tok@h/y, ssh://git@h/z, git://h/w')).toBe(
      'Fetching https://***@h/x.git and http://***@h/y, ssh://git@h/z, git://h/w',
    );
    expect(maskUrlCredentials('index.mdx:12:3 warning mail me: a@b.example')).toBe('index.mdx:12:3 warning mail me: a@b.example');
  });
});

describe('checkBranchName', () => {
  it('accepts ordinary names and the job branch', () => {
    expect(checkBranchName('main')).toBe('main');
    expect(checkBranchName('release/v1.2')).toBe('release/v1.2');
    expect(branchForJob('abc-123')).toBe('folio/agent-abc-123');
  });

  it('refuses names that could be options or are not valid refs', () => {
    for (const name of ['-f', '--force', 'a..b', 'a b', 'a~1', 'x.lock', '.hidden', 'a//b', 'a/', 'end.', 'a@{1}', '@', 'a:b', 'a\\b']) {
      expect(branchNameProblem(name), name).not.toBeNull();
    }
  });

  it('never accepts a name git check-ref-format rejects', () => {
    const char = fc.constantFrom('a', 'b', '-', '.', '/', '@', '{', ' ', '~', 'Z', '_', ':');
    fc.assert(
      fc.property(fc.array(char, { minLength: 1, maxLength: 8 }), (chars) => {
        const name = chars.join('');
        if (branchNameProblem(name) !== null) return true;
        execFileSync('git', ['check-ref-format', '--branch', name], { stdio: 'ignore' });
        return true;
      }),
      { numRuns: 150 },
    );
  });
});
