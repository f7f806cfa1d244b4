/**
 * The maintainer's "sync the navigation with the OpenAPI spec" job off the server's thread (issue 48,
 * item 9): on a spec of 10,000 chained `$ref` schemas it held the thread that also answers the API
 * (GETs took 1,053 / 594 / 536 ms, 184 ms at most before). The job's runner lives in this test's
 * thread, as it does in `folio serve`; an event-loop delay monitor on it must stay low while the job
 * reads, dereferences and plans the spec, and the job must still do its work.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMaintainer } from '../../src/agent/maintainer/maintainer.js';
import { syncOpenApiNavigation } from '../../src/agent/maintainer/openapi-sync.js';
import { tempDir } from '../git/git-fixtures.js';

const SCHEMAS = 10_000;

/** `S0` → `S1` → … → `S9999`, each an object whose one property refers to the next; an operation answers `S0`. */
function chainedSpec(): object {
  const schemas: Record<string, object> = {};
  for (let i = 0; i < SCHEMAS; i++) {
    schemas[`S${i}`] = i + 1 < SCHEMAS
      ? { type: 'object', description: `Link ${i}`, properties: { id: { type: 'string' }, next: { $ref: `#/components/schemas/S${i + 1}` } } }
      : { type: 'object', properties: { id: { type: 'string' } } };
  }
  const ok = (ref: string) => ({ '200': { description: 'ok', content: { 'application/json': { schema: { $ref: ref } } } } });
  return {
    openapi: '3.1.0',
    info: { title: 'Chained', version: '1' },
    paths: {
      '/users': { get: { operationId: 'listUsers', responses: ok('#/components/schemas/S0') } },
      '/items': { get: { operationId: 'listItems', responses: ok(`#/components/schemas/S${SCHEMAS >> 1}`) } },
    },
    components: { schemas },
  };
}

describe('the OpenAPI navigation sync on a spec of 10,000 chained $ref schemas', () => {
  let tmp: { dir: string; cleanup: () => Promise<void> };
  beforeAll(async () => {
    tmp = await tempDir();
    const files: Record<string, string> = {
      'docs.json': JSON.stringify({ name: 'x', theme: 'mint', colors: { primary: '#000000' }, navigation: { groups: [{ group: 'Home', pages: ['index'] }, { group: 'API', openapi: 'openapi.json', pages: ['api/list-users', 'GET /items', 'POST /gone'] }] } }, null, 2),
      'index.mdx': '---\ntitle: Home\n---\n\nHello.\n',
      'openapi.json': JSON.stringify(chainedSpec()),
      'api/list-users.mdx': '---\nopenapi: GET /users\n---\n',
    };
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(tmp.dir, file)), { recursive: true });
      await writeFile(path.join(tmp.dir, file), text);
    }
  });
  afterAll(() => tmp?.cleanup());

  it('fails the job with AGENT_TASK_TOO_LARGE when the spec needs more memory than the thread has', async () => {
    await expect(syncOpenApiNavigation(tmp.dir, { heapMb: 16 })).rejects.toMatchObject({ code: 'AGENT_TASK_TOO_LARGE' });
    expect(await readFile(path.join(tmp.dir, 'docs.json'), 'utf8')).toContain('api/list-users');
  }, 120_000);

  it('stops the sync\'s thread when the job is stopped, and leaves docs.json as it was', async () => {
    const stop = new AbortController();
    const started = Date.now();
    const run = runMaintainer({ root: tmp.dir, prompt: 'sync the navigation with the OpenAPI spec', signal: stop.signal });
    setTimeout(() => stop.abort(new Error('job stopped')), 300);
    await expect(run).rejects.toThrow('job stopped');
    // Answered at the abort, not when the sync would have finished (several seconds on this spec).
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await readFile(path.join(tmp.dir, 'docs.json'), 'utf8')).toContain('api/list-users');
  }, 120_000);

  it('keeps the thread of the job\'s runner responsive and still migrates the page', async () => {
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const busy = performance.eventLoopUtilization();
    const started = Date.now();
    const run = await runMaintainer({ root: tmp.dir, prompt: 'sync the navigation with the OpenAPI spec' });
    const seconds = (Date.now() - started) / 1000;
    const utilization = performance.eventLoopUtilization(busy).utilization;
    loop.disable();
    const maxMs = loop.max / 1e6;
    console.log(`sync on ${SCHEMAS} chained schemas: ${seconds.toFixed(2)} s, event-loop delay max ${maxMs.toFixed(1)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, thread busy ${Math.round(utilization * 100)} %, load ${os.loadavg()[0]!.toFixed(1)}`);
    expect(run.summary).toContain('GET /users');
    expect(run.summary).toContain('POST /gone');
    const docs = await readFile(path.join(tmp.dir, 'docs.json'), 'utf8');
    expect(docs).toContain('"GET /users"');
    expect(docs).not.toContain('POST /gone');
    // 150 ms on a quiet machine. A delay monitor also counts the time the thread waited for a CPU
    // that other processes held, so the limit grows with the load per core (at a load of 20 on 2
    // cores, 750 ms). Measured at loads of 17–22 from other sessions: before, the job held this thread
    // 1.2 s (outside vitest) to 3–6 s (here) at a time; on a thread of its own, 330–440 ms at most.
    const limit = 150 * Math.max(1, os.loadavg()[0]! / os.cpus().length / 2);
    expect(maxMs).toBeLessThan(limit);
  }, 120_000);
});
