import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { processAlive } from '../shared/index.js';

/**
 * Where this process runs, as precisely as the system tells: the host name, the boot (Linux
 * `boot_id`) and the process-id namespace (a container has its own). Two runners with the same
 * place see the same process ids, so one can tell whether the other's process still exists.
 */
function machinePlace(): string {
  const parts = [hostname()];
  try {
    parts.push(readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim());
    parts.push(String(statSync('/proc/self/ns/pid').ino));
  } catch {
    // Not Linux: the host name alone.
  }
  return parts.join('/');
}

let place: string | undefined;
const placeOf = () => (place ??= machinePlace());

/**
 * A short tag of this process's place (host, boot, pid namespace), for names of folders a process
 * owns (`folio-update-<tag>-<pid>-...`): a later process with the same tag can tell whether their owner is gone.
 */
export function localPlaceTag(): string {
  return createHash('sha256').update(placeOf()).digest('hex').slice(0, 8);
}

/** Whether process `pid` of place `tag` is known gone: same place as this process and no such process (or this process's own id, from an earlier life). */
export function deadLocalProcess(tag: string, pid: number): boolean {
  return tag === localPlaceTag() && (pid === process.pid || !processAlive(pid));
}

/** A runner id for this process: `<place>:<pid>:<random>` (the lease owner it writes). */
export function localRunnerId(): string {
  return `${placeOf()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/**
 * The owners among `owners` that are runners of a process that no longer exists: same place as
 * this process (host, boot, pid namespace), and a process id that is gone. A runner of this very
 * process id but not in `live` belonged to an earlier process that had the same id (a container's
 * PID 1 restarted within the same namespace). Ids of another form or place are never called dead:
 * their leases run out as usual.
 */
export function deadLocalRunners(owners: readonly string[], live: ReadonlySet<string>): string[] {
  const here = placeOf();
  return owners.filter((owner) => {
    const m = /^(.*):(\d+):[0-9a-f]+$/.exec(owner);
    if (!m || m[1] !== here || live.has(owner)) return false;
    const pid = Number(m[2]);
    return pid === process.pid || !processAlive(pid);
  });
}
