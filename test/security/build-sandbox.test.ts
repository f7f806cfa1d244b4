/**
 * Issue 35: the operating-system wall around untrusted builds (src/site-build/sandbox.ts). A test
 * entry (`sandbox-probe.ts`) runs in the sandboxed process in place of the build, as code a parser
 * bug let a repository run would, and tries to read a secret beside the checkout and /etc/shadow,
 * write the checkout, outside the output and (from a nested user namespace) undo the read-only
 * mount, reach a TCP server of this test on 127.0.0.1, and to go past its memory and CPU limits.
 * Under `namespaces` (where this kernel allows user namespaces) every escape must fail; under
 * `process` (the fallback, run here too) only the environment and the rlimits are asserted.
 * Then a real build through `buildSiteIsolated`: pages and search index written from inside the
 * sandbox, and a build past its wall-clock limit stopped with BUILD_TIME_LIMIT.
 *
 * Issue 48: a server run as root (as here, and in CI) hands its sandboxed processes an unprivileged
 * host user (`FOLIO_SANDBOX_UID`, 65534 by default): not host uid 0 inside, /proc/sys not writable,
 * the process limit enforced (the kernel exempts root), the output folder theirs only while they run.
 * And no `folio-sandbox-*` folder is left in the temporary folder (issue 48, item 11).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSiteIsolated, stopWarmBuilders } from '../../src/site-build/index.js';
import { buildLimits, sandboxWall, startSandboxed, sweepSandboxLeftovers, type SandboxLimits, type SandboxWall } from '../../src/site-build/sandbox.js';
import { sandboxProcesses, startedBy } from './sandbox-processes.js';

const PROBE = path.join(import.meta.dirname, 'sandbox-probe.ts');
const SECRET = 'folio-sandbox-secret-51c2';

let dir: string;
let checkout: string;
let out: string;
let server: net.Server;
let port: number;
let connections = 0;
let wall: SandboxWall;
let tmp: string;
const savedTmpdir = process.env.TMPDIR;
/** The server runs as root (this machine, CI): its sandboxed processes must not. */
const asRoot = process.platform === 'linux' && process.geteuid?.() === 0;
/** The host user they run as then (`FOLIO_SANDBOX_UID`'s default). */
const SANDBOX_UID = 65534;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-sandbox-test-'));
  // Reachable by the sandbox's unprivileged user under `process` (no mounts there), not listable.
  fs.chmodSync(dir, 0o711);
  // This file's sandboxes make their folders in a temporary folder of their own: none may be left.
  tmp = path.join(dir, 'tmp');
  fs.mkdirSync(tmp);
  process.env.TMPDIR = tmp;
  checkout = path.join(dir, 'checkout');
  out = path.join(dir, 'out');
  fs.mkdirSync(checkout);
  fs.mkdirSync(out);
  fs.writeFileSync(path.join(dir, 'secret.txt'), SECRET, { mode: 0o600 });
  fs.writeFileSync(path.join(checkout, 'page.mdx'), 'checkout text');
  server = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
  wall = await sandboxWall();
});

afterAll(async () => {
  await stopWarmBuilders();
  if (savedTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmpdir;
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Start the probe under `kind`, wait for it to be ready, send `ask`, and return its first answer (or how it ended). */
async function probe(kind: SandboxWall, ask: object, limits: Partial<SandboxLimits> = {}): Promise<{ answer?: Record<string, unknown>; code?: number | null; signal?: string | null; ms: number }> {
  const started = performance.now();
  const { child } = await startSandboxed({ entry: PROBE, read: [checkout], write: [out], limits: { ...buildLimits(256, 1), ...limits }, heapMb: 256, wall: kind });
  try {
    return await new Promise((resolve) => {
      child.on('message', (message: Record<string, unknown>) => {
        if (message.type === 'ready') child.send(ask);
        else resolve({ answer: message, ms: performance.now() - started });
      });
      child.on('exit', (code, signal) => resolve({ code, signal, ms: performance.now() - started }));
    });
  } finally {
    stop(child);
  }
}

function stop(child: ChildProcess): void {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

const escapeAsk = (outside = 'outside.txt') => ({
  type: 'escape',
  secret: path.join(dir, 'secret.txt'),
  // A file of Folio's folder that is not its code (a data folder kept there would be as invisible).
  beside: path.resolve(import.meta.dirname, '../../README.md'),
  checkoutFile: path.join(checkout, 'page.mdx'),
  checkout,
  out,
  outside: path.join(dir, outside),
  port,
});

/** Which of `pids` still run (a killed process reparented elsewhere no longer counts as ours, so look it up by PID). */
const alive = (pids: number[]) => pids.filter((pid) => fs.existsSync(`/proc/${pid}`));

describe('the sandbox of untrusted builds', () => {
  it(`this machine's wall is reported (${process.platform})`, () => {
    expect(['namespaces', 'process']).toContain(wall.kind);
    if (wall.kind === 'process') console.warn(`build sandbox: namespaces not asserted here: ${wall.reason}`);
  });

  it.runIf(process.platform === 'linux')('namespaces: code in the build reads only the checkout, writes only the output, reaches no network', async (context) => {
    if (wall.kind !== 'namespaces') return context.skip(`user namespaces unavailable: ${wall.reason}`);
    connections = 0;
    const { answer } = await probe(wall, escapeAsk());
    expect(answer).toBeDefined();
    const a = answer!;
    expect(a.readSecret).toBe('ENOENT');
    expect(a.readShadow).toBe('ENOENT');
    expect(a.readBeside).toBe('ENOENT');
    // The root shows the system, Folio and the build's folders; no home, /root, /etc of the host or data folder.
    const top = String(a.listRoot).replace(/^ok:/, '').split(',');
    expect(top).not.toContain('root');
    expect(top).not.toContain('home');
    expect(top).toContain('usr');
    expect(a.readCheckout).toBe('ok:checkout text');
    expect(a.writeCheckout).toBe('EROFS');
    expect(fs.existsSync(path.join(checkout, 'planted.txt'))).toBe(false);
    expect(a.writeOut).toBe('ok');
    expect(fs.readFileSync(path.join(out, 'written.txt'), 'utf8')).toBe('x');
    // Written only to the sandbox's private /tmp: nothing appears next to the checkout.
    expect(fs.existsSync(path.join(dir, 'outside.txt'))).toBe(false);
    expect(a.remount).not.toBe(0);
    expect(fs.existsSync(path.join(checkout, 'pwned'))).toBe(false);
    expect(a.connect).not.toBe('connected');
    expect(connections).toBe(0);
    // Its own PID namespace (the build is PID 1 and sees only its own processes), no capability, unprivileged.
    expect(a.pid).toBe(1);
    expect(a.processes).toBeLessThan(5);
    expect(a.capEff).toBe('0000000000000000');
    expect(a.uid).not.toBe(0);
    // (TSX_TSCONFIG_PATH only when Folio runs from its TypeScript sources, as here.)
    expect((a.env as string[]).filter((name) => name !== 'TSX_TSCONFIG_PATH')).toEqual(['HOME', 'NODE_ENV', 'PATH']);
  });

  it.runIf(process.platform === 'linux')('process (the fallback): an empty environment, nice +5 and the rlimits; the network is not walled', async () => {
    const { answer } = await probe({ kind: 'process', reason: 'test' }, escapeAsk('outside-process.txt'), { cpuSeconds: 120, fileMb: 64, openFiles: 256, processes: 300 });
    const a = answer!;
    // (TSX_TSCONFIG_PATH only when Folio runs from its TypeScript sources, as here.)
    expect((a.env as string[]).filter((name) => name !== 'TSX_TSCONFIG_PATH')).toEqual(['HOME', 'NODE_ENV', 'PATH']);
    expect(a.nice).toBe(Math.min(19, os.getPriority() + 5));
    const limits = String(a.limits);
    expect(limits).toMatch(/Max cpu time\s+120\s+120/);
    expect(limits).toMatch(new RegExp(`Max file size\\s+${64 * 1024 * 1024}\\s`));
    expect(limits).toMatch(/Max open files\s+256\s+256/);
    expect(limits).toMatch(/Max processes\s+300\s+300/);
    expect(limits).toMatch(/Max core file size\s+0\s/);
    expect(a.readCheckout).toBe('ok:checkout text');
  });

  for (const kind of ['namespaces', 'process'] as const) {
    it.runIf(process.platform === 'linux')(`${kind}: killing the process the server started ends the code running inside`, async (context) => {
      if (kind === 'namespaces' && wall.kind !== 'namespaces') return context.skip(`user namespaces unavailable: ${wall.reason}`);
      // (A CPU limit, so that nothing spins on should this test fail.)
      const { child } = await startSandboxed({ entry: PROBE, read: [checkout], write: [out], limits: { ...buildLimits(256, 1), cpuSeconds: 20 }, heapMb: 256, wall: { kind } });
      let spinning: number[] = [];
      try {
        child.on('message', (message: { type?: string }) => message.type === 'ready' && child.send({ type: 'spin' }));
        await expect.poll(() => (spinning = buildProcesses(PROBE)).length, { timeout: 15_000 }).toBe(1);
      } finally {
        child.kill('SIGKILL');
      }
      await expect.poll(() => alive(spinning), { timeout: 10_000 }).toEqual([]);
    });

    it.runIf(process.platform === 'linux')(`${kind}: the server dying (SIGKILL) ends the build it started`, async (context) => {
      if (kind === 'namespaces' && wall.kind !== 'namespaces') return context.skip(`user namespaces unavailable: ${wall.reason}`);
      // A stand-in server: a process that starts a spinning probe in the sandbox and waits.
      const sandbox = path.resolve(import.meta.dirname, '../../src/site-build/sandbox.ts');
      const code = `
        const { startSandboxed, buildLimits } = await import(${JSON.stringify(sandbox)});
        const { child } = await startSandboxed({ entry: ${JSON.stringify(PROBE)}, read: [${JSON.stringify(checkout)}], write: [${JSON.stringify(out)}], limits: { ...buildLimits(256, 1), cpuSeconds: 20 }, heapMb: 256, wall: { kind: ${JSON.stringify(kind)} } });
        child.on('message', (m) => m.type === 'ready' && child.send({ type: 'spin' }));`;
      const server = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), '--input-type=module', '-e', code], { stdio: 'ignore' });
      let spinning: number[] = [];
      try {
        const mine = startedBy(server.pid!);
        await expect.poll(() => (spinning = buildProcesses(PROBE, mine)).length, { timeout: 15_000 }).toBe(1);
      } finally {
        server.kill('SIGKILL');
      }
      await expect.poll(() => alive(spinning), { timeout: 10_000 }).toEqual([]);
    });

    it.runIf(process.platform === 'linux')(`${kind}: memory past the data limit is refused`, async (context) => {
      if (kind === 'namespaces' && wall.kind !== 'namespaces') return context.skip(`user namespaces unavailable: ${wall.reason}`);
      const { answer, code, signal } = await probe({ kind }, { type: 'eat' }, { dataMb: 600 });
      if (answer) {
        // Refused allocations: what was taken stays under the limit.
        expect(answer.error).toMatch(/allocation failed/i);
        expect(answer.mb as number).toBeLessThan(600);
        expect(answer.mb as number).toBeGreaterThan(100);
      } else {
        // Or V8 gave up: the process ended abnormally.
        expect(code === 0 && signal === null).toBe(false);
      }
    });

    it.runIf(process.platform === 'linux')(`${kind}: a process spinning past its CPU-seconds limit is killed`, async (context) => {
      if (kind === 'namespaces' && wall.kind !== 'namespaces') return context.skip(`user namespaces unavailable: ${wall.reason}`);
      const { answer, code, signal, ms } = await probe({ kind }, { type: 'spin' }, { cpuSeconds: 1 });
      expect(answer).toBeUndefined();
      expect(code === 0 && signal === null).toBe(false);
      expect(ms).toBeLessThan(15_000);
    });

    it.runIf(asRoot)(`${kind}, server run as root: the code inside runs as an unprivileged host user (uid map, /proc/sys, no capability)`, async (context) => {
      if (kind === 'namespaces' && wall.kind !== 'namespaces') return context.skip(`user namespaces unavailable: ${wall.reason}`);
      const { child } = await startSandboxed({ entry: PROBE, read: [checkout], write: [out], limits: buildLimits(256, 1), heapMb: 256, wall: { kind, reason: 'test' } });
      try {
        const answer = await new Promise<Record<string, unknown>>((resolve, reject) => {
          child.on('message', (message: Record<string, unknown>) => (message.type === 'ready' ? child.send({ type: 'root' }) : resolve(message)));
          child.on('exit', (code) => reject(new Error(`probe ended: ${code}`)));
        });
        // Seen from here (the host): the probe's real, effective, saved and filesystem uids.
        const [probePid] = buildProcesses(PROBE);
        const hostUids = /Uid:\s*([\d\s]+)/.exec(fs.readFileSync(`/proc/${probePid}/status`, 'utf8'))![1]!.trim().split(/\s+/).map(Number);
        expect(hostUids).toEqual([SANDBOX_UID, SANDBOX_UID, SANDBOX_UID, SANDBOX_UID]);
        // Seen from inside: its uid through the map to the host's (a user namespace of its own under `namespaces`).
        const [inside, outside, count] = answer.uidMap as number[];
        const uid = answer.uid as number;
        expect(uid - inside!).toBeLessThan(count!);
        expect(outside! + uid - inside!).toBe(SANDBOX_UID);
        expect(answer.openCorePattern).toBe('EACCES');
        expect(answer.writeCorePattern).toBe('EACCES');
        expect(answer.openPanic).toBe('EACCES');
        expect(answer.capEff).toBe('0000000000000000');
        expect(answer.capPrm).toBe('0000000000000000');
        // No set-user-ID program makes it root again.
        expect(answer.noNewPrivs).toBe('1');
      } finally {
        stop(child);
      }
    });

    it.runIf(asRoot)(`${kind}, server run as root: the process limit holds`, async (context) => {
      if (kind === 'namespaces' && wall.kind !== 'namespaces') return context.skip(`user namespaces unavailable: ${wall.reason}`);
      // 48 processes and threads (node's own threads count); 120 sleeping processes asked for. The limit counts
      // every process and thread of the host uid, so the probe runs as a uid of its own: the sandboxed processes
      // other test files run meanwhile (builds, the editor's two preview processes a session) would count too
      // and leave the probe no room to start.
      const before = process.env.FOLIO_SANDBOX_UID;
      process.env.FOLIO_SANDBOX_UID = '64999';
      let answer: Record<string, unknown> | undefined;
      try {
        ({ answer } = await probe({ kind, reason: 'test' }, { type: 'fork', count: 120 }, { processes: 48 }));
      } finally {
        if (before === undefined) delete process.env.FOLIO_SANDBOX_UID;
        else process.env.FOLIO_SANDBOX_UID = before;
      }
      expect(answer).toBeDefined();
      expect(answer!.error).toBe('EAGAIN');
      expect(answer!.started as number).toBeLessThan(48);
    });
  }

  it.runIf(asRoot)('server run as root: the output folder is the sandbox user\'s while a process writes it, the server\'s again after', async () => {
    // (An output folder of its own: the processes of the tests above may still be ending.)
    const output = path.join(dir, 'handed-out');
    fs.mkdirSync(path.join(output, 'pages'), { recursive: true });
    const written = path.join(output, 'pages', 'owned.txt');
    fs.writeFileSync(written, 'by the server');
    const { child } = await startSandboxed({ entry: PROBE, read: [checkout], write: [output], limits: buildLimits(256, 1), heapMb: 256, wall });
    await new Promise((resolve) => child.once('message', resolve));
    expect([fs.statSync(output).uid, fs.statSync(written).uid]).toEqual([SANDBOX_UID, SANDBOX_UID]);
    stop(child);
    await expect.poll(() => [fs.statSync(output).uid, fs.statSync(written).uid], { timeout: 10_000 }).toEqual([0, 0]);
  });

  it('leaves no folder of its own in the temporary folder', () => {
    // (Every test above started sandboxed processes with TMPDIR set to `tmp`.)
    expect(fs.readdirSync(tmp).filter((name) => name.startsWith('folio-sandbox-'))).toEqual([]);
  });

  it('a folder left by a killed server is removed at the next start, a recent one kept', () => {
    const left = path.join(tmp, 'folio-sandbox-Ab12Cd');
    const trial = path.join(tmp, 'folio-sandbox-trial-Ef34Gh');
    const recent = path.join(tmp, 'folio-sandbox-Zz99Yy');
    const notOurs = path.join(tmp, 'folio-sandbox-test-Kk11Jj');
    for (const folder of [left, trial, recent, notOurs]) fs.mkdirSync(folder);
    const hourAgo = new Date(Date.now() - 3600_000);
    for (const folder of [left, trial, notOurs]) fs.utimesSync(folder, hourAgo, hourAgo);
    sweepSandboxLeftovers(tmp);
    expect(fs.existsSync(left)).toBe(false);
    expect(fs.existsSync(trial)).toBe(false);
    expect(fs.existsSync(recent)).toBe(true);
    expect(fs.existsSync(notOurs)).toBe(true);
    for (const folder of [recent, notOurs]) fs.rmdirSync(folder);
  });
});

/** The build processes (or `entry`'s) that `started` accepts: by default this test process's. */
const buildProcesses = (entry = path.resolve(import.meta.dirname, '../../src/site-build/build-process.ts'), started?: (pid: number) => boolean) => sandboxProcesses(entry, started);

describe('buildSiteIsolated in the sandbox', () => {
  let root: string;
  let site: string;

  beforeAll(() => {
    root = path.join(dir, 'site');
    site = path.join(dir, 'site-out');
    fs.mkdirSync(root);
    fs.writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'Walled', colors: { primary: '#224466' }, metadata: { timestamp: true }, navigation: { pages: ['index', 'other'] } }));
    fs.writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nWalled garden text.\n');
    fs.writeFileSync(path.join(root, 'other.mdx'), '---\ntitle: Other\n---\n\nSecond page, {1 + 1} is left out.\n');
    // A checkout of the server's user: the build (another user under a root server) still reads its history.
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: root, env: { ...process.env, GIT_AUTHOR_DATE: '2025-03-04T05:06:07Z', GIT_COMMITTER_DATE: '2025-03-04T05:06:07Z' } });
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'pages');
  });

  it.runIf(process.platform === 'linux')('builds pages and the search index (Pagefind runs inside), and a warm process builds the same site again', async () => {
    const lines: string[] = [];
    const first = await buildSiteIsolated({ root, outDir: site, threads: 1, warmKey: 'sandbox-test', log: (line) => lines.push(line) });
    expect(first.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(first.ok).toBe(true);
    expect(fs.readFileSync(path.join(site, 'index.html'), 'utf8')).toContain('Walled garden text.');
    expect(fs.readFileSync(path.join(site, 'index.html'), 'utf8')).toContain('<time dateTime="2025-03-04T05:06:07.000Z">');
    expect(fs.existsSync(path.join(site, 'pagefind', 'pagefind-entry.json'))).toBe(true);
    // Under a root server, written by the sandbox's user (the output is handed back when its process ends).
    if (asRoot) expect(fs.statSync(path.join(site, 'index.html')).uid).toBe(SANDBOX_UID);
    const builders = buildProcesses();
    expect(builders).toHaveLength(1);
    fs.writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nWalled garden, second edition.\n');
    const second = await buildSiteIsolated({ root, outDir: site, threads: 1, warmKey: 'sandbox-test' });
    expect(second.ok).toBe(true);
    expect(fs.readFileSync(path.join(site, 'index.html'), 'utf8')).toContain('second edition');
    // The same process built it.
    expect(buildProcesses()).toEqual(builders);
    await stopWarmBuilders();
    await expect.poll(() => alive(builders), { timeout: 10_000 }).toEqual([]);
    if (asRoot) await expect.poll(() => fs.statSync(path.join(site, 'index.html')).uid, { timeout: 10_000 }).toBe(0);
  }, 60_000);

  it('a build past its wall-clock limit is stopped with BUILD_TIME_LIMIT, and its process with it', async () => {
    // A 4 MB page: longer to compile than the whole build may run, on any machine (its own limit, 10 s, comes later).
    const slow = path.join(dir, 'slow-site');
    fs.mkdirSync(slow);
    fs.writeFileSync(path.join(slow, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'Slow', colors: { primary: '#224466' }, navigation: { pages: ['index'] } }));
    fs.writeFileSync(path.join(slow, 'index.mdx'), `---\ntitle: Slow\n---\n\n${'A paragraph with *emphasis*, `code` and a [link](/index).\n\n'.repeat(72_000)}`);
    const building = buildSiteIsolated({ root: slow, outDir: path.join(dir, 'slow-out'), threads: 1, limits: { timeMs: 3000 } });
    let seen: number[] = [];
    if (process.platform === 'linux') await expect.poll(() => (seen = buildProcesses()).length, { timeout: 3000 }).toBe(1);
    const result = await building;
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => d.code)).toEqual(['BUILD_TIME_LIMIT']);
    // Killed, with whatever it started (in its own PID namespace the build is PID 1: its end ends them all).
    await expect.poll(() => alive(seen), { timeout: 10_000 }).toEqual([]);
  });
});
