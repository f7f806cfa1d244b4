/**
 * Compiles many MDX bodies on all cores. Each worker loads the MDX pipeline and its Shiki
 * highlighter once and is fed small batches, so a slow page does not leave a core idle.
 * Below `inProcessBelow` pages the worker start-up (~0.5 s each, loading Shiki) costs more than
 * it saves, so small sites and dev rebuilds compile in the calling thread.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { runMdxJob, type MdxJob, type MdxResult } from './mdx-job.js';

export interface PoolOptions {
  root: string;
  variables: Record<string, string>;
  threads?: number;
  inProcessBelow?: number;
  onResult?: (result: MdxResult) => void;
}

/**
 * The worker entry next to this module. From TypeScript sources (tsx, tests, benches) the worker
 * first registers tsx's loader itself: `--import tsx` in a worker's execArgv is not honoured on Node 20.
 */
function startWorker(root: string, variables: Record<string, string>): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  if (!fromSource) return new Worker(new URL('./mdx-worker.js', import.meta.url), { workerData: { root, variables } });
  const entry = new URL('./mdx-worker.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(code, { eval: true, workerData: { root, variables } });
}

/** Compile every job; results arrive through `onResult` as they finish and are returned in job order. */
export async function compileAll(jobs: MdxJob[], options: PoolOptions): Promise<MdxResult[]> {
  const { root, variables, inProcessBelow = 48 } = options;
  const results: MdxResult[] = new Array(jobs.length);
  const indexById = new Map(jobs.map((j, i) => [j.id, i]));
  const accept = (r: MdxResult) => {
    results[indexById.get(r.id)!] = r;
    options.onResult?.(r);
  };
  const wanted = Number.isInteger(options.threads) && options.threads! > 0 ? options.threads! : os.availableParallelism();
  const threads = Math.max(1, Math.min(wanted, Math.ceil(jobs.length / 16)));
  if (jobs.length < inProcessBelow || threads === 1) {
    for (const job of jobs) accept(await runMdxJob(job, root, variables));
    return results;
  }
  const queue = [...jobs];
  const batch = 8;
  await Promise.all(
    Array.from({ length: threads }, () =>
      new Promise<void>((resolve, reject) => {
        const worker = startWorker(root, variables);
        let pending = 0;
        const feed = () => {
          const next = queue.splice(0, batch);
          if (next.length === 0) {
            void worker.terminate().then(() => resolve());
            return;
          }
          pending = next.length;
          worker.postMessage(next);
        };
        worker.on('message', (batchResults: MdxResult[]) => {
          for (const r of batchResults) accept(r);
          pending -= batchResults.length;
          if (pending <= 0) feed();
        });
        worker.on('error', reject);
        feed();
      }),
    ),
  );
  return results;
}
