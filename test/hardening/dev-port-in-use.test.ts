/**
 * `folio dev` on a port in use (issue 48, item 14) says DEV_PORT_IN_USE and exits 1. It used to
 * say it and then never exit: the file watcher, started before the listen failed, kept the process
 * alive.
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer } from '../../src/dev/index.js';

const repo = path.resolve(import.meta.dirname, '../..');
let taken: net.Server;
let port = 0;

beforeAll(async () => {
  taken = net.createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  port = (taken.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

describe('folio dev on a port in use', () => {
  it('exits 1 soon after saying DEV_PORT_IN_USE', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'dev', 'examples', '--port', String(port)], { cwd: repo, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let saidAt = 0;
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      if (!saidAt && stderr.includes('DEV_PORT_IN_USE')) saidAt = performance.now();
    });
    // Starting the CLI takes seconds on a busy machine; once it has said why, it must be gone within 10 s.
    const exit = await new Promise<{ code: number | null; afterSaying: number }>((resolve) => {
      const deadline = setInterval(() => {
        if (saidAt && performance.now() - saidAt > 10_000) child.kill('SIGKILL');
      }, 250);
      child.once('exit', (code) => {
        clearInterval(deadline);
        resolve({ code, afterSaying: saidAt ? performance.now() - saidAt : -1 });
      });
    });
    expect(stderr).toContain(`DEV_PORT_IN_USE: port ${port} is in use; pass another with --port`);
    expect(exit.code).toBe(1);
    expect(exit.afterSaying).toBeLessThan(10_000);
  }, 60_000);

  it('leaves nothing running when startDevServer cannot listen', async () => {
    const before = process.getActiveResourcesInfo().filter((r) => r === 'FSEventWrap').length;
    await expect(startDevServer({ root: path.join(repo, 'examples'), port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    // Node 20's recursive watch on Linux is one watcher per folder, closed over a few turns.
    await expect.poll(() => process.getActiveResourcesInfo().filter((r) => r === 'FSEventWrap').length, { timeout: 2_000 }).toBe(before);
  });
});
