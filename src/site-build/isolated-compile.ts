/**
 * The web editor's previews compiled behind the build's wall (issue 35): a page body a writer types
 * is compiled in a sandboxed child process (`compile-process.ts`, started by `startSandboxed`: under
 * `namespaces` it sees the docs folder of the session's checkout read-only, writes nowhere but its
 * private /tmp and has no network), never in the server's process or on its thread.
 *
 * One process per checkout, kept warm between previews (a second one for the editor's keystroke
 * blocks, `lane`, so a key never waits behind a whole page): starting one and loading the MDX
 * pipeline in it is the better part of a second (more from TypeScript sources), an IPC round trip of a page is
 * about a millisecond. Each process compiles one page at a time under the page time limit
 * (`SandboxLimits.timeMs`); a page that runs over has its process killed and gets a BUILD_PAGE_TIMEOUT
 * error at its first line, and the next preview starts a fresh process. At most `MAX_COMPILERS` are
 * kept (the least recently used goes first), each for `COMPILER_IDLE_MS` after its last page; one
 * that crashed or used half its CPU-seconds limit is not kept. `stopPageCompiler` ends a checkout's (its
 * editor session let go), `stopPageCompilers` all of them (`stopWarmBuilders`, a server closing).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { MdxJob, MdxResult } from '../render/index.js';
import type { BuildCode } from './codes.js';
import type { CompileRequest } from './compile-process.js';
import { DEFAULT_PAGE_TIMEOUT_MS } from './isolated-pool.js';
import { refProcess, startSandboxed, tellingLine, type SandboxLimits, type SandboxSpawn, type SandboxWall, type SandboxedProcess } from './sandbox.js';

export interface PageCompileOptions {
  /** An editor session's checkout: one process is kept per checkout. */
  checkout: string;
  /** The docs root inside `checkout`: the one folder the process reads (snippets are read from it). */
  root: string;
  /** docs.json `variables`. */
  variables: Record<string, string>;
  /** Limits other than `compilerLimits()` (tests: a short page time limit). */
  limits?: Partial<SandboxLimits>;
  /** The wall to use instead of the machine's (`sandboxWall`). */
  wall?: SandboxWall;
  /**
   * `blocks`: the editor's fast path (a keystroke's block, issue 44) compiles in a second process of the
   * checkout, so that it never waits behind a whole-page preview compiling in the first (`page`, the default).
   */
  lane?: 'page' | 'blocks';
}

/** What the `blocks` lane's key adds to its checkout's (no path holds a NUL). */
const BLOCKS_LANE = '\0blocks';
/** The key a checkout's compiler of `lane` is kept under. */
const laneKey = (checkout: string, lane: PageCompileOptions['lane']) => (lane === 'blocks' ? checkout + BLOCKS_LANE : checkout);

/** Page compilers kept warm at once (each ~150 MB resident once it has compiled a page with code blocks). */
export const MAX_COMPILERS = 4;
/** How long a page compiler waits for its checkout's next preview. */
export const COMPILER_IDLE_MS = 10 * 60_000;
/** How long a new process may take to say it is ready (node and Folio loading, namespaces set up). */
const START_LIMIT_MS = 30_000;
/** V8's heap cap of a page compiler, in MB: as a page worker of an untrusted build. */
const HEAP_MB = 1024;

/** The limits of a page compiler: a build's page worker's heap, little to write, the page time limit of builds. */
export function compilerLimits(): SandboxLimits {
  return { dataMb: HEAP_MB + 1024, cpuSeconds: 3600, fileMb: 16, openFiles: 256, processes: 512, timeMs: DEFAULT_PAGE_TIMEOUT_MS };
}

/**
 * How a page compiler is started: the docs root of the checkout read-only (not the rest of the
 * checkout: not its `.git`, whose config may hold the remote's URL), nothing writable (its private
 * /tmp aside). The security test starts its probe with the same, `entry` replaced.
 */
export function compilerSpawn(root: string, limits: SandboxLimits, wall?: SandboxWall): SandboxSpawn {
  return { entry: 'compile-process', read: [root], write: [], limits, heapMb: HEAP_MB, ...(wall ? { wall } : {}) };
}

type Message = { type: 'ready' } | { type: 'result'; result: MdxResult; cpuMs: number } | { type: 'failed'; message: string };

interface Compiler {
  sandbox: SandboxedProcess;
  /** The docs root with its device and inode, and the process's limits, at start: a folder made again is another one. */
  shape: string;
  /** Settles when the process says it is ready; an Error when it ended (or took too long) first. */
  ready: Promise<Error | null>;
  /** The previews waiting for this process, one page at a time. */
  queue: Promise<unknown>;
  busy: number;
  timer: NodeJS.Timeout | null;
}

const compilers = new Map<string, Compiler>();

/** The key of `checkout`'s compiler: its real path, as long as it exists. */
function keyOf(checkout: string): string {
  try {
    return fs.realpathSync(path.resolve(checkout));
  } catch {
    return path.resolve(checkout);
  }
}

/** Kill the page compilers of `checkout` (both lanes), if any run (its editor session let go). */
export function stopPageCompiler(checkout: string): void {
  const key = keyOf(checkout);
  dropCompiler(laneKey(key, 'page'));
  dropCompiler(laneKey(key, 'blocks'));
}

/** Kill the compiler kept under `key` (a checkout's lane), if one runs. */
function dropCompiler(key: string): void {
  const compiler = compilers.get(key);
  if (!compiler) return;
  compilers.delete(key);
  if (compiler.timer) clearTimeout(compiler.timer);
  compiler.sandbox.child.kill('SIGKILL');
}

/** Kill every page compiler (a server closing). */
export function stopPageCompilers(): void {
  for (const key of [...compilers.keys()]) dropCompiler(key);
}

/** Drop `compiler` if it is still the one kept for `key` (a newer one may have replaced it). */
function retire(key: string, compiler: Compiler): void {
  if (compilers.get(key) === compiler) dropCompiler(key);
  else compiler.sandbox.child.kill('SIGKILL');
}

function shapeOf(root: string, limits: SandboxLimits): string {
  const stat = fs.statSync(root);
  // The time limit is the caller's, page by page: not a property of the process.
  return `${root}:${stat.dev}:${stat.ino}|${JSON.stringify({ ...limits, timeMs: 0 })}`;
}

/** Start a page compiler for the checkout `key` reading `root`, and keep it, making room past `MAX_COMPILERS`. */
async function startCompiler(key: string, root: string, shape: string, limits: SandboxLimits, wall?: SandboxWall): Promise<Compiler> {
  const sandbox = await startSandboxed(compilerSpawn(root, limits, wall));
  const { child } = sandbox;
  const ready = new Promise<Error | null>((resolve) => {
    const timer = setTimeout(() => done(new Error(`it did not start within ${START_LIMIT_MS / 1000} s`)), START_LIMIT_MS);
    const onMessage = (message: Message) => message.type === 'ready' && done(null);
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => done(new Error(`${signal ? `signal ${signal}` : `exit code ${code}`}${tellingLine(sandbox.stderrTail()) ? `: ${tellingLine(sandbox.stderrTail())}` : ''}`));
    const onError = (error: Error) => done(error);
    function done(outcome: Error | null) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      child.off('error', onError);
      resolve(outcome);
    }
    child.on('message', onMessage);
    child.on('exit', onExit);
    child.on('error', onError);
  });
  const compiler: Compiler = { sandbox, shape, ready, queue: Promise.resolve(), busy: 0, timer: null };
  // The least recently used idle ones make room (a busy one finishes its page first).
  for (const [other, kept] of compilers) {
    if (compilers.size < MAX_COMPILERS) break;
    if (kept.busy === 0) dropCompiler(other);
  }
  compilers.set(key, compiler);
  // One that dies while idle (killed, out of memory) is forgotten.
  child.once('exit', () => {
    if (compilers.get(key) === compiler) dropCompiler(key);
  });
  return compiler;
}

/** The checkout's key and the docs root's real path (what the process sees), which must be inside the checkout. */
function placeOf(checkout: string, root: string): { key: string; root: string } {
  const key = fs.realpathSync(path.resolve(checkout));
  const real = fs.realpathSync(path.resolve(root));
  if (real !== key && !real.startsWith(key + path.sep)) throw new Error(`the docs root ${root} is not inside the checkout ${checkout}`);
  return { key, root: real };
}

/** Compilers being started, by checkout: a preview asked for meanwhile waits for the same one. */
const starting = new Map<string, Promise<Compiler>>();

/** The page compiler of the checkout `key` for `root` and `limits`: the one kept, the one starting, or a new one. */
async function compilerFor(key: string, root: string, limits: SandboxLimits, wall?: SandboxWall): Promise<Compiler> {
  const shape = shapeOf(root, limits);
  const pending = starting.get(key);
  if (pending) await pending.catch(() => undefined);
  const compiler = compilers.get(key);
  if (compiler && compiler.shape === shape) {
    // Most recently used last: the first to go when room is needed is the longest unused.
    compilers.delete(key);
    compilers.set(key, compiler);
    return compiler;
  }
  if (compiler) dropCompiler(key);
  const started = startCompiler(key, root, shape, limits, wall);
  starting.set(key, started);
  try {
    return await started;
  } finally {
    if (starting.get(key) === started) starting.delete(key);
  }
}

/**
 * Start the page compilers of `checkout` (each lane of `lanes`, one after the other) ahead of its first
 * preview (an editor session opening), so that starting them overlaps the checkout and the site's
 * loading. Never fails: a compiler that cannot start says so at the first preview.
 */
export function warmPageCompiler(checkout: string, root: string, lanes: readonly NonNullable<PageCompileOptions['lane']>[] = ['page']): void {
  let place: { key: string; root: string };
  try {
    place = placeOf(checkout, root);
  } catch {
    return;
  }
  // One after the other: the second process does not compete with the first's start.
  void (async () => {
    for (const lane of lanes) await warmLane(laneKey(place.key, lane), place.root);
  })();
}

/** Start the compiler kept under `key` if none runs or starts; settles once it is up (or failed). */
function warmLane(key: string, root: string): Promise<unknown> {
  if (compilers.has(key) || starting.has(key)) return Promise.resolve();
  return compilerFor(key, root, compilerLimits()).then((compiler) => {
    // Idle until its first preview: no hold on the server's event loop, the idle timer running.
    if (compiler.busy > 0 || compiler.timer || compilers.get(key) !== compiler) return;
    refProcess(compiler.sandbox, false);
    compiler.timer = setTimeout(() => retire(key, compiler), COMPILER_IDLE_MS);
    compiler.timer.unref();
  }, () => undefined);
}

/**
 * Compile one page body (`runMdxJob`'s job, untrusted) in the sandboxed page compiler of
 * `options.checkout`. Always a result: a page stopped by the time limit, or whose process failed,
 * gets an error at its first line (BUILD_PAGE_TIMEOUT, BUILD_PAGE_CRASHED) and an HTML note.
 */
export async function compilePageIsolated(job: MdxJob, options: PageCompileOptions): Promise<MdxResult> {
  const place = placeOf(options.checkout, options.root);
  const { root } = place;
  const key = laneKey(place.key, options.lane);
  const limits = { ...compilerLimits(), ...options.limits };
  const kept = await compilerFor(key, root, limits, options.wall);
  kept.busy++;
  if (kept.timer) clearTimeout(kept.timer);
  kept.timer = null;
  refProcess(kept.sandbox, true);
  const request: CompileRequest = { type: 'compile', job, root, variables: options.variables };
  const outcome = kept.queue.then(() => compileIn(key, kept, request, limits));
  kept.queue = outcome.catch(() => undefined);
  const answer = await outcome;
  if (--kept.busy === 0) {
    if (compilers.get(key) === kept) {
      refProcess(kept.sandbox, false);
      kept.timer = setTimeout(() => retire(key, kept), COMPILER_IDLE_MS);
      kept.timer.unref();
    } else {
      // Let go meanwhile (stopped, or replaced by one with other limits): not kept.
      kept.sandbox.child.kill('SIGKILL');
    }
  }
  if (answer.kind === 'fallback') return compilePageIsolated(job, { ...options, wall: { kind: 'process', reason: `namespaces could not be set up: ${answer.detail}` } });
  if (answer.kind === 'again') return compilePageIsolated(job, options);
  return answer.kind === 'result' ? answer.result : stoppedPreview(job, answer.code, answer.message);
}

/** A page's outcome: compiled, stopped, to compile again as a plain child process, or again in a fresh process (this one was let go while the page waited). */
type Answer = { kind: 'result'; result: MdxResult } | { kind: 'stopped'; code: BuildCode; message: string } | { kind: 'fallback'; detail: string } | { kind: 'again' };

/** Send one page to `compiler` and wait for its result, its process's end, or the time limit. */
async function compileIn(key: string, compiler: Compiler, request: CompileRequest, limits: SandboxLimits): Promise<Answer> {
  const { sandbox } = compiler;
  const startError = await compiler.ready;
  if (startError) {
    retire(key, compiler);
    // As a build does (`isolated-build.ts`): namespaces the machine's trial allowed but this checkout could not get.
    if (sandbox.wall.kind === 'namespaces' && process.env.FOLIO_SANDBOX !== 'namespaces') return { kind: 'fallback', detail: startError.message };
    return { kind: 'stopped', code: 'BUILD_PAGE_CRASHED', message: `The preview's sandboxed process could not start (${startError.message}); nothing was compiled.` };
  }
  // Stopped while this page waited its turn (the page before it ran over its time limit).
  if (compilers.get(key) !== compiler) return { kind: 'again' };
  const { child } = sandbox;
  return new Promise<Answer>((resolve) => {
    const finish = (answer: Answer, keep: boolean) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (!keep) retire(key, compiler);
      resolve(answer);
    };
    const timer = setTimeout(() => {
      finish({ kind: 'stopped', code: 'BUILD_PAGE_TIMEOUT', message: `Rendering this page took longer than ${limits.timeMs / 1000} s and was stopped; the preview shows its last good version. Look for a very long line or deeply nested Markdown (emphasis, lists, brackets) and split it up.` }, false);
    }, limits.timeMs);
    const onMessage = (message: Message) => {
      if (message.type === 'result') finish({ kind: 'result', result: message.result }, message.cpuMs < (limits.cpuSeconds * 1000) / 2);
      else if (message.type === 'failed') finish({ kind: 'stopped', code: 'BUILD_PAGE_CRASHED', message: `Rendering this page failed: ${message.message}` }, true);
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      const detail = tellingLine(sandbox.stderrTail());
      const why = /heap limit|out of memory|allocation failed/i.test(detail) ? `out of memory: limit ${HEAP_MB} MB` : `${signal ? `signal ${signal}` : `exit code ${code}`}${detail ? `: ${detail}` : ''}`;
      finish({ kind: 'stopped', code: 'BUILD_PAGE_CRASHED', message: `Rendering this page stopped its sandboxed process (${why}); the preview shows its last good version. Look for a very long line or deeply nested Markdown near the top of the page.` }, false);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
    if (child.connected) child.send(request);
    else if (child.exitCode !== null || child.signalCode !== null) onExit(child.exitCode, child.signalCode);
  });
}

/** The result of a page that was stopped or whose process failed: a visible note and an error at its first line. */
function stoppedPreview(job: MdxJob, code: BuildCode, message: string): MdxResult {
  const note = code === 'BUILD_PAGE_TIMEOUT' ? 'This page took too long to render and was stopped.' : 'This page could not be rendered.';
  return {
    id: job.id,
    html: `<div class="folio-mdx-error" role="alert"><pre>${note}</pre></div>`,
    headings: [],
    diagnostics: [{ file: job.file, line: job.lineOffset + 1, column: 1, severity: 'error', code, path: '', message }],
    features: [],
    renderer: 'none',
  };
}
