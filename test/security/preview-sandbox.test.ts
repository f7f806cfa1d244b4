/**
 * Issue 35: the web editor's previews compile in a sandboxed process (`compilePageIsolated`,
 * src/site-build/isolated-compile.ts), kept warm per checkout. A page compiles there to the same
 * body as in the server's process; the same process serves the next preview; a page past the time
 * limit has its process killed and gets BUILD_PAGE_TIMEOUT, and the next preview a fresh process.
 * Then the wall: the probe of build-sandbox.test.ts started as a preview process is (the docs folder
 * of the checkout read-only, nothing writable), asked to read beside it (a secret next to the
 * checkout, the checkout's `.git/config`), write, and reach a TCP server of this test.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMdxJob, type MdxJob } from '../../src/render/index.js';
import { compilePageIsolated, stopPageCompiler, warmPageCompiler } from '../../src/site-build/index.js';
import { compilerLimits, compilerSpawn } from '../../src/site-build/isolated-compile.js';
import { sandboxWall, startSandboxed, type SandboxWall } from '../../src/site-build/sandbox.js';
import { sandboxProcesses } from './sandbox-processes.js';

const ENTRY = path.resolve(import.meta.dirname, '../../src/site-build/compile-process.ts');
const PROBE = path.join(import.meta.dirname, 'sandbox-probe.ts');
const SECRET = 'folio-preview-secret-7d41';

let dir: string;
let checkout: string;
let root: string;
let wall: SandboxWall;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-preview-sandbox-'));
  checkout = path.join(dir, 'checkout');
  root = path.join(checkout, 'docs');
  fs.mkdirSync(path.join(root, 'snippets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'secret.txt'), SECRET);
  // The checkout's git folder, outside its docs folder: not shown to the process either.
  fs.mkdirSync(path.join(checkout, '.git'));
  fs.writeFileSync(path.join(checkout, '.git', 'config'), `[remote "origin"]\n\turl = https://x:${SECRET}@example.test/repo.git\n`);
  fs.writeFileSync(path.join(root, 'page.mdx'), 'checkout text');
  fs.writeFileSync(path.join(root, 'snippets', 'note.mdx'), 'A snippet from the checkout, version {props.version}.\n');
  wall = await sandboxWall();
});

afterAll(() => {
  stopPageCompiler(checkout);
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The parent of `pid` (0 when gone). */
/** Host PIDs of the preview processes this test process started. */
const compilers = () => sandboxProcesses(ENTRY);

const alive = (pids: number[]) => pids.filter((pid) => fs.existsSync(`/proc/${pid}`));

const job: MdxJob = {
  id: 7,
  file: 'guide.mdx',
  lineOffset: 3,
  source: [
    "import Note from '/snippets/note.mdx';",
    '',
    '# Setting up {{product}}',
    '',
    '<Note version="2" />',
    '',
    '<Tip>Run it **twice**.</Tip>',
    '',
    '```ts title="start.ts"',
    'const answer: number = 42;',
    '```',
    '',
    'A static expression: {1 + 1}.',
    '',
  ].join('\n'),
};
const variables = { product: 'Folio' };

describe('editor previews in a sandboxed process', () => {
  it('compiles a page to the same body as in the server, in one process kept for the checkout', async () => {
    // Started ahead of the first preview (a session opening), and that process serves it.
    warmPageCompiler(checkout, root);
    if (process.platform === 'linux') await expect.poll(() => compilers().length, { timeout: 15_000 }).toBe(1);
    const warmed = process.platform === 'linux' ? compilers() : [];
    const inProcess = await runMdxJob(job, root, variables, { untrusted: true });
    const first = await compilePageIsolated(job, { checkout, root, variables });
    const same = (r: typeof first) => ({ html: r.html, headings: r.headings, diagnostics: r.diagnostics, features: r.features, markdown: r.markdown, renderer: r.renderer, id: r.id });
    expect(same(first)).toEqual(same(inProcess));
    expect(first.html).toContain('A snippet from the checkout, version 2.');
    expect(first.html).toContain('Setting up Folio');
    const pids = process.platform === 'linux' ? compilers() : [];
    if (process.platform === 'linux') expect(pids).toEqual(warmed);
    // Warm: the next preview is an IPC round trip and a compile in the same process.
    const started = performance.now();
    const second = await compilePageIsolated({ ...job, source: `${job.source}\nOne more line.\n` }, { checkout, root, variables });
    const warmMs = performance.now() - started;
    console.log(`preview compile: warm ${warmMs.toFixed(0)} ms`);
    expect(second.html).toContain('One more line.');
    if (process.platform === 'linux') expect(compilers()).toEqual(pids);
  }, 60_000);

  it('stops a page past the time limit with BUILD_PAGE_TIMEOUT, and the preview waiting behind it gets a fresh process', async () => {
    // About 4 MB of ordinary Markdown: far more than 1.5 s to compile (test/security/page-timeout.test.ts).
    const slow: MdxJob = { id: 8, file: 'slow.mdx', lineOffset: 3, source: `Intro.\n\n${'A paragraph with *emphasis*, `code` and a [link](/after).\n\n'.repeat(70_000)}` };
    const limits = { timeMs: 1500 };
    // (The warm process of the test above: the time limit is per page, not a property of the process.)
    const before = process.platform === 'linux' ? compilers() : [];
    let ms = 0;
    const started = performance.now();
    // The next preview asked while the slow page compiles: it waits its turn, then gets a fresh process.
    const [stopped, next] = await Promise.all([
      compilePageIsolated(slow, { checkout, root, variables, limits }).finally(() => (ms = performance.now() - started)),
      compilePageIsolated(job, { checkout, root, variables, limits }),
    ]);
    expect(ms).toBeGreaterThanOrEqual(1400);
    expect(ms).toBeLessThan(5000);
    expect(stopped.diagnostics).toEqual([expect.objectContaining({ code: 'BUILD_PAGE_TIMEOUT', file: 'slow.mdx', line: 4, column: 1, severity: 'error' })]);
    expect(stopped.html).toContain('took too long to render');
    if (process.platform === 'linux') await expect.poll(() => alive(before), { timeout: 10_000 }).toEqual([]);
    expect(next.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(next.html).toContain('Setting up Folio');
    if (process.platform === 'linux') {
      const now = compilers();
      expect(now).toHaveLength(1);
      expect(now).not.toEqual(before);
    }
    stopPageCompiler(checkout);
    if (process.platform === 'linux') await expect.poll(() => compilers(), { timeout: 10_000 }).toEqual([]);
  }, 60_000);

  it("compiles the editor's keystroke blocks in a second process: a block is answered while a whole page compiles", async () => {
    const slow: MdxJob = { id: 9, file: 'slow.mdx', lineOffset: 3, source: `Intro.\n\n${'A paragraph with *emphasis*, `code` and a [link](/after).\n\n'.repeat(70_000)}` };
    const limits = { timeMs: 4000 };
    const block: MdxJob = { id: 10, file: 'guide.mdx', lineOffset: 3, source: 'One paragraph **typed** now.\n' };
    const finished: string[] = [];
    const page = compilePageIsolated(slow, { checkout, root, variables, limits }).finally(() => finished.push('page'));
    const typed = await compilePageIsolated(block, { checkout, root, variables, limits, lane: 'blocks' }).finally(() => finished.push('block'));
    expect(typed.html).toContain('<strong>typed</strong>');
    // The block came back while the whole page was still compiling in the other process.
    expect(finished).toEqual(['block']);
    if (process.platform === 'linux') expect(compilers()).toHaveLength(2);
    await page;
    expect(finished).toEqual(['block', 'page']);
    // A session let go stops both of its checkout's processes.
    stopPageCompiler(checkout);
    if (process.platform === 'linux') await expect.poll(() => compilers(), { timeout: 10_000 }).toEqual([]);
    // A session opening starts both, and the keystroke's block is compiled by the one started for it.
    warmPageCompiler(checkout, root, ['page', 'blocks']);
    if (process.platform !== 'linux') return;
    await expect.poll(() => compilers().length, { timeout: 20_000 }).toBe(2);
    const warmed = compilers();
    expect((await compilePageIsolated(block, { checkout, root, variables, lane: 'blocks' })).html).toContain('<strong>typed</strong>');
    expect(compilers()).toEqual(warmed);
    stopPageCompiler(checkout);
    await expect.poll(() => compilers(), { timeout: 10_000 }).toEqual([]);
  }, 60_000);
});

describe('the wall around the preview process', () => {
  let server: net.Server;
  let port: number;
  let connections = 0;

  beforeAll(async () => {
    server = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => server.close());

  it.runIf(process.platform === 'linux')('namespaces: code in a preview process reads only the docs folder of the checkout, writes nothing, reaches no network', async (context) => {
    if (wall.kind !== 'namespaces') return context.skip(`user namespaces unavailable: ${wall.reason}`);
    // Started as `compilePageIsolated` starts its process, the probe in place of compile-process.ts.
    const { child } = await startSandboxed({ ...compilerSpawn(root, compilerLimits(), wall), entry: PROBE });
    const outside = path.join(dir, 'out');
    fs.mkdirSync(outside);
    try {
      const answer = await new Promise<Record<string, unknown> | undefined>((resolve) => {
        child.on('message', (message: Record<string, unknown>) => {
          if (message.type === 'ready') {
            child.send({ type: 'escape', secret: path.join(dir, 'secret.txt'), beside: path.join(checkout, '.git', 'config'), checkoutFile: path.join(root, 'page.mdx'), checkout: root, out: outside, outside: path.join(dir, 'planted.txt'), port });
          } else resolve(message);
        });
        child.on('exit', () => resolve(undefined));
      });
      expect(answer).toBeDefined();
      const a = answer!;
      expect(a.readSecret).toBe('ENOENT');
      expect(a.readShadow).toBe('ENOENT');
      expect(a.readBeside).toBe('ENOENT');
      expect(a.readCheckout).toBe('ok:checkout text');
      expect(a.writeCheckout).toBe('EROFS');
      // Nothing of the host is writable: the folder a build would write to is not even there.
      expect(a.writeOut).toBe('ENOENT');
      expect(fs.readdirSync(outside)).toEqual([]);
      expect(fs.existsSync(path.join(root, 'planted.txt'))).toBe(false);
      expect(fs.existsSync(path.join(dir, 'planted.txt'))).toBe(false);
      expect(a.remount).not.toBe(0);
      expect(a.connect).not.toBe('connected');
      expect(connections).toBe(0);
      expect(a.pid).toBe(1);
      expect(a.capEff).toBe('0000000000000000');
      expect(a.uid).not.toBe(0);
      expect((a.env as string[]).filter((name) => name !== 'TSX_TSCONFIG_PATH')).toEqual(['HOME', 'NODE_ENV', 'PATH']);
      expect(String(a.limits)).toMatch(new RegExp(`Max file size\\s+${compilerLimits().fileMb * 1024 * 1024}\\s`));
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});
