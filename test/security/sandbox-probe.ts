/**
 * Test entry run inside the build sandbox (`startSandboxed` of src/site-build/sandbox.ts) in place of
 * the build: what a repository's content could do if a parser bug let it run code. It tries each
 * escape it is asked to and reports what happened; `build-sandbox.test.ts` judges the outcome.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';

type Ask =
  | { type: 'escape'; secret: string; beside: string; checkoutFile: string; checkout: string; out: string; outside: string; port: number }
  | { type: 'eat' }
  | { type: 'spin' }
  | { type: 'fork' };

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
  else if (ask.type === 'spin') for (;;);
});
process.send!({ type: 'ready' });
