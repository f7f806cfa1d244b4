/**
 * `folio serve` makes the dashboard's stylesheet and scripts while it starts, not on the first
 * dashboard request: made then, they held the server's thread 0.3-1.3 s (load 15), and a burst of
 * wrong sign-ins met that stall (issue 48, item 4).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { stylesVersion } from '../../src/dashboard/assets/version.js';
import { runServer } from '../../src/server/index.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

it('has the dashboard assets made once folio serve has started, before any request', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'folio-assets-start-'));
  dirs.push(dataDir);
  expect(stylesVersion()).toBe('');
  const server = await runServer({ dataDir, port: 0, worker: false, dashboard: true });
  try {
    expect(stylesVersion()).toMatch(/^[0-9a-f]{10}$/);
    // The first page links the versioned stylesheet, which serves at once.
    const login = await (await fetch(`${server.url}/dashboard/login`)).text();
    expect(login).toContain(`/dashboard/assets/app.css?v=${stylesVersion()}`);
  } finally {
    await server.close();
  }
}, 60_000);
