/**
 * The operating-system wall around untrusted builds (`buildSiteIsolated`, for `folio serve` and
 * `folio worker`) and the web editor's preview compiles (`compilePageIsolated`, reading the docs
 * folder and writing nothing): each runs in a child process of its own, started by `startSandboxed`,
 * under one of two walls, whichever this machine allows (`sandboxWall`, decided once):
 *
 * - `namespaces`: util-linux `unshare` puts the process in new user, mount, network, PID and IPC
 *   namespaces. A fixed setup script (`SETUP_SCRIPT`, paths as its arguments, never interpolated)
 *   builds a fresh root on a tmpfs holding only the system's `/usr` (and the `/lib`, `/bin` links),
 *   node's install, Folio's code and dependencies (`dist`/`src`, `node_modules`, `package.json`: not
 *   a data folder kept in its folder, such as `.folio/` of `npm start`), the checkout read-only and
 *   the output folder writable, a private
 *   `/tmp`, its own `/proc` and four `/dev` nodes; it pivots into it and drops the old root. The
 *   build then runs as an unprivileged user of a second user namespace, so it has no capability and
 *   the mounts are locked as set up. The network namespace has only a loopback that is down.
 * - `process`: a plain child process (no namespaces: user namespaces are off in this kernel, or
 *   `FOLIO_SANDBOX=process`), with the same limits and environment but no filesystem or network wall.
 *
 * A server run as root (`sandboxUser`) hands neither wall its uid: in a user namespace made by root,
 * the build's uid is host uid 0 (it could write /proc/sys/kernel/core_pattern, and the kernel does
 * not apply RLIMIT_NPROC to root). So under root the namespaces are made without a user namespace
 * (root needs none for mount, network, PID and IPC namespaces), the setup script runs as root, and the
 * build runs as an unprivileged host user (`FOLIO_SANDBOX_UID`, default 65534 `nobody`) through
 * `setpriv` (no groups, no new privileges: no set-user-ID program makes it root again), then as uid
 * 1000 of a user namespace of its own (so its process limit counts its own processes only); under
 * `process` the same `setpriv` runs the plain child process as that user. The folders it writes are
 * that user's while a process of this server uses them (`handOver`), the server's again after
 * (`handBack`); the folders it reads must be readable by that user (under `process`, their parents too).
 *
 * Both: an environment holding only PATH, HOME (`/tmp`) and NODE_ENV (no secret of the server's), rlimits set by
 * `prlimit` (memory, CPU seconds, file size, open files, processes, no core files), nice +5, a
 * wall-clock limit the caller enforces by killing the process (`SandboxLimits.timeMs`), and death
 * with the server (util-linux `setpriv --pdeathsig`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledSources } from './compiled-sources.js';

export type SandboxWallKind = 'namespaces' | 'process';

export interface SandboxWall {
  kind: SandboxWallKind;
  /** Why the namespaces wall is not in effect (`process` only). */
  reason?: string;
}

export interface SandboxLimits {
  /** Memory the process may map for data (RLIMIT_DATA), in MB. */
  dataMb: number;
  /** CPU seconds over the life of the process (RLIMIT_CPU; a warm process is retired past half of it). */
  cpuSeconds: number;
  /** Largest file the process may write (RLIMIT_FSIZE), in MB. */
  fileMb: number;
  /** Open files (RLIMIT_NOFILE). */
  openFiles: number;
  /** Processes and threads of its user (RLIMIT_NPROC; the kernel does not apply it to root). */
  processes: number;
  /** Wall-clock limit of one build in milliseconds, enforced by the caller (`isolated-build.ts`). */
  timeMs: number;
}

/** The limits of a build whose main heap is capped at `heapMb` and which compiles pages in `pageThreads` workers of 1 GB. */
export function buildLimits(heapMb: number, pageThreads: number): SandboxLimits {
  return {
    dataMb: heapMb + Math.max(1, pageThreads) * 1024 + 1024,
    cpuSeconds: 4 * 3600,
    fileMb: 1024,
    openFiles: 4096,
    processes: 512,
    timeMs: 30 * 60_000,
  };
}

export interface SandboxSpawn {
  /** Module to run: the name of a file next to this one (`build-process`), or an absolute path (tests). */
  entry: string;
  /** The folders the process reads (the checkout); read-only under `namespaces`. */
  read: string[];
  /** The folders it writes (the output, with its build cache); they must exist. */
  write: string[];
  limits: SandboxLimits;
  /** V8's old-generation heap cap of the main thread, in MB. */
  heapMb: number;
  /** The wall to use instead of `sandboxWall()`'s (tests run both). */
  wall?: SandboxWall;
}

/** Unprivileged uid and gid of the build inside the second user namespace. */
const SANDBOX_ID = '1000';

/** The host user and group sandboxed processes run as. */
export interface SandboxUser {
  uid: number;
  gid: number;
}

/**
 * The host user sandboxed processes run as when this server runs as root: `FOLIO_SANDBOX_UID`
 * (`uid` or `uid:gid`, the group the uid when not given; default 65534, `nobody`), never 0. Null when
 * the server is not root: its own uid is unprivileged already (and it could not switch to another).
 */
export function sandboxUser(env: NodeJS.ProcessEnv = process.env): SandboxUser | null {
  if (process.platform !== 'linux' || process.geteuid?.() !== 0) return null;
  const value = (env.FOLIO_SANDBOX_UID ?? '').trim() || '65534';
  const match = /^(\d{1,10})(?::(\d{1,10}))?$/.exec(value);
  const [uid, gid] = [Number(match?.[1]), Number(match?.[2] ?? match?.[1])];
  const valid = (id: number) => Number.isInteger(id) && id > 0 && id < 2 ** 32 - 1;
  if (!match || !valid(uid) || !valid(gid)) throw new Error(`FOLIO_SANDBOX_UID must be the uid (or uid:gid) other than 0 that sandboxed builds run as when the server runs as root, not "${value}"`);
  return { uid, gid };
}

/** `setpriv` options that make a process `user`, with no supplementary group and no way back to root. */
const dropTo = (user: SandboxUser) => [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', '--no-new-privs'];

/**
 * Run by `sh` inside the new namespaces, as root of the first user namespace (as root itself when
 * the server is root). Arguments: the folder in which to make the empty folder the new root is
 * mounted on (removed once the root has moved off it, so no folder outlives the setup), then `ro PATH`,
 * `rw PATH` or `link PATH TARGET` entries, then `--` and the command to run in the new root. Nothing
 * here comes from a repository; paths are arguments.
 */
const SETUP_SCRIPT = `set -eu
umask 022
new=$(mktemp -d "$1/folio-sandbox-XXXXXX"); shift
trap 'umount -l "$new" 2>/dev/null; rmdir "$new" 2>/dev/null' EXIT
mount -t tmpfs -o mode=0755 folio-sandbox "$new"
mkdir -p "$new/proc" "$new/tmp" "$new/dev"
mount -t proc proc "$new/proc"
mount -t tmpfs -o mode=1777,size=512m folio-tmp "$new/tmp"
for d in null zero random urandom; do : > "$new/dev/$d"; mount --bind "/dev/$d" "$new/dev/$d"; done
while [ "$1" != "--" ]; do
  kind=$1; p=$2; shift 2
  case "$kind" in
    link) mkdir -p "$new$(dirname "$p")"; ln -s -- "$1" "$new$p"; shift ;;
    ro|rw)
      if [ -d "$p" ]; then mkdir -p "$new$p"; else mkdir -p "$new$(dirname "$p")"; : > "$new$p"; fi
      mount --rbind "$p" "$new$p"
      if [ "$kind" = ro ]; then mount -o remount,bind,ro "$new$p"; fi ;;
    *) exit 64 ;;
  esac
done
shift
cd "$new"
mkdir .old
pivot_root . .old
rmdir "/.old$new"
trap - EXIT
umount -l /.old
rmdir /.old
cd /
unset OLDPWD PWD
exec "$@"
`;

type MountEntry = ['ro' | 'rw', string] | ['link', string, string];

/** The folder of Folio's package (the one with its package.json), from this module's place. */
function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('Folio package root not found');
    dir = up;
  }
  return dir;
}

/** Whether `dir` is `root` or inside it. */
const within = (dir: string, root: string) => dir === root || dir.startsWith(root.endsWith('/') ? root : `${root}/`);

/**
 * `ro`/`link` entries showing `target` as it is outside: a symbolic link is made again inside, and
 * what it points to shown too (`node_modules` may be a link to another checkout's).
 */
function showReadOnly(target: string, into: MountEntry[], seen: Set<string>): void {
  // Already shown, as itself or inside a folder shown (a mount inside a read-only one cannot be made).
  if ([...seen].some((shown) => within(target, shown))) return;
  seen.add(target);
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(target);
  } catch {
    return;
  }
  if (stat.isSymbolicLink()) {
    const link = fs.readlinkSync(target);
    into.push(['link', target, link]);
    showReadOnly(fs.realpathSync(target), into, seen);
  } else {
    into.push(['ro', target]);
  }
}

/** The entries of Folio's package a build needs: its compiled code (or sources, with tsconfig for tsx), dependencies, package.json (ESM). */
const FOLIO_FILES = ['dist', 'src', 'node_modules', 'package.json', 'tsconfig.json'];

/** What the new root shows: system, node, Folio and `entry` (when outside Folio's code) read-only; then the build's folders. */
function mountPlan(read: string[], write: string[], entry?: string): MountEntry[] {
  const entries: MountEntry[] = [];
  const seen = new Set<string>();
  showReadOnly('/usr', entries, seen);
  for (const top of ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32']) showReadOnly(top, entries, seen);
  for (const file of ['/etc/ld.so.cache', '/etc/localtime']) showReadOnly(file, entries, seen);
  const node = fs.realpathSync(process.execPath);
  if (!within(node, '/usr')) showReadOnly(path.dirname(path.dirname(node)), entries, seen);
  const pkg = packageRoot();
  // What Folio runs from, nothing else of its folder: not a data folder kept there (`.folio/` of npm start, or another).
  for (const name of FOLIO_FILES) showReadOnly(path.join(pkg, name), entries, seen);
  if (entry) showReadOnly(entry, entries, seen);
  for (const dir of read) entries.push(['ro', fs.realpathSync(dir)]);
  for (const dir of write) entries.push(['rw', fs.realpathSync(dir)]);
  return entries;
}

function prlimitArgs(limits: SandboxLimits): string[] {
  const mb = (n: number) => String(Math.round(n * 1024 * 1024));
  return [
    `--data=${mb(limits.dataMb)}`,
    `--cpu=${limits.cpuSeconds}`,
    `--fsize=${mb(limits.fileMb)}`,
    `--nofile=${limits.openFiles}`,
    `--nproc=${limits.processes}`,
    '--core=0',
  ];
}

/**
 * `node` and its arguments for `entry`: compiled JavaScript (beside this module under `dist/`; from
 * TypeScript sources, tests and `npm run folio`, Folio's `src/` compiled once into a cache folder,
 * `compiled-sources.ts`), or an absolute path (a `.ts` one through tsx: tests' probes).
 */
async function nodeCommand(entry: string, heapMb: number): Promise<string[]> {
  const fromSources = import.meta.url.endsWith('.ts');
  const file = path.isAbsolute(entry)
    ? entry
    : fromSources
      ? path.join(await compiledSources(packageRoot()), 'src', 'site-build', `${entry}.js`)
      : fileURLToPath(new URL(`./${entry}.js`, import.meta.url));
  const args = [fs.realpathSync(process.execPath), `--max-old-space-size=${heapMb}`];
  if (file.endsWith('.ts')) args.push('--import', import.meta.resolve('tsx'));
  return [...args, file];
}

/** The environment of a sandboxed process: nothing of the server's (a home in its private /tmp: `os.homedir()` needs one). */
function sandboxEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: '/usr/sbin:/usr/bin:/sbin:/bin', HOME: '/tmp', NODE_ENV: process.env.NODE_ENV ?? 'production' };
  // From TypeScript sources, tsx compiles JSX as Folio's tsconfig says (it looks in the working folder otherwise).
  if (import.meta.url.endsWith('.ts')) env.TSX_TSCONFIG_PATH = path.join(packageRoot(), 'tsconfig.json');
  return env;
}

/**
 * The command that runs `inner` under the namespaces wall. A server that is not root maps itself to
 * root of a first user namespace for the setup; a root server (`user`) needs none, and drops to `user`
 * before the build's own user namespace.
 */
function namespacesCommand(inner: string[], read: string[], write: string[], user: SandboxUser | null, entry?: string): { command: string; args: string[] } {
  const plan = mountPlan(read, write, entry).flat();
  const args = [
    ...(user ? [] : ['--user', '--map-root-user']), '--mount', '--net', '--pid', '--ipc', '--uts', '--fork', '--kill-child',
    '--', '/bin/sh', '-c', SETUP_SCRIPT, 'folio-sandbox', os.tmpdir(), ...plan, '--',
    // (The change of user clears `--kill-child`'s parent-death signal: set again once the user is changed.)
    ...(user ? ['setpriv', ...dropTo(user), '--'] : []),
    'unshare', '--user', `--map-user=${SANDBOX_ID}`, `--map-group=${SANDBOX_ID}`, '--', ...(user ? ['setpriv', '--pdeathsig', 'KILL', '--'] : []), ...inner,
  ];
  return { command: 'unshare', args };
}

/** `chown -R` without following a symbolic link (GNU chown walks by descriptors: a link swapped in is changed itself, never followed). */
function chownTree(dir: string, owner: SandboxUser): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('chown', ['-R', '-P', '-h', '--', `${owner.uid}:${owner.gid}`, dir], { stdio: ['ignore', 'ignore', 'pipe'] });
    let error = '';
    child.stderr!.on('data', (chunk: Buffer) => (error += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`chown of ${dir} failed: ${error.trim().split('\n').pop() || `exit code ${code}`}`))));
  });
}

/** The written folders handed to the sandbox user: how many processes of this server use each. */
const handedOver = new Map<string, number>();
/** Folders being given back to the server, awaited before one is handed over again. */
const handingBack = new Map<string, Promise<void>>();

/** Give `dirs` (and everything in them) to `user` for a process's life, unless another process has them already. */
async function handOver(dirs: string[], user: SandboxUser): Promise<void> {
  for (const dir of dirs) {
    await handingBack.get(dir);
    const users = handedOver.get(dir) ?? 0;
    handedOver.set(dir, users + 1);
    if (users === 0) await chownTree(dir, user);
  }
}

/** A process that had `dirs` ended: the last one's folders are the server's again. */
function handBack(dirs: string[]): void {
  const server = { uid: process.geteuid!(), gid: process.getegid!() };
  for (const dir of dirs) {
    const users = (handedOver.get(dir) ?? 1) - 1;
    if (users > 0) {
      handedOver.set(dir, users);
      continue;
    }
    handedOver.delete(dir);
    const back = chownTree(dir, server)
      // (A folder its caller removes after the build, such as a verify build's, may be going meanwhile.)
      .catch((error: Error) => {
        if (!/No such file or directory/.test(error.message)) console.error(`folio: ${error.message}`);
      })
      .finally(() => handingBack.get(dir) === back && handingBack.delete(dir));
    handingBack.set(dir, back);
  }
}

/**
 * Remove what killed servers left in the temporary folder `dir`: the empty folders named
 * `folio-sandbox-*` (a version before this one kept one per server process; now each setup removes
 * its own) and `folio-sandbox-trial-*`, last changed over `olderMs` ago (a setup in progress uses its
 * folder for milliseconds). A folder with anything in it is not ours to remove and stays.
 */
export function sweepSandboxLeftovers(dir: string = os.tmpdir(), olderMs = 60_000): void {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!/^folio-sandbox-(trial-)?[A-Za-z0-9]{6}$/.test(name)) continue;
    const folder = path.join(dir, name);
    try {
      const stat = fs.lstatSync(folder);
      if (stat.isDirectory() && Date.now() - stat.mtimeMs > olderMs) fs.rmdirSync(folder);
    } catch {
      // Not empty, not ours, or removed meanwhile.
    }
  }
}

export interface SandboxedProcess {
  child: ChildProcess;
  wall: SandboxWall;
  /** The last lines the process wrote to stderr (at most 2 KB): why it stopped, when it did. */
  stderrTail(): string;
}

/**
 * Start `spec.entry` in a sandboxed child process with an IPC channel (advanced serialisation).
 * Its stdout is dropped, the tail of its stderr kept for the caller's error message.
 */
export async function startSandboxed(spec: SandboxSpawn): Promise<SandboxedProcess> {
  const wall = spec.wall ?? (await sandboxWall());
  const user = sandboxUser();
  const node = await nodeCommand(spec.entry, spec.heapMb);
  let command = node[0]!;
  let args = node.slice(1);
  // util-linux's tools are Linux's; elsewhere the process gets Node's heap cap and its empty environment only.
  if (process.platform === 'linux') {
    const inner = ['prlimit', ...prlimitArgs(spec.limits), '--', 'nice', '-n', '5', ...node];
    if (wall.kind === 'namespaces') ({ command, args } = namespacesCommand(inner, spec.read, spec.write, user, path.isAbsolute(spec.entry) ? spec.entry : undefined));
    else [command, args] = [inner[0]!, inner.slice(1)];
    // The server dying (even by SIGKILL) kills the build: it must not go on writing into a workspace
    // the next server takes over. (Under `namespaces`, `--kill-child` then ends the whole namespace.)
    args = ['--pdeathsig', 'KILL', '--', command, ...args];
    command = 'setpriv';
    // A plain child process of a root server becomes the sandbox user first (a change of user clears the parent-death signal).
    if (user && wall.kind === 'process') [command, args] = ['setpriv', [...dropTo(user), '--', command, ...args]];
  }
  const write = spec.write.map((dir) => fs.realpathSync(dir));
  if (user && process.platform === 'linux') await handOver(write, user);
  const child = spawn(command, args, {
    cwd: spec.write[0] ?? os.tmpdir(),
    env: sandboxEnv(),
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
  });
  if (user && process.platform === 'linux') {
    let ended = false;
    const end = () => {
      if (!ended) handBack(write);
      ended = true;
    };
    child.once('exit', end);
    child.once('error', end);
  }
  let tail = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    tail = (tail + chunk).slice(-2048);
  });
  return { child, wall, stderrTail: () => tail.trim() };
}

/** The line of a process's stderr that says what went wrong: the first naming an error, else the last. */
export function tellingLine(stderr: string): string {
  const lines = stderr.split('\n').filter((line) => line.trim() !== '');
  return (lines.find((line) => /error|fatal|denied|not permitted/i.test(line)) ?? lines.pop() ?? '').slice(0, 200);
}

/** A warm process does not keep the server's event loop alive; a working one does. */
export function refProcess({ child }: SandboxedProcess, on: boolean): void {
  const handles = [child, child.channel, child.stderr as unknown as { ref(): void; unref(): void } | null];
  for (const handle of handles) if (handle) (on ? handle.ref() : handle.unref());
}

let decided: Promise<SandboxWall> | null = null;

/**
 * The wall this machine gives untrusted builds, decided once: `namespaces` when a trial run of the
 * whole setup succeeds (user namespaces allowed, util-linux present), else `process` with the
 * reason. `FOLIO_SANDBOX=process` chooses `process` without trying.
 */
export function sandboxWall(env: NodeJS.ProcessEnv = process.env): Promise<SandboxWall> {
  decided ??= decideWall(env);
  return decided;
}

async function decideWall(env: NodeJS.ProcessEnv): Promise<SandboxWall> {
  if (process.platform !== 'linux') return { kind: 'process', reason: `user namespaces are Linux only (${process.platform})` };
  sweepSandboxLeftovers();
  if (env.FOLIO_SANDBOX === 'process') return { kind: 'process', reason: 'FOLIO_SANDBOX=process' };
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-sandbox-trial-'));
  try {
    const { command, args } = namespacesCommand(['prlimit', '--core=0', '--', 'nice', '-n', '5', 'true'], [scratch], [scratch], sandboxUser(env));
    const outcome = await new Promise<{ code: number | null; error: string }>((resolve) => {
      // As a build is started (`startSandboxed`), so that a missing util-linux tool shows here.
      const child = spawn('setpriv', ['--pdeathsig', 'KILL', '--', command, ...args], { env: sandboxEnv(), stdio: ['ignore', 'ignore', 'pipe'] });
      let error = '';
      child.stderr!.on('data', (chunk: Buffer) => (error += chunk.toString()));
      child.on('error', (e) => resolve({ code: null, error: e.message }));
      child.on('exit', (code) => resolve({ code, error: error.trim() }));
    });
    if (outcome.code === 0) return { kind: 'namespaces' };
    return { kind: 'process', reason: `namespaces unavailable: ${outcome.error.split('\n').pop() || `unshare exited with ${outcome.code}`}` };
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** One line for a server's log: which wall its untrusted builds have. */
export function describeWall(wall: SandboxWall): string {
  const user = sandboxUser();
  const as = user ? `, as host uid ${user.uid} (FOLIO_SANDBOX_UID), not root` : '';
  return wall.kind === 'namespaces'
    ? `untrusted builds: one process each in its own namespaces (no network, read-only checkout, writable output only, rlimits${as})`
    : `untrusted builds: one plain child process each with rlimits${as}, no filesystem or network wall (${wall.reason})`;
}
