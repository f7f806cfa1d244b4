/**
 * Test entry run inside the build sandbox (`startSandboxed` of src/site-build/sandbox.ts) in place of
 * the build: what a repository's content could do if a parser bug let it run code. It tries each
 * escape it is asked to and reports what happened; `build-sandbox.test.ts` judges the outcome.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';

type Ask =
  | { type: 'escape'; secret: string; beside: string; checkoutFile: string; checkout: string; out: string; outside: string; port: number }
  | { type: 'eat' }
  | { type: 'spin' }
  | { type: 'fork'; count: number }
  | { type: 'root' };

function attempt(action: () => unknown): string {
  try {
    const value = action();
    return `ok${value === undefined ? '' : `:${String(value)}`}`;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  }
}

function connect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(3000, () => resolve('timeout'));
    socket.on('connect', () => {
      socket.end('escaped');
      resolve('connected');
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

async function escape(ask: Extract<Ask, { type: 'escape' }>): Promise<Record<string, unknown>> {
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  // Undo the read-only mount from inside a nested user namespace (where the process would be root).
  const remount = spawnSync('unshare', ['--user', '--map-root-user', '--mount', '--', '/bin/sh', '-c', 'mount -o remount,bind,rw "$0" && echo x > "$0/pwned"', ask.checkout], { encoding: 'utf8' });
  return {
    readSecret: attempt(() => fs.readFileSync(ask.secret, 'utf8')),
    readShadow: attempt(() => fs.readFileSync('/etc/shadow', 'utf8').length),
    readBeside: attempt(() => fs.readFileSync(ask.beside, 'utf8').length),
    listRoot: attempt(() => fs.readdirSync('/').sort().join(',')),
    readCheckout: attempt(() => fs.readFileSync(ask.checkoutFile, 'utf8')),
    writeCheckout: attempt(() => fs.writeFileSync(`${ask.checkout}/planted.txt`, 'x')),
    writeOut: attempt(() => fs.writeFileSync(`${ask.out}/written.txt`, 'x')),
    writeOutside: attempt(() => fs.writeFileSync(ask.outside, 'x')),
    remount: remount.status,
    connect: await connect(ask.port),
    env: Object.keys(process.env).sort(),
    pid: process.pid,
    processes: fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name)).length,
    uid: process.getuid!(),
    capEff: /CapEff:\s*(\w+)/.exec(status)?.[1],
    nice: os.getPriority(),
    limits: fs.readFileSync('/proc/self/limits', 'utf8'),
  };
}

/**
 * What a server run as root must not hand down (issue 48): its host uid (this process's uid as the
 * user namespace's map shows it), write access to the kernel's settings in /proc/sys (a program set
 * as core_pattern runs as host root), a capability. The current core_pattern is written back as it is,
 * so the host's setting stays whatever happens.
 */
function root(): Record<string, unknown> {
  const corePattern = '/proc/sys/kernel/core_pattern';
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  return {
    uid: process.getuid!(),
    uidMap: fs.readFileSync('/proc/self/uid_map', 'utf8').trim().split(/\s+/).map(Number),
    openCorePattern: attempt(() => fs.closeSync(fs.openSync(corePattern, 'r+'))),
    writeCorePattern: attempt(() => fs.writeFileSync(corePattern, fs.readFileSync(corePattern, 'utf8'))),
    openPanic: attempt(() => fs.closeSync(fs.openSync('/proc/sys/kernel/panic', 'r+'))),
    capEff: /CapEff:\s*(\w+)/.exec(status)?.[1],
    capPrm: /CapPrm:\s*(\w+)/.exec(status)?.[1],
    noNewPrivs: /NoNewPrivs:\s*(\d)/.exec(status)?.[1],
  };
}

/** Start up to `count` sleeping processes at once: how many started before the process limit refused one. */
async function fork(count: number): Promise<Record<string, unknown>> {
  const started: ChildProcess[] = [];
  let error = '';
  for (let i = 0; i < count && !error; i++) {
    const child = spawn('sleep', ['60'], { stdio: 'ignore' });
    error = await new Promise<string>((resolve) => {
      child.once('spawn', () => resolve(''));
      child.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    });
    if (!error) started.push(child);
  }
  for (const child of started) child.kill('SIGKILL');
  return { started: started.length, error };
}

function eat(): Record<string, unknown> {
  const kept: Buffer[] = [];
  try {
    for (;;) kept.push(Buffer.alloc(16 * 1024 * 1024, 1));
  } catch (error) {
    return { mb: kept.length * 16, error: (error as Error).message };
  }
}

process.on('message', async (ask: Ask) => {
  if (ask.type === 'escape') process.send!(await escape(ask));
  else if (ask.type === 'eat') process.send!(eat());
  else if (ask.type === 'root') process.send!(root());
  else if (ask.type === 'fork') process.send!(await fork(ask.count));
  else if (ask.type === 'spin') for (;;);
});
process.send!({ type: 'ready' });
