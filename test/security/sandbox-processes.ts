/**
 * The sandboxed processes a test started, found in `/proc` (Linux): the build processes of
 * `buildSiteIsolated`, the editor's page compilers, a probe. Shared by the sandbox tests.
 */
import fs from 'node:fs';

/** The parent of `pid` (0 when gone). */
export function parentOf(pid: number): number {
  try {
    // After `(comm)`: state, then the parent's PID.
    return Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
  } catch {
    return 0;
  }
}

/** Whether `pid` is a child of `parent`, or its child's child (under `unshare`). */
export const startedBy = (parent: number) => (pid: number) => parentOf(pid) === parent || parentOf(parentOf(pid)) === parent;

/**
 * Whether a process's argument runs `entry`: that file, or, for a module of Folio's `src/`, its
 * compiled copy, which sandboxed processes run when Folio runs from its sources
 * (`node_modules/.cache/folio-sandbox-js/<hash>/src/...js`, `compiled-sources.ts`).
 */
function runs(arg: string, entry: string): boolean {
  if (arg === entry) return true;
  const inSrc = /\/src\/(.+)\.tsx?$/.exec(entry)?.[1];
  return inSrc !== undefined && arg.includes('/node_modules/.cache/folio-sandbox-js/') && arg.endsWith(`/src/${inSrc}.js`);
}

/**
 * Host PIDs of the node processes running `entry` that `started` accepts (by default those this
 * test process started: other test files build too).
 */
export function sandboxProcesses(entry: string, started: (pid: number) => boolean = startedBy(process.pid)): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return argv[0]?.endsWith('node') && argv.some((arg) => runs(arg, entry));
      } catch {
        return false;
      }
    })
    .map(Number)
    .filter(started);
}
