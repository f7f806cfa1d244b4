// `folio serve --page-timeout`: the per-page time limit of untrusted builds, which `folio build --untrusted`
// had and `folio serve` (whose updates and previews are untrusted builds) did not.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFromFlags, type ServeFlags } from '../../src/cli/commands/serve.js';
import { createApiKey, createProject } from '../../src/db/index.js';
import type { RunningServer } from '../../src/server/index.js';
import { createBareRepo } from '../git/git-fixtures.js';

const flags = (data: string, extra: Partial<ServeFlags> = {}): ServeFlags => ({
  port: '0',
  host: '127.0.0.1',
  data,
  worker: false,
  dashboard: false,
  siteDomain: 'localhost',
  previewTtl: '14d',
  ...extra,
});

describe('folio serve --page-timeout', () => {
  let tmp: string;
  let server: RunningServer;
  const databaseUrl = process.env.DATABASE_URL;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-serve-timeout-'));
    // The embedded database of the data folder, as `folio serve` without DATABASE_URL.
    delete process.env.DATABASE_URL;
    server = await startFromFlags(flags(path.join(tmp, 'data'), { pageTimeout: '1' }));
  });
  afterAll(async () => {
    await server?.close();
    if (databaseUrl !== undefined) process.env.DATABASE_URL = databaseUrl;
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('stops a page of an update that renders longer than the limit, and publishes the rest', async () => {
    const repo = await createBareRepo(tmp, {
      'docs.json': JSON.stringify({ name: 'Slow', theme: 'mint', colors: { primary: '#123456' }, navigation: { pages: ['index', 'slow'] } }),
      'index.mdx': '---\ntitle: Home\n---\n\nThe home page.\n',
      // About 1.4 MB of ordinary Markdown: ten seconds or more to render here, far past the 1 s limit on any machine.
      'slow.mdx': `---\ntitle: Slow\n---\n\n${'A paragraph with *emphasis*, `code` and a [link](/index).\n\n'.repeat(24_000)}`,
    });
    const project = await createProject(server.db, { name: 'Slow', repoUrl: `file://${repo}` });
    const { key } = await createApiKey(server.db, { projectIds: [project.id] });
    const auth = { Authorization: `Bearer ${key}` };
    const started = await fetch(`${server.url}/v1/project/update/${project.id}`, { method: 'POST', headers: auth });
    expect(started.status).toBe(202);
    const { statusId } = (await started.json()) as { statusId: string };
    await server.updates.idle();
    const status = (await (await fetch(`${server.url}/v1/project/update-status/${statusId}`, { headers: auth })).json()) as { status: string; summary: string; logs: string[] };
    expect(status.status, status.logs.join('\n')).toBe('success');
    expect(status.summary).toMatch(/^Published 2 page\(s\)/);
    expect(status.logs.some((line) => /^slow\.mdx:\d+:1 error Rendering this page took longer than 1 s and was stopped/.test(line)), status.logs.join('\n')).toBe(true);
  }, 120_000);

  it('refuses a limit that is not a number of seconds up to an hour', async () => {
    for (const value of ['0', 'ten', '-1', '3601']) {
      await expect(startFromFlags(flags(path.join(tmp, 'unused'), { pageTimeout: value }))).rejects.toThrow(
        `--page-timeout "${value}" is not a number of seconds between 0 and 3600 (default 10).`,
      );
    }
  });
});
