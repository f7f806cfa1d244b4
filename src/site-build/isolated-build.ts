/**
 * A whole untrusted build in a sandboxed child process (`folio serve` updates and previews, the
 * agent's verify build), so the process that answers HTTP does none of it and shares nothing with
 * it but the folders it is given: loading the site, laying pages out, writing files and the search
 * index all happen in the child, behind the wall `sandbox.ts` puts up (namespaces where the kernel
 * allows: no network, the checkout read-only, only the output writable; rlimits everywhere), under
 * a wall-clock limit. Pages compile in worker threads of that child under the page time limit
 * (`isolated-pool.ts`).
 *
 * With `warmKey` (a hosted site: project and preview), the process and its page workers stay after
 * the build for that site's next one: starting them and loading Folio in them was 1.5-4 s of each
 * one-page update on this 2-core machine, more than the build itself. A warm process builds only the
 * site it was started for (its key names the site; another site's build starts another process),
 * with the folders it was started with (the same checkout and output folder, not replaced since),
 * one build at a time; at most `maxWarm()` are kept, each for `WARM_IDLE_MS` after its last build,
 * and one whose build failed, crashed, or used half its CPU-seconds limit is never kept.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BuildOptions, BuildResult } from './build-site.js';
import { buildProblem, type BuildCode } from './codes.js';
import { stopPageCompilers } from './isolated-compile.js';
import { buildLimits, refProcess, startSandboxed, tellingLine, type SandboxLimits, type SandboxWall, type SandboxedProcess } from './sandbox.js';

export type IsolatedBuildOptions = Omit<BuildOptions, 'progress' | 'untrusted'> & {
  heapMb?: number;
  /** Keep the process for the next build with the same key (a hosted site's id); none when omitted. */
  warmKey?: string;
  /** The repository folder around `root` the build may read (its git history dates the pages); `root` when omitted. */
  checkout?: string;
  /** Limits other than the defaults of `buildLimits` (tests). */
  limits?: Partial<SandboxLimits>;
  /** The wall of this build instead of the machine's (`sandboxWall`): a build whose namespaces could not be set up runs again with `process`. */
  wall?: SandboxWall;
  /** The build's name (a hosted update's id), for `edits` of a later build. */
  buildId?: string;
  /**
   * The docs-root files (`/`-separated) changed since build `since`, whose output `outDir` holds: a warm
   * process that made `since` rebuilds a body-only edit of pages as `folio build --watch` does.
   */
  edits?: { since: string; files: string[] };
};

type Message = { type: 'ready' } | { type: 'log'; line: string } | { type: 'result'; result: BuildResult; cpuMs: number } | { type: 'failed'; message: string };

/**
 * Warm processes kept between builds: `FOLIO_WARM_BUILDS` (default 2; 0 keeps none). Each holds what
 * its last build left on its heap until the next: after a cold build and eleven updates of a
 * 1,000-page site (`bench:update`), `folio serve` was 978 MB resident with its warm worker, 499 MB with none.
 */
export function maxWarm(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.FOLIO_WARM_BUILDS ?? 2);
  return Number.isInteger(value) && value >= 0 ? value : 2;
}
/** How long a warm process waits for its site's next build. */
export const WARM_IDLE_MS = 10 * 60_000;

/** What a process was started with: a warm one is used again only for the same. */
interface Shape {
  heapMb: number;
  limits: string;
  /** Each folder with its device and inode at start: a folder removed and made again is another one. */
  folders: string;
}

interface WarmProcess {
  sandbox: SandboxedProcess;
  shape: Shape;
  timer: NodeJS.Timeout | null;
}

const warm = new Map<string, WarmProcess>();

function dropWarm(key: string): void {
  const entry = warm.get(key);
  if (!entry) return;
  warm.delete(key);
  if (entry.timer) clearTimeout(entry.timer);
  entry.sandbox.child.kill('SIGKILL');
}

/** Stop every warm process, the web editor's page compilers too (a server closing). */
export async function stopWarmBuilders(): Promise<void> {
  for (const key of [...warm.keys()]) dropWarm(key);
  stopPageCompilers();
}

function folderIds(folders: string[]): string {
  return folders
    .map((dir) => {
      const stat = fs.statSync(dir);
      return `${dir}:${stat.dev}:${stat.ino}`;
    })
    .join('|');
}

const sameShape = (a: Shape, b: Shape) => a.heapMb === b.heapMb && a.limits === b.limits && a.folders === b.folders;

/** A failed build's result: one error at the top of docs.json. */
function failedBuild(code: BuildCode, message: string, started: number): BuildResult {
  return { ok: false, pages: 0, diagnostics: [buildProblem(code, message, 'docs.json', 'error')], durationMs: performance.now() - started };
}

/** `buildSite` with `untrusted: true`, run in a sandboxed process; log lines come back through `options.log`. */
export async function buildSiteIsolated(options: IsolatedBuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const { log, heapMb = 2048, warmKey, checkout, limits: given, wall, buildId, edits, ...data } = options;
  const buildOptions = { ...data, outDir: path.resolve(data.outDir), root: path.resolve(data.root), untrusted: true } as BuildOptions;
  const limits = { ...buildLimits(heapMb, data.threads ?? 1), ...given };
  // The output folder is shown to the process, so it exists first.
  fs.mkdirSync(buildOptions.outDir, { recursive: true });
  const read = [path.resolve(checkout ?? buildOptions.root)];
  const write = [buildOptions.outDir];
  const shape: Shape = { heapMb, limits: JSON.stringify(limits), folders: folderIds([...read, ...write]) };
  let entry = warmKey ? warm.get(warmKey) : undefined;
  if (entry && !sameShape(entry.shape, shape)) {
    dropWarm(warmKey!);
    entry = undefined;
  }
  let sandbox: SandboxedProcess;
  const startAt = performance.now();
  let startMs = 0;
  if (entry) {
    // Taken: no idle timer while it builds, and out of the map until it is put back after a success.
    warm.delete(warmKey!);
    if (entry.timer) clearTimeout(entry.timer);
    sandbox = entry.sandbox;
    refProcess(sandbox, true);
  } else {
    sandbox = await startSandboxed({ entry: 'build-process', read, write, limits, heapMb, ...(wall ? { wall } : {}) });
  }
  const { child } = sandbox;
  if (child.connected) child.send({ type: 'build', options: buildOptions, warm: warmKey !== undefined, id: buildId, edits });
  return new Promise<BuildResult>((resolve, reject) => {
    let settled = false;
    /** The build's outcome: its result, or (the build threw, the process could not start) an error, as `buildSite` would. */
    const finish = (result: BuildResult | Error, keep: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('error', onError);
      child.off('exit', onExit);
      if (keep && warmKey) keepWarm(warmKey, sandbox, shape);
      else child.kill('SIGKILL');
      if (result instanceof Error) reject(result);
      else resolve(result.stats ? { ...result, stats: { ...result.stats, sandbox: { warm: entry !== undefined, startMs: Math.round(startMs) } } } : result);
    };
    const timer = setTimeout(() => {
      finish(failedBuild('BUILD_TIME_LIMIT', `The build ran longer than ${Math.round(limits.timeMs / 1000)} s and was stopped; nothing of it was published. A site this large needs a higher limit.`, started), false);
    }, limits.timeMs);
    // A warm process said so long ago; a new one says it once node runs inside the sandbox.
    let ready = entry !== undefined;
    const onMessage = (message: Message) => {
      if (message.type === 'ready') {
        ready = true;
        startMs = performance.now() - startAt;
        return;
      }
      if (message.type === 'log') return log?.(message.line);
      if (message.type === 'failed') return finish(new Error(message.message), false);
      finish(message.result, message.result.ok && message.cpuMs < (limits.cpuSeconds * 1000) / 2);
    };
    const onError = (error: Error) => finish(new Error(`The build process could not run: ${error.message}`), false);
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      if (!ready && sandbox.wall.kind === 'namespaces') {
        const detail = tellingLine(sandbox.stderrTail());
        // The machine's trial passed but this build's folders could not be mounted: unless the
        // namespaces are required (FOLIO_SANDBOX=namespaces), it runs again as a plain child process, said in its log.
        if (process.env.FOLIO_SANDBOX !== 'namespaces') {
          settled = true;
          clearTimeout(timer);
          child.off('message', onMessage);
          child.off('error', onError);
          child.off('exit', onExit);
          log?.(`the build's sandbox could not be set up (${detail || `exit code ${code}`}); building as a plain child process with the same limits (FOLIO_SANDBOX=namespaces refuses instead)`);
          buildSiteIsolated({ ...options, wall: { kind: 'process', reason: `namespaces could not be set up: ${detail || `exit code ${code}`}` } }).then(resolve, reject);
          return;
        }
        return finish(failedBuild('BUILD_PROCESS_STOPPED', `The build's sandbox could not be set up (${detail || `exit code ${code}`}); nothing was built. FOLIO_SANDBOX=process runs builds as plain child processes instead (docs: the sandbox of untrusted builds).`, started), false);
      }
      const why = stopReason(code, signal, sandbox.stderrTail(), limits);
      finish(failedBuild('BUILD_PROCESS_STOPPED', `The build process stopped before it finished (${why}); nothing of it was published.`, started), false);
    };
    child.on('message', onMessage);
    child.on('error', onError);
    child.on('exit', onExit);
  });
}

/** Why a build process ended: the limit it met when that can be told, else its exit code or signal. */
function stopReason(code: number | null, signal: NodeJS.Signals | null, stderr: string, limits: SandboxLimits): string {
  if (/heap limit|out of memory|bad_alloc|allocation failed/i.test(stderr)) return `out of memory: limit ${limits.dataMb} MB`;
  if (signal === 'SIGXCPU' || code === 128 + 24) return `CPU limit of ${limits.cpuSeconds} s`;
  if (signal === 'SIGXFSZ' || code === 128 + 25) return `a file larger than ${limits.fileMb} MB`;
  const last = tellingLine(stderr);
  return `${signal ? `signal ${signal}` : `exit code ${code}`}${last ? `: ${last}` : ''}`;
}

/** Keep `sandbox` for the next build of `key`, evicting the longest-idle one past `maxWarm()`. */
function keepWarm(key: string, sandbox: SandboxedProcess, shape: Shape): void {
  dropWarm(key);
  const limit = maxWarm();
  if (limit === 0 || !sandbox.child.connected) {
    sandbox.child.kill('SIGKILL');
    return;
  }
  while (warm.size >= limit) dropWarm(warm.keys().next().value!);
  const timer = setTimeout(() => dropWarm(key), WARM_IDLE_MS);
  timer.unref();
  refProcess(sandbox, false);
  // A warm process that dies while idle (killed, out of memory) is forgotten.
  sandbox.child.once('exit', () => {
    if (warm.get(key)?.sandbox === sandbox) dropWarm(key);
  });
  warm.set(key, { sandbox, shape, timer });
}
