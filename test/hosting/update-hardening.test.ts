import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiKey, createProject, getUpdate, type ProjectRow } from '../../src/db/index.js';
import { UpdateRunner, type BuildSite } from '../../src/hosting/index.js';
import { backends, openTestDatabase } from '../db/helpers.js';
import { commitAndPush, createBareRepo, tempDir } from '../git/git-fixtures.js';
import { startHttpGitServer } from '../git/http-git-server.js';
import { startTestServer, type TestServer } from '../server/helpers.js';

// Each update clones and (two of them) builds in the sandbox: 30 s ran out for three cases at load 13-17
// (the machine shared with other work), waiting on the update itself, not on a timer.
vi.setConfig({ testTimeout: 120_000 });

// What an update tells its readers (update-status, the dashboard): located problems, never the server's
// stack traces or folders, never a credential.
const docsJson = (extra: object = {}) => JSON.stringify({ name: 'Hardening', theme: 'mint', colors: { primary: '#123456' }, navigation: { pages: ['index'] }, ...extra });
const DEEP_HEAD = '{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{},"x-deep":';
const SECRET = 's3cretPassw0rd';

interface Status {
  status: string;
  summary: string;
  logs: string[];
}

describe.each(backends)('what an update shows on %s', (kind) => {
  let s: TestServer;
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let work: string;
  let bare: string;
  let auth: Record<string, string>;
  const serverLog: string[] = [];
  let failing: TestServer;

  beforeAll(async () => {
    tmp = await tempDir('folio-update-hardening-');
    bare = await createBareRepo(tmp.dir, { 'docs.json': docsJson(), 'index.mdx': '# Home\n' });
    work = path.join(tmp.dir, 'work');
    await promisify(execFile)('git', ['clone', '-q', bare, work]);
    for (const [k, v] of [['user.name', 'T'], ['user.email', 't@example.test']]) await promisify(execFile)('git', ['-C', work, 'config', k!, v!]);
    s = await startTestServer(kind, { log: (line) => void serverLog.push(line) });
    failing = await startTestServer(kind, {
      buildSite: async () => {
        throw new Error(`cannot open ${path.join(failing.dataDir, 'work', 'x')}\nsecond line`);
      },
      log: (line) => void serverLog.push(line),
    });
  });
  afterAll(async () => {
    await s.cleanup();
    await failing.cleanup();
    await tmp.cleanup();
  });

  async function update(server: TestServer, project: ProjectRow): Promise<Status> {
    const { key } = await createApiKey(server.db, { projectIds: [project.id] });
    auth = { Authorization: `Bearer ${key}` };
    const res = await server.app.request(`/v1/project/update/${project.id}`, { method: 'POST', headers: auth });
    expect(res.status).toBe(202);
    const { statusId } = (await res.json()) as { statusId: string };
    await server.updates.idle();
    return (await (await server.app.request(`/v1/project/update-status/${statusId}`, { headers: auth })).json()) as Status;
  }
  const noServerInternals = (server: TestServer, status: Status) => {
    const all = [status.summary, ...status.logs].join('\n');
    expect(all).not.toMatch(/\n\s+at |RangeError|Maximum call stack/);
    expect(all).not.toContain(server.dataDir);
  };

  // The two real builds do not depend on the database: on the embedded one only (the rows they write are
  // covered on both by the other cases).
  it.skipIf(kind !== 'pglite')('a spec nested 2,000 levels deep fails the build with the located problem, not a stack overflow', async () => {
    commitAndPush(work, { 'docs.json': docsJson({ api: { openapi: 'openapi.json' } }), 'openapi.json': `${DEEP_HEAD}${'['.repeat(2000)}${']'.repeat(2000)}}` }, 'deep spec');
    const project = await createProject(s.db, { name: 'Deep', repoUrl: `file://${bare}` });
    const status = await update(s, project);
    expect(status.status).toBe('failure');
    expect(status.summary).toMatch(/^UPDATE_BUILD_FAILED: the build reported 1 error\(s\)/);
    expect(status.logs).toContain(
      `openapi.json:1:${DEEP_HEAD.length + 128} error objects and arrays nest more than 128 levels deep from here, past what Folio reads (real specs stay under 30); the spec is not read. Flatten it: move nested schemas into \`components\` and point at them with \`$ref\``,
    );
    noServerInternals(s, status);
  });

  it('an unexpected error shows its first line without the data folder; the stack goes to the server log', async () => {
    const project = await createProject(failing.db, { name: 'Crash', repoUrl: `file://${bare}` });
    const status = await update(failing, project);
    expect(status.status).toBe('failure');
    expect(status.summary).toBe('UPDATE_INTERNAL: cannot open <data>/work/x; the server log has the details.');
    expect(status.logs.at(-1)).toBe(status.summary);
    noServerInternals(failing, status);
    expect(serverLog.some((line) => line.includes(`UPDATE_INTERNAL: Error: cannot open ${failing.dataDir}`) && /\n\s+at /.test(line))).toBe(true);
  });

  it('a repository URL with credentials is refused, pointing to the token setting, and shown masked', async () => {
    const project = await createProject(s.db, { name: 'Creds', repoUrl: `https://builder:${SECRET}@git.example.invalid/acme/docs.git` });
    const status = await update(s, project);
    expect(status.status).toBe('failure');
    expect(status.summary).toMatch(/^UPDATE_BAD_SOURCE: Repository "https:\/\/\*\*\*@git\.example\.invalid\/acme\/docs\.git" is refused: it carries credentials/);
    expect(status.summary).toContain('FOLIO_GITHUB_TOKEN');
    expect(JSON.stringify(status)).not.toContain(SECRET);
    expect(serverLog.join('\n')).not.toContain(SECRET);
  });

  it.skipIf(kind !== 'pglite')('masks a credential in every line of the log (here a spec URL the build quotes)', async () => {
    commitAndPush(work, { 'docs.json': docsJson({ api: { openapi: `https://reader:${SECRET}@specs.example.invalid/openapi.json` } }) }, 'spec url with credentials');
    const project = await createProject(s.db, { name: 'Spec', repoUrl: `file://${bare}` });
    const status = await update(s, project);
    expect(status.logs.some((line) => line.includes('https://***@specs.example.invalid/openapi.json'))).toBe(true);
    expect(JSON.stringify(status)).not.toContain(SECRET);
    expect(serverLog.join('\n')).not.toContain(SECRET);
  });
});

describe('credentials in repository URLs at the doors', () => {
  it('folio projects create refuses them with the masked URL', async () => {
    const data = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-creds-cli-'));
    try {
      const cwd = path.resolve(import.meta.dirname, '../..');
      const result = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'src/cli/main.ts', 'projects', 'create', '--data', data, '--name', 'X', '--repo', `https://builder:${SECRET}@github.com/acme/docs.git`],
        { cwd, env: { ...process.env, DATABASE_URL: '' } },
      ).then(
        () => ({ code: 0, out: '' }),
        (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, out: error.stdout + error.stderr }),
      );
      expect(result.code).not.toBe(0);
      expect(result.out).toContain('Repository "https://***@github.com/acme/docs.git" is refused: it carries credentials');
      expect(result.out).not.toContain(SECRET);
    } finally {
      fs.rmSync(data, { recursive: true, force: true });
    }
  });

  it('an update clones with the configured token instead, through the credential helper', async () => {
    const tmp = await tempDir('folio-update-token-');
    const token = 'ghs_updateToken_0123456789';
    const server = await startHttpGitServer(tmp.dir, token, { readsNeedToken: true });
    const t = await openTestDatabase('pglite');
    try {
      await createBareRepo(tmp.dir, { 'docs.json': docsJson(), 'index.mdx': '# Home\n' });
      const repoUrl = `${server.origin}/docs.git`;
      const built: string[] = [];
      const buildSite: BuildSite = async ({ root, outDir }) => {
        built.push(fs.readFileSync(path.join(root, 'index.mdx'), 'utf8'));
        fs.mkdirSync(outDir, { recursive: true });
        fs.writeFileSync(path.join(outDir, 'index.html'), 'ok');
        return { ok: true, pages: 1, diagnostics: [], durationMs: 1 };
      };
      const project = await createProject(t.db, { name: 'Private', repoUrl });
      const without = new UpdateRunner({ db: t.db, dataDir: path.join(tmp.dir, 'a'), buildSite });
      const refused = await without.runNow(project);
      expect((await getUpdate(t.db, refused.id))!.status).toBe('failure');
      const runner = new UpdateRunner({
        db: t.db,
        dataDir: path.join(tmp.dir, 'b'),
        buildSite,
        credentialsFor: (url) => (url === repoUrl ? { username: 'x-access-token', token } : null),
      });
      const row = await runner.runNow(project);
      const done = await getUpdate(t.db, row.id);
      expect(done!.status, done!.logs.join('\n')).toBe('success');
      expect(built).toEqual(['# Home\n']);
      expect(server.authorizations).toContain(`Basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`);
      expect(done!.logs.join('\n')).not.toContain(token);
    } finally {
      await t.cleanup();
      await server.close();
      await tmp.cleanup();
    }
  });
});
