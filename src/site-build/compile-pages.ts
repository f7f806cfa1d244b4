/**
 * Compiles the MDX bodies a build needs, in the calling thread or on worker threads. Each worker
 * loads the MDX pipeline and its Shiki highlighter once and is fed small batches, so a slow page
 * does not leave a core idle. Below `inProcessBelow` pages the worker start-up (~0.5 s each,
 * loading Shiki) costs more than it saves, so small sites and rebuilds compile in-process.
 */
import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { runMdxJob, type MdxJob, type MdxResult } from '../render/index.js';
import type { BuildCache, CachedBody } from './build-cache.js';
import { compileIsolated } from './isolated-pool.js';
import { buildProblem } from './codes.js';
import type { CpuSplit } from './cpu-split.js';
import { rereadBody, type PlannedPage } from './page-plan.js';
import { startModuleWorker, type Diagnostic } from '../shared/index.js';

export interface PoolOptions {
  root: string;
  variables: Record<string, string>;
  threads?: number;
  inProcessBelow?: number;
  /** Render as untrusted (no repository code runs; `renderMdx`'s `untrusted`): always in isolated workers (`isolated-pool.ts`). */
  untrusted?: boolean;
  /** Untrusted builds: the time limit of one page in milliseconds. */
  pageTimeoutMs?: number;
  /** Called with each result as it arrives; the next job waits while the returned promise is pending (backpressure). */
  onResult?: (result: MdxResult) => void | Promise<void>;
  /** Keep every result to return (default true); a build hands each on and keeps none. */
  keepResults?: boolean;
  /** Called on each job just before it is compiled (in-process) or sent to a worker: a build fills in page texts it let go of after planning. */
  prepare?: (job: MdxJob) => MdxJob;
}

/** The compile worker (`mdx-worker.ts`) beside this module. */
function startWorker(root: string, variables: Record<string, string>, untrusted = false): Worker {
  return startModuleWorker(import.meta.url, 'mdx-worker', { workerData: { root, variables, untrusted } });
}

/** Compile every job; results arrive through `onResult` as they finish and are returned in job order. */
export async function compileAll(jobs: MdxJob[], options: PoolOptions): Promise<MdxResult[]> {
  const { root, variables, inProcessBelow = 48, keepResults = true, prepare = (job: MdxJob) => job } = options;
  const results: MdxResult[] = new Array(keepResults ? jobs.length : 0);
  const indexById = new Map(keepResults ? jobs.map((j, i) => [j.id, i]) : []);
  const accept = (r: MdxResult): void | Promise<void> => {
    if (keepResults) results[indexById.get(r.id)!] = r;
    return options.onResult?.(r);
  };
  const wanted = Number.isInteger(options.threads) && options.threads! > 0 ? options.threads! : os.availableParallelism();
  if (options.untrusted) {
    await compileIsolated(jobs.map(prepare), { root, variables, threads: wanted, pageTimeoutMs: options.pageTimeoutMs }, accept);
    return results;
  }
  const threads = Math.max(1, Math.min(wanted, Math.ceil(jobs.length / 16)));
  const queue = [...jobs];
  if (jobs.length < inProcessBelow || threads === 1) {
    // Jobs leave the queue as they run, so their page text can be freed.
    for (let job = queue.shift(); job; job = queue.shift()) await accept(await runMdxJob(prepare(job), root, variables, { untrusted: options.untrusted }));
    return results;
  }
  const batch = 8;
  await Promise.all(
    Array.from({ length: threads }, () =>
      new Promise<void>((resolve, reject) => {
        const worker = startWorker(root, variables, options.untrusted);
        let pending = 0;
        const feed = () => {
          const next = queue.splice(0, batch).map(prepare);
          if (next.length === 0) {
            void worker.terminate().then(() => resolve());
            return;
          }
          pending = next.length;
          worker.postMessage(next);
        };
        worker.on('message', (batchResults: MdxResult[]) => {
          void (async () => {
            for (const r of batchResults) await accept(r);
            pending -= batchResults.length;
            if (pending <= 0) feed();
          })().catch(reject);
        });
        worker.on('error', reject);
        feed();
      }),
    ),
  );
  return results;
}

/**
 * MDX threads when the caller does not say. Measured on 2 cores (1,000 and 3,000 generated pages):
 * compiling in the main thread took 4.3-4.7 s of CPU for 1,000 pages against 6.4-6.6 s with two
 * workers (each worker loads the pipeline, warms its JIT and Shiki's grammars again), and was as
 * fast or faster in wall time; it also leaves the second core to Pagefind, which indexes while
 * pages render. Workers pay off only with cores to spare: all but one (kept for Pagefind).
 */
export function defaultThreads(search: boolean): number {
  const cores = os.availableParallelism();
  return cores >= 4 ? cores - (search ? 1 : 0) : 1;
}

export interface CompilePagesOptions {
  root: string;
  variables: Record<string, string>;
  threads: number;
  untrusted?: boolean;
  pageTimeoutMs?: number;
  /** Each compiled body is put here under the page's body key. */
  cache: BuildCache;
  /** Called with each page the moment its body is set; compiling waits while the returned promise is pending. */
  onCompiled: (page: PlannedPage) => void | Promise<void>;
  /** Adds each body's compile stages (as its thread timed them) and the cache's share here. */
  split?: CpuSplit;
}

/**
 * What the cache keeps of a compiled body: all but its Markdown. The Markdown is written once, to
 * the page's `.md` (which later builds read for the llms files); kept in the body it was 42 % of
 * the cache at 3,000 pages (72 MB against 42 MB), was serialised with every body and pushed the
 * cache past its memory bound, so bodies spilled to disk and were read back. A later build that
 * must write a page's `.md` again without compiling it (same body, new title or endpoint
 * reference) compiles that page again: `decideWork` in `page-plan.ts`.
 */
export function cachedBodyOf(body: CachedBody): CachedBody {
  if (body.markdown === undefined && body.markdownMs === undefined) return body;
  const { markdown: _markdown, markdownMs: _markdownMs, ...rest } = body;
  return rest;
}

/** Compile the body of every page (each has a `job`), caching it (without its Markdown) and handing the page on. */
export async function compilePages(pages: PlannedPage[], { root, variables, threads, untrusted, pageTimeoutMs, cache, onCompiled, split }: CompilePagesOptions): Promise<void> {
  const byJob = new Map(pages.map((p) => [p.job!.id, p]));
  const jobs = pages.map((p) => p.job!);
  // Pages whose file is not what was planned (edited mid-build, or gone): compiled, not cached.
  const uncached = new Map<number, Diagnostic[]>();
  const prepare = (job: MdxJob): MdxJob => {
    const reread = byJob.get(job.id)?.reread;
    if (!reread || job.source !== '') return job;
    const read = rereadBody(root, reread);
    if (!read) {
      uncached.set(job.id, [buildProblem('BUILD_PAGE_UNREADABLE', `The page ${reread.file} could not be read again to compile it (deleted or moved during the build); build again.`, reread.file, 'error')]);
      return job;
    }
    if (read.changed) uncached.set(job.id, []);
    return { ...job, source: read.body };
  };
  // The page keeps no job: its text is freed once compiled.
  for (const p of pages) p.job = undefined;
  await compileAll(
    jobs.splice(0),
    {
      root,
      variables,
      threads,
      untrusted,
      pageTimeoutMs,
      keepResults: false,
      prepare,
      onResult: (r) => {
        const p = byJob.get(r.id)!;
        byJob.delete(r.id);
        const { id: _id, timings, ...body } = r;
        split?.addCompiled(timings);
        const started = performance.now();
        p.body = body;
        const problems = uncached.get(r.id);
        uncached.delete(r.id);
        // The cache keeps the body serialised (spilling to disk past a bound; `BuildCache.save`
        // folds it into its shard at the end of the build); compiling waits only when the disk is
        // two spills behind.
        let disk: Promise<void> | undefined;
        if (problems) {
          body.diagnostics.push(...problems);
          // Not this body's keys: the next build renders the page again whatever its file holds then.
          p.pageKey = p.markdownKey = '';
        } else disk = cache.putBody(p.bodyKey, cachedBodyOf(body));
        split?.add('compileOther', performance.now() - started);
        const written = onCompiled(p);
        return disk ? Promise.all([written, disk]).then(() => undefined) : written;
      },
    },
  );
}
