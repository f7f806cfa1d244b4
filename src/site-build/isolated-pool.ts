/**
 * MDX compilation for untrusted builds: every page is compiled in a worker thread that has an
 * empty environment (no secret of the server's `process.env` reachable, whatever a page does)
 * and a heap cap, one page at a time under a time limit. A page that runs over (a pathological
 * line, catastrophic nesting) has its worker terminated and gets a BUILD_PAGE_TIMEOUT error at
 * its first line; the other pages go on in a fresh worker. In `folio serve` these workers are
 * threads of the build's sandboxed process (`sandbox.ts`), not of the server.
 */
import type { Worker } from 'node:worker_threads';
import type { MdxJob, MdxResult } from '../render/index.js';
import { startModuleWorker } from '../shared/index.js';

export interface IsolatedPoolOptions {
  root: string;
  variables: Record<string, string>;
  threads: number;
  /** Per-page limit in milliseconds (default 10 s). */
  pageTimeoutMs?: number;
  /** Old-generation heap limit of each worker in MB (default 1024). */
  heapMb?: number;
}

export const DEFAULT_PAGE_TIMEOUT_MS = 10_000;

/**
 * A worker running `<name>.js` next to this module with `workerData`, an environment holding only
 * NODE_ENV (nothing of the server's: no secrets, whatever runs there) and a heap cap.
 */
export function startSandboxWorker(name: string, workerData: unknown, heapMb: number): Worker {
  const options = {
    workerData,
    env: { NODE_ENV: process.env.NODE_ENV ?? 'production', ...tsconfigEnv() },
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
    stdout: true,
    stderr: true,
  };
  return startModuleWorker(import.meta.url, name, options);
}

/** From TypeScript sources in a build's sandbox (run from another folder), where tsx finds Folio's tsconfig (`sandbox.ts`). */
function tsconfigEnv(): Record<string, string> {
  const tsconfig = process.env.TSX_TSCONFIG_PATH;
  return import.meta.url.endsWith('.ts') && tsconfig ? { TSX_TSCONFIG_PATH: tsconfig } : {};
}

function startIsolatedWorker(root: string, variables: Record<string, string>, heapMb: number): Worker {
  return startSandboxWorker('isolated-worker', { root, variables }, heapMb);
}

/** A worker that has said it is ready, and the way to give it one page. */
class Lane {
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  private waiting: ((outcome: MdxResult | Error) => void) | null = null;

  constructor(private readonly options: Required<Pick<IsolatedPoolOptions, 'root' | 'variables' | 'heapMb'>>) {}

  private start(): Promise<void> {
    const worker = startIsolatedWorker(this.options.root, this.options.variables, this.options.heapMb);
    this.worker = worker;
    // Output of repository code (there should be none) does not reach the server's log.
    worker.stdout.resume();
    worker.stderr.resume();
    return new Promise<void>((resolve, reject) => {
      worker.on('message', (message: 'ready' | MdxResult) => {
        if (message === 'ready') return resolve();
        const settle = this.waiting;
        this.waiting = null;
        settle?.(message);
      });
      const fail = (error: Error) => {
        reject(error);
        const settle = this.waiting;
        this.waiting = null;
        settle?.(error);
        if (this.worker === worker) this.reset();
      };
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`the worker stopped (exit code ${code})`)));
    });
  }

  private reset(): void {
    const worker = this.worker;
    this.worker = null;
    this.ready = null;
    if (worker) void worker.terminate();
  }

  /** Compile one page; an Error when the time ran out or the worker died (it is replaced on the next call). */
  async compile(job: MdxJob, timeoutMs: number): Promise<MdxResult | Error> {
    this.ready ??= this.start();
    try {
      await this.ready;
    } catch (error) {
      this.reset();
      return error instanceof Error ? error : new Error(String(error));
    }
    const worker = this.worker!;
    return new Promise<MdxResult | Error>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        this.reset();
        resolve(new TimeoutError(timeoutMs));
      }, timeoutMs);
      this.waiting = (outcome) => {
        clearTimeout(timer);
        resolve(outcome);
      };
      worker.postMessage(job);
    });
  }

  close(): Promise<unknown> {
    const worker = this.worker;
    this.worker = null;
    this.ready = null;
    return worker ? worker.terminate() : Promise.resolve();
  }
}

class TimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`took longer than ${ms / 1000} s`);
  }
}

/** The result that stands for a page that was stopped or crashed its worker: a visible note and a located error. */
function stoppedPage(job: MdxJob, error: Error, options: IsolatedPoolOptions): MdxResult {
  const timeout = error instanceof TimeoutError;
  const message = timeout
    ? `Rendering this page took longer than ${error.ms / 1000} s and was stopped; the rest of the site was built. Look for a very long line or deeply nested Markdown (emphasis, lists, brackets) and split it up; raise the limit with --page-timeout if the page is just large.`
    : `Rendering this page stopped its sandbox (${error.message}${/memory/i.test(error.message) ? `, limit ${options.heapMb ?? 1024} MB` : ''}); the rest of the site was built. Look for a very long line or deeply nested Markdown near the top of the page.`;
  return {
    id: job.id,
    html: `<div class="folio-mdx-error" role="alert"><pre>${timeout ? 'This page took too long to render and was stopped.' : 'This page could not be rendered.'}</pre></div>`,
    headings: [],
    diagnostics: [{ file: job.file, line: job.lineOffset + 1, column: 1, severity: 'error', code: timeout ? 'BUILD_PAGE_TIMEOUT' : 'BUILD_PAGE_CRASHED', path: '', message }],
    features: [],
    renderer: 'none',
  };
}

/**
 * Page workers kept between builds, for a warm build process (`keepPageWorkers`): the
 * lanes of the last build and what they were started with (their root and variables are fixed at start).
 */
let kept: { key: string; lanes: Lane[] } | null = null;
let keeping = false;

/**
 * Keep this thread's page workers alive after each build, for the next build of the same site: a
 * one-page update then compiles in a worker that has Folio loaded (starting one took ~1-3 s of a
 * one-page update on this 2-core machine). Called only by a warm build process (`build-process.ts`),
 * which builds one site only, so the pages a kept worker compiles next are that site's again.
 */
export function keepPageWorkers(): void {
  keeping = true;
}

/** Compile every job in isolated workers, `threads` at a time, handing each result to `accept` as it arrives (the next waits for it). */
export async function compileIsolated(jobs: MdxJob[], options: IsolatedPoolOptions, accept: (result: MdxResult) => void | Promise<void>): Promise<void> {
  const timeoutMs = options.pageTimeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS;
  const queue = [...jobs];
  const count = Math.max(1, Math.min(options.threads, jobs.length));
  const settings = { root: options.root, variables: options.variables, heapMb: options.heapMb ?? 1024 };
  const key = JSON.stringify(settings);
  let lanes: Lane[];
  if (keeping) {
    if (kept && kept.key !== key) await Promise.all(kept.lanes.splice(0).map((lane) => lane.close()));
    if (!kept || kept.key !== key) kept = { key, lanes: [] };
    while (kept.lanes.length < count) kept.lanes.push(new Lane(settings));
    lanes = kept.lanes.slice(0, count);
  } else {
    lanes = Array.from({ length: count }, () => new Lane(settings));
  }
  try {
    await Promise.all(
      lanes.map(async (lane) => {
        for (let job = queue.shift(); job; job = queue.shift()) {
          const outcome = await lane.compile(job, timeoutMs);
          // Awaited: the caller's backpressure holds the next page back.
          await accept(outcome instanceof Error ? stoppedPage(job, outcome, options) : outcome);
        }
      }),
    );
  } finally {
    if (!keeping) await Promise.all(lanes.map((lane) => lane.close()));
  }
}
