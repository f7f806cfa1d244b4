import { readdirSync, readFileSync } from 'node:fs';

/** Resident memory in MB of a process tree: summed over its processes, and the largest one. */
export interface TreeMemory {
  sum: number;
  max: number;
}

/**
 * The resident memory of the processes below `root` (and `root` itself when `withRoot`), read from
 * Linux's /proc; null where there is no /proc to read. A process that ends while read is not counted.
 */
export function processTreeMemory(root: number, withRoot: boolean): TreeMemory | null {
  if (process.platform !== 'linux') return null;
  const parents = new Map<number, number>();
  const rss = new Map<number, number>();
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const status = readFileSync(`/proc/${entry}/status`, 'utf8');
        parents.set(Number(entry), Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0));
        rss.set(Number(entry), Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) / 1024);
      } catch {
        // Ended while read.
      }
    }
  } catch {
    return null;
  }
  const inTree = (pid: number): boolean => {
    for (let p = withRoot ? pid : parents.get(pid); p; p = parents.get(p)) if (p === root) return true;
    return false;
  };
  const memory = { sum: 0, max: 0 };
  for (const [pid, mb] of rss) {
    if (!inTree(pid)) continue;
    memory.sum += mb;
    memory.max = Math.max(memory.max, mb);
  }
  return memory;
}
