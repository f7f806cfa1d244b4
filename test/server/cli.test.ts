import { execFile, spawn } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProgram } from '../../src/cli/program.js';
import { isWellFormedAdminKey } from '../../src/db/index.js';

const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;
const folio = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  run(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', ...env } });

/**
 * Run a `folio` command inside this process, as `src/cli/main.ts` does, with its output captured:
 * a spawned `node --import tsx` costs seconds of compiling per command, and the spawned path is
 * covered by `--version` and `start` below. Resolves like execFile; rejects when the exit code is set.
 */
async function folioHere(args: string[]): Promise<{ stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
  vi.stubEnv('DATABASE_URL', '');
  const before = process.exitCode;
  process.exitCode = undefined;
  let code: number | undefined;
  try {
    const argv = [process.execPath, 'folio', ...args];
    await (await createProgram(argv)).parseAsync(argv);
  } finally {
    code = typeof process.exitCode === 'number' ? process.exitCode : undefined;
    process.exitCode = before;
    out.mockRestore();
    err.mockRestore();
    vi.unstubAllEnvs();
  }
  if (code) throw Object.assign(new Error(`folio ${args.join(' ')} exited with ${code}`), { code, stdout, stderr });
  return { stdout, stderr };
}

/** GET `url` with another Host header (fetch does not send one of its own choosing). */
function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { Host: host } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

/** Run `folio start`, wait for its banner, and return it with a stop function. */
async function start(dataDir: string): Promise<{ out: string; waitFor(text: string): Promise<void>; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'start', '--port', '0', '--data', dataDir], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('Press Ctrl+C to stop.')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`folio start exited with ${code}: ${err}`)));
  });
  return {
    out,
    // Later lines (the bundled docs site is published after the banner).
    waitFor: (text) =>
      new Promise<void>((resolve) => {
        if (out.includes(text)) return resolve();
        child.stdout.on('data', () => {
          if (out.includes(text)) resolve();
        });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      }),
  };
}

describe('folio projects, keys and start', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-cli-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('prints its version from package.json', async () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect((await folio(['--version'])).stdout).toBe(`${version}\n`);
    expect((await folio(['-V'])).stdout).toBe(`${version}\n`);
  });

  it('creates a project and a key (printed once, last line), lists and revokes it', async () => {
    const data = path.join(dir, 'cli');
    const created = await folioHere(['projects', 'create', '--name', 'CLI Docs', '--repo', 'https://example.test/cli.git', '--dir', 'docs', '--data', data]);
    const projectId = created.stdout.trim().split('\n').at(-1)!;
    expect(projectId).toMatch(/^cli-docs-[a-z0-9]{6}$/);
    expect((await folioHere(['projects', 'list', '--data', data])).stdout).toContain(`${projectId}  CLI Docs  https://example.test/cli.git  main    docs`);

    const set = await folioHere(['projects', 'set', projectId, '--rate', '7', '--host', 'Docs.Example.test', '--data', data]);
    expect(set.stdout).toContain('hosts docs.example.test, 7 agent requests/hour');

    const keyOut = await folioHere(['keys', 'create', '--project', projectId, '--name', 'ci', '--expires', '30d', '--data', data]);
    const key = keyOut.stdout.trim().split('\n').at(-1)!;
    expect(isWellFormedAdminKey(key)).toBe(true);
    const listed = (await folioHere(['keys', 'list', '--project', projectId, '--data', data])).stdout;
    expect(listed).toContain(`folio_…${key.slice(-4)}`);
    expect(listed).not.toContain(key);
    const keyId = /^(key_[a-z0-9]+)/m.exec(listed)![1]!;
    expect((await folioHere(['keys', 'revoke', keyId, '--data', data])).stdout).toContain(`Revoked ${keyId}`);
    expect((await folioHere(['keys', 'list', '--project', projectId, '--data', data])).stdout).toMatch(/revoked\n$/);

    const refused = await folioHere(['projects', 'create', '--name', 'x', '--repo', '--upload-pack=evil', '--data', data]).catch((e) => e);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('GIT_BAD_REPOSITORY');
  }, 300_000);

  it('npm start: serves the bundled docs, prints a working curl line, and does not reprint the key', async () => {
    const data = path.join(dir, 'start');
    const first = await start(data);
    let curl: string;
    try {
      const key = /Admin key:\s+(folio_\S+)/.exec(first.out)?.[1];
      expect(key && isWellFormedAdminKey(key)).toBe(true);
      curl = /curl -H "Authorization: Bearer (\S+)" (\S+)/.exec(first.out)![0];
      const [, token, url] = /curl -H "Authorization: Bearer (\S+)" (\S+)/.exec(first.out)!;
      expect(token).toBe(key);
      const res = await fetch(url!, { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ jobs: [], nextCursor: null });
      const site = /Docs site:\s+(\S+)/.exec(first.out)![1]!;
      expect(first.out).toContain('publishing in the background');
      await first.waitFor(`Docs site published: ${site}`);
      const siteUrl = new URL(site);
      const page = await getWithHost(`http://127.0.0.1:${siteUrl.port}/`, siteUrl.host);
      expect(page.status).toBe(200);
      expect(page.body).toContain('self-hostable documentation platform');
      // The bundled site is Folio's own documentation (docs/), with its generated reference. (fetch
      // cannot set Host, so node:http asks the site's host.)
      const cliPage = await getWithHost(`http://127.0.0.1:${siteUrl.port}/reference/cli/build`, siteUrl.host);
      expect(cliPage.status).toBe(200);
      expect(cliPage.body).toContain('--og-images-max');
      expect(first.out).toContain('Project id:  docs');

      // The whole stack: a job runs on the in-process worker against the docs repository and
      // its pull request page is served at prLink.
      const origin = new URL(url!).origin;
      const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
      const created = await fetch(`${origin}/v2/agent/docs/job`, { method: 'POST', headers: auth, body: JSON.stringify({ prompt: 'normalise docs.json formatting' }) });
      expect(created.status).toBe(201);
      const jobId = (await created.json()).id;
      let job: { status: string; prLink: string | null } = { status: 'active', prLink: null };
      for (let i = 0; i < 240 && job.status === 'active'; i++) {
        await new Promise((r) => setTimeout(r, 500));
        job = await (await fetch(`${origin}/v2/agent/docs/job/${jobId}`, { headers: auth })).json();
      }
      expect(job.status).toBe('completed');
      if (job.prLink) {
        const pr = await fetch(job.prLink, { headers: auth });
        expect(pr.status).toBe(200);
        expect(pr.headers.get('content-type')).toContain('text/html');
      }
    } finally {
      await first.stop();
    }
    const second = await start(data);
    try {
      expect(second.out).toContain('printed on first start');
      expect(second.out).not.toMatch(/Admin key:\s+folio_[A-Za-z0-9]{28}\n/);
      // No shell variable nothing sets: a placeholder, and the key command (test/hardening/start-banner.test.ts runs both).
      expect(second.out).toContain('Bearer <admin key>');
      expect(second.out).not.toContain('$FOLIO_ADMIN_KEY');
      expect(curl).toBeTruthy();
    } finally {
      await second.stop();
    }
  }, 600_000);
});
