// Keeping load generators off the server's CPU in benches (`bench:api`, `bench:analytics`). On 2
// cores the generators (autocannon, flood clients: Node processes) otherwise share the server's
// core: at full rate the server and one generator each fill a core, so a second generator takes
// throughput and latency from the server whatever the server does with its requests. Where
// `taskset` exists, `pinServer(true)` pins this process (the server, all its threads) to CPU 0
// and `generator` starts commands on the other CPUs. Only for servers whose database is inside
// the process (PGlite): PostgreSQL's own processes cannot be kept off the generators' CPU.
// `BENCH_PIN=0` leaves everything unpinned.
import { execFileSync } from 'node:child_process';
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
