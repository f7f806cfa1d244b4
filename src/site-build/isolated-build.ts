/**
 * A whole untrusted build on a worker thread (`folio serve` updates, the agent's verify build), so
 * the thread that answers HTTP does none of it: loading the site, laying pages out, writing files
 * and the search index all happen in the worker, which has an empty environment and a heap cap;
 * pages compile in their own workers under the page time limit (`isolated-pool.ts`).
 */
import type { BuildOptions, BuildResult } from './build-site.js';
import { startSandboxWorker } from './isolated-pool.js';

export type IsolatedBuildOptions = Omit<BuildOptions, 'progress' | 'untrusted'> & { heapMb?: number };

type Message = { type: 'log'; line: string } | { type: 'result'; result: BuildResult } | { type: 'failed'; message: string };

/** `buildSite` with `untrusted: true`, run on a sandbox worker; log lines come back through `options.log`. */
export function buildSiteIsolated(options: IsolatedBuildOptions): Promise<BuildResult> {
  const { log, heapMb = 2048, ...data } = options;
  const worker = startSandboxWorker('build-worker', { ...data, untrusted: true }, heapMb);
  worker.stdout.resume();
  worker.stderr.resume();
  return new Promise<BuildResult>((resolve, reject) => {
    let settled = false;
    worker.on('message', (message: Message) => {
      if (message.type === 'log') return log?.(message.line);
      settled = true;
      if (message.type === 'result') resolve(message.result);
      else reject(new Error(message.message));
      void worker.terminate();
    });
    worker.on('error', (error) => {
      if (!settled) reject(error);
      settled = true;
    });
    worker.on('exit', (code) => {
      if (!settled) reject(new Error(`the build worker stopped (exit code ${code})`));
      settled = true;
    });
  });
}
