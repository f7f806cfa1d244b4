import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitError, WorkBranch } from '../../src/git/index.js';
import { createBareRepo, gitOut, tempDir } from './git-fixtures.js';
import { startHttpGitServer, type HttpGitServer } from './http-git-server.js';

const TOKEN = 'ghs_folioTestToken0123456789abcdef';

describe('git with limits and credentials', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let server: HttpGitServer;
  let bare: string;

  beforeAll(async () => {
    tmp = await tempDir('folio-git-limits-');
    bare = await createBareRepo(tmp.dir);
    server = await startHttpGitServer(tmp.dir, TOKEN);
  });
  afterAll(async () => {
    await server.close();
    await tmp.cleanup();
  });

  it('a signal stops a clone from a remote that never answers, killing git and its remote helper', async () => {
    const controller = new AbortController();
    const checkout = WorkBranch.checkout({ repository: `${server.origin}/hang/docs.git`, base: 'main', branch: 'folio/agent-hang', dir: path.join(tmp.dir, 'hang'), signal: controller.signal });
    const socket = await server.hung;
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const started = Date.now();
    controller.abort();
    const error = await checkout.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitError);
    expect((error as GitError).code).toBe('GIT_INTERRUPTED');
    // The connection was held by git-remote-http, a child of git: it is gone too.
    await closed;
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('pushes over http with the token from a credential helper: never in the URL, the config or a message', async () => {
    const repository = `${server.origin}/docs.git`;
    const dir = path.join(tmp.dir, 'work');
    const work = await WorkBranch.checkout({ repository, base: 'main', branch: 'folio/agent-creds', dir, credentials: { username: 'x-access-token', token: TOKEN } });
    await writeFile(path.join(dir, 'new.mdx'), '---\ntitle: New\n---\n\nNew page.\n');
    await work.commitAll('Add a page');
    const before = server.authorizations.length;
    await work.push();
    expect(gitOut(bare, ['show', 'folio/agent-creds:new.mdx'])).toContain('New page.');
    // Refused once without credentials, then sent by the helper.
    const sent = server.authorizations.slice(before).filter((a): a is string => a !== null);
    expect(sent.map((a) => Buffer.from(a.split(' ')[1]!, 'base64').toString('utf8'))).toContain(`x-access-token:${TOKEN}`);
    expect(await readFile(path.join(dir, '.git', 'config'), 'utf8')).not.toContain(TOKEN);
    expect(gitOut(dir, ['remote', 'get-url', 'origin'])).toBe(repository);

    // A wrong token: the push fails, and neither token shows in the error.
    const wrong = 'ghs_wrongToken_9876543210';
    const denied = await WorkBranch.checkout({ repository, base: 'main', branch: 'folio/agent-denied', dir: path.join(tmp.dir, 'denied'), credentials: { username: 'x-access-token', token: wrong } });
    await writeFile(path.join(denied.dir, 'other.mdx'), '---\ntitle: Other\n---\n');
    await denied.commitAll('Add another page');
    const error = (await denied.push().catch((e: unknown) => e)) as GitError;
    expect(error.code).toBe('GIT_PUSH_FAILED');
    expect(error.message).not.toContain(wrong);
    expect(error.message).not.toContain(TOKEN);
  });
});
