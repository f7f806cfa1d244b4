// Keeping load generators off the server's CPU in benches (`bench:api`, `bench:analytics`). On 2
// cores the generators (autocannon, flood clients: Node processes) otherwise share the server's
// core: at full rate the server and one generator each fill a core, so a second generator takes
// throughput and latency from the server whatever the server does with its requests. Where
// `taskset` exists, `pinServer(true)` pins this process (the server, all its threads) to CPU 0
// and `generator` starts commands on the other CPUs. A local PostgreSQL can join the server on
// CPU 0 (`pinPostgres`), so its work competes with the server's and not with the generators'.
// `BENCH_PIN=0` leaves everything unpinned.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

let generatorCpus: string | null = null;

/** Pin this process to CPU 0 (`on`), or give it every CPU again; false when it cannot. */
export function pinServer(on: boolean): boolean {
  const cpus = os.cpus().length;
  if (process.env.BENCH_PIN === '0' || cpus < 2) return false;
  try {
    execFileSync('taskset', ['-a', '-cp', on ? '0' : `0-${cpus - 1}`, String(process.pid)], { stdio: 'ignore' });
    generatorCpus = on ? `1-${cpus - 1}` : null;
    return true;
  } catch {
    return false;
  }
}

/** How the current pinning reads in a bench's output. */
export function pinning(): string {
  return generatorCpus ? `server pinned to CPU 0, load generators to CPU ${generatorCpus}` : 'unpinned';
}

/** A generator's command and arguments (`node` and `args`): under `taskset` on the generators' CPUs while pinned. */
export function generator(args: string[]): [string, string[]] {
  return generatorCpus ? ['taskset', ['-c', generatorCpus, process.execPath, ...args]] : [process.execPath, args];
}

let niceAllowed: boolean | null = null;

/**
 * A latency probe's command and arguments: as `generator`, and ahead of the load generators on
 * their CPU (`nice -n -10`, where this user may raise a priority). The probe shares that CPU with
 * a flood client; at equal priority a request it should time waits for the flood client's turn
 * (its start-up compiles, its bursts), and that wait is the client's, not the server's: one
 * measured round read 147 ms at the probe while the server's event loop was never late by more than 28 ms.
 */
export function prober(args: string[]): [string, string[]] {
  const [command, rest] = generator(args);
  if (niceAllowed === null) {
    try {
      // `nice` runs the command even when it may not raise the priority; it then prints the same niceness.
      niceAllowed = Number(execFileSync('nice', ['-n', '-10', 'nice'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()) < os.getPriority();
    } catch {
      niceAllowed = false;
    }
  }
  return niceAllowed ? ['nice', ['-n', '-10', command, ...rest]] : [command, rest];
}

/**
 * A local PostgreSQL beside the server on CPU 0 (`on`), or on every CPU again: its postmaster and
 * every process it has started (backends, background workers), found from one backend's parent;
 * backends started later inherit the postmaster's CPUs. False when it cannot (another host, no
 * `taskset`, not allowed). Used with `pinServer`, so a database's work competes with the server's,
 * as PGlite's does inside the server's process, and not with the load generators'.
 */
export async function pinPostgres(query: <T>(sql: string) => Promise<T[]>, on: boolean): Promise<boolean> {
  const cpus = os.cpus().length;
  if (process.env.BENCH_PIN === '0' || cpus < 2) return false;
  try {
    const pid = (await query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0]!.pid;
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: state, then the parent's pid.
    const postmaster = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const children = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' }).split('\n').filter(Boolean);
    for (const target of [String(postmaster), ...children]) execFileSync('taskset', ['-a', '-cp', on ? '0' : `0-${cpus - 1}`, target], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
