// Several `folio serve` processes on one PostgreSQL and one S3 server (s3rver): a site published
// through one is served by the other, a server killed mid-publish leaves the last good build live,
// and the killed server, restarted, serves it too. Runs when TEST_DATABASE_URL is set.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, createProject, currentSiteBuild, openDatabase, type Database, type ProjectRow } from '../../src/db/index.js';
import { createFreshPostgresDatabase } from '../db/helpers.js';
import { commitAndPush } from '../git/git-fixtures.js';
import { startFolioServe, type ServeProcess as Server } from './serve-process.js';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.test', '-c', 'init.defaultBranch=main', ...args], { cwd, stdio: 'pipe' }).toString();
const page = (title: string, text: string) => `---\ntitle: ${title}\n---\n\n${text}\n`;
const docsJson = JSON.stringify({ theme: 'mint', name: 'Shared', colors: { primary: '#225588' }, navigation: { pages: ['index'] } });


describe.skipIf(!process.env.TEST_DATABASE_URL)('several folio serve processes sharing PostgreSQL and S3', () => {
  let tmp: string;
  let work: string;
  let s3: S3rver;
  let s3Url: string;
  let fresh: Awaited<ReturnType<typeof createFreshPostgresDatabase>>;
  let db: Database;
  let project: ProjectRow;
  let auth: Record<string, string>;
  const servers: Server[] = [];

  const push = (files: Record<string, string>, message: string) => commitAndPush(work, files, message);

  /** `folio serve` in a child process on the shared database and bucket; resolves once it listens. */
  async function serve(name: string): Promise<Server> {
    const server = await startFolioServe(path.join(tmp, name), {
      DATABASE_URL: fresh.url,
      FOLIO_S3_ENDPOINT: s3Url,
      FOLIO_S3_ACCESS_KEY_ID: 'S3RVER',
      FOLIO_S3_SECRET_ACCESS_KEY: 'S3RVER',
      // One upload at a time: the 300-file publish below takes long enough to be cut off mid-way.
      FOLIO_S3_UPLOAD_CONCURRENCY: '1',
    }, ['--storage', 's3://sites/folio']);
    servers.push(server);
    return server;
  }

  /** One request over its own connection (fetch cannot set Host, and a pooled socket may be one the server just closed). */
  const call = (server: Server, method: string, file: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; text(): Promise<string> }>((resolve, reject) => {
      const req = http.request(`${server.url}${file}`, { method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: async () => Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('error', reject);
      req.end();
    });
  /** GET a path of the project's site from one server. */
  const site = (server: Server, file = '/') => call(server, 'GET', file, { Host: `${project.id}.localhost` });
  const trigger = async (server: Server): Promise<string> => {
    const res = await call(server, 'POST', `/v1/project/update/${project.id}`, auth);
    expect(res.status).toBe(202);
    return (JSON.parse(await res.text()) as { statusId: string }).statusId;
  };
  const status = async (server: Server, id: string) =>
    JSON.parse(await (await call(server, 'GET', `/v1/project/update-status/${id}`, auth)).text()) as { status: string; summary: string | null; logs: string[] };
  async function settle(server: Server, id: string): Promise<{ status: string; summary: string | null; logs: string[] }> {
    for (;;) {
      const s = await status(server, id);
      if (s.status === 'success' || s.status === 'failure') return s;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-shared-'));
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(tmp, 's3'), configureBuckets: [{ name: 'sites', configs: [] }] });
    const info = await s3.run();
    s3Url = `http://127.0.0.1:${info.port}`;
    fresh = await createFreshPostgresDatabase();
    db = await openDatabase({ databaseUrl: fresh.url });
    const bare = path.join(tmp, 'origin.git');
    work = path.join(tmp, 'work');
    git(tmp, 'init', '-q', '--bare', bare);
    git(tmp, 'clone', '-q', bare, work);
    push({ 'docs.json': docsJson, 'index.mdx': page('Home', 'Version one.') }, 'v1');
    project = await createProject(db, { name: 'Shared', repoUrl: `file://${bare}`, branch: 'main', docsDir: '.' });
    auth = { Authorization: `Bearer ${(await createApiKey(db, { projectIds: [project.id] })).key}` };
    // One after the other: two servers creating pg-boss's schema at once on a fresh database race (JOBS_QUEUE_START_FAILED).
    await serve('a');
    await serve('b');
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    await db?.close();
    await fresh?.drop();
    await s3?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('publishes through one server, is served by the other within a second, survives a kill mid-publish', async () => {
    const [a, b] = servers as [Server, Server];
    // B looks first: nothing is published (and B now holds that answer in its short cache).
    expect((await site(b)).status).toBe(404);

    // Published through A, read through B (which builds nothing) within a second of the update ending:
    // the switch's NOTIFY drops B's cached answer.
    const first = await settle(a, await trigger(a));
    expect(first.status, first.logs.join("\n") + a.stderr()).toBe("success");
    const ended = Date.now();
    let seenAfter = Infinity;
    while (Date.now() - ended < 5_000) {
      if ((await (await site(b)).text()).includes('Version one.')) {
        seenAfter = Date.now() - ended;
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(seenAfter).toBeLessThan(1_000);
    const live = await currentSiteBuild(db, project.id, '');
    expect(live).not.toBeNull();

    // A second version with 300 more files; A is killed while it uploads them.
    const many: Record<string, string> = { 'index.mdx': page('Home', 'Version two.') };
    for (let i = 0; i < 300; i++) many[`files/f${i}.txt`] = `file ${i} of version two\n`;
    push(many, 'v2');
    const second = await trigger(a);
    let uploading = '';
    for (;;) {
      const s = await status(b, second);
      uploading = s.logs.find((l) => l.startsWith('Uploading build')) ?? '';
      if (uploading) break;
      expect(s.status, s.logs.join('\n')).not.toMatch(/success|failure/);
      await new Promise((r) => setTimeout(r, 25));
    }
    a.child.kill('SIGKILL');
    await new Promise((r) => a.child.once('exit', r));
    // Contents the live build already has are not sent again (stored once, by hash).
    const [files, newContents] = [Number(/(\d+) file\(s\)/.exec(uploading)![1]), Number(/(\d+) new content/.exec(uploading)![1])];
    expect(files).toBeGreaterThan(300);
    expect(newContents).toBeLessThan(files);
    expect((await status(b, second)).logs.some((l) => l.startsWith('Switched the live build'))).toBe(false);
    // The live build is still the first one, and B serves it whole.
    expect(await currentSiteBuild(db, project.id, '')).toBe(live);
    const during = await site(b);
    expect(during.status).toBe(200);
    expect(await during.text()).toContain('Version one.');
    expect((await site(b, '/files/f0.txt')).status).toBe(404);

    // A restarted on its own data folder serves the last good build from the shared store.
    const again = await serve('a');
    const restarted = await site(again);
    expect(restarted.status).toBe(200);
    expect(await restarted.text()).toContain('Version one.');
  }, 180_000);
});
