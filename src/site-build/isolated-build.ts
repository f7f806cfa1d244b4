/**
 * A whole untrusted build on a worker thread (`folio serve` updates, the agent's verify build), so
 * the thread that answers HTTP does none of it: loading the site, laying pages out, writing files
 * and the search index all happen in the worker, which has an empty environment and a heap cap;
 * pages compile in their own workers under the page time limit (`isolated-pool.ts`).
 *
 * With `warmKey` (a hosted site: project and preview), the worker and its page workers stay after
 * the build for that site's next one: starting them and loading Folio in them was 1.5-4 s of each
 * one-page update on this 2-core machine, more than the build itself. A warm worker builds only the
 * site it was started for (its key names the site; the build options of another site start another
 * worker), one build at a time; at most `maxWarm()` are kept, each for `WARM_IDLE_MS` after its last
 * build, and one whose build failed or crashed is never kept.
 */
import type { Worker } from 'node:worker_threads';
import type { BuildOptions, BuildResult } from './build-site.js';
import { startSandboxWorker } from './isolated-pool.js';

export type IsolatedBuildOptions = Omit<BuildOptions, 'progress' | 'untrusted'> & {
  heapMb?: number;
  /** Keep the worker for the next build with the same key (a hosted site's id); none when omitted. */
  warmKey?: string;
};

type Message = { type: 'log'; line: string } | { type: 'result'; result: BuildResult } | { type: 'failed'; message: string };

/**
 * Warm workers kept between builds: `FOLIO_WARM_BUILDS` (default 2; 0 keeps none). Each holds what
 * its last build left on its heap until the next: after a cold build and eleven updates of a
 * 1,000-page site (`bench:update`), `folio serve` was 978 MB resident with its warm worker, 499 MB with none.
 */
export function maxWarm(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.FOLIO_WARM_BUILDS ?? 2);
  return Number.isInteger(value) && value >= 0 ? value : 2;
}
/** How long a warm worker waits for its site's next build. */
export const WARM_IDLE_MS = 10 * 60_000;

interface WarmWorker {
  worker: Worker;
  heapMb: number;
  timer: NodeJS.Timeout | null;
}

const warm = new Map<string, WarmWorker>();

function dropWarm(key: string): void {
  const entry = warm.get(key);
  if (!entry) return;
  warm.delete(key);
  if (entry.timer) clearTimeout(entry.timer);
  void entry.worker.terminate();
}

/** Stop every warm worker (a server closing). */
export async function stopWarmBuilders(): Promise<void> {
  for (const key of [...warm.keys()]) dropWarm(key);
}

/** `buildSite` with `untrusted: true`, run on a sandbox worker; log lines come back through `options.log`. */
export function buildSiteIsolated(options: IsolatedBuildOptions): Promise<BuildResult> {
  const { log, heapMb = 2048, warmKey, ...data } = options;
  const buildOptions = { ...data, untrusted: true } as BuildOptions;
  let entry = warmKey ? warm.get(warmKey) : undefined;
  if (entry && entry.heapMb !== heapMb) {
    dropWarm(warmKey!);
    entry = undefined;
  }
  let worker: Worker;
  if (entry) {
    // Taken: no idle timer while it builds, and out of the map until it is put back after a success.
    warm.delete(warmKey!);
    if (entry.timer) clearTimeout(entry.timer);
    worker = entry.worker;
    worker.ref();
    worker.postMessage({ type: 'build', options: buildOptions });
  } else {
    worker = startSandboxWorker('build-worker', { options: buildOptions, warm: warmKey !== undefined }, heapMb);
    worker.stdout.resume();
    worker.stderr.resume();
  }
  return new Promise<BuildResult>((resolve, reject) => {
    let settled = false;
    const detach = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const onMessage = (message: Message) => {
      if (message.type === 'log') return log?.(message.line);
      settled = true;
      detach();
      if (message.type === 'result' && message.result.ok && warmKey) keepWarm(warmKey, worker, heapMb);
      else void worker.terminate();
      if (message.type === 'result') resolve(message.result);
      else reject(new Error(message.message));
    };
    const onError = (error: Error) => {
      detach();
      if (!settled) reject(error);
      settled = true;
      void worker.terminate();
    };
    const onExit = (code: number) => {
      detach();
      if (!settled) reject(new Error(`the build worker stopped (exit code ${code})`));
      settled = true;
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  });
}

/** Keep `worker` for the next build of `key`, evicting the longest-idle one past `maxWarm()`. */
function keepWarm(key: string, worker: Worker, heapMb: number): void {
  dropWarm(key);
  const limit = maxWarm();
  if (limit === 0) {
    void worker.terminate();
    return;
  }
  while (warm.size >= limit) dropWarm(warm.keys().next().value!);
  const timer = setTimeout(() => dropWarm(key), WARM_IDLE_MS);
  // An idle worker does not keep the process alive.
  timer.unref();
  worker.unref();
  warm.set(key, { worker, heapMb, timer });
}
