import fs from 'node:fs';
import path from 'node:path';
import {
  appendUpdateLogs,
  createUpdate,
  finishUpdate,
  getPreviewByBranch,
  getPreviewBySlug,
  savePreview,
  setUpdateCommit,
  startUpdate,
  type Database,
  type UpdateRow,
  type UpdateSource,
  type ProjectRow,
} from '../../db/index.js';
import { maskUrlCredentials, type GitCredentials } from '../../git/index.js';
import { formatDiagnostic, hasErrors, removeTree, type Diagnostic } from '../../shared/index.js';
import { HostingError } from '../codes.js';
import { fetchSource } from './fetch-source.js';
import { previewSlug } from '../previews/slug.js';
import { removePreview } from '../previews/sweep.js';
import { siteStoreOf, type SiteStore } from '../storage/site-store.js';
import { openWorkspace, type SeedSettings, type SiteWorkspace } from './workspace.js';

/** What one update builds: a branch, published as the production site or as a preview. */
interface UpdateTarget {
  branch: string;
  /** The preview's slug; null for the production site. */
  preview: string | null;
}

/** The build layer's entry point (src/site-build), injected so tests and `folio start` share one path. */
export type BuildSite = (options: {
  root: string;
  outDir: string;
  /** The checkout around `root`, which the build may read (its git history); `root` when omitted. */
  checkout?: string;
  log?: (line: string) => void;
  /** The project's base path (`/docs`). */
  basePath?: string;
  /** A protected project: which pages sign-in guards (see `BuildOptions.protect`). */
  protect?: 'site' | 'hidden';
  /** Pages end with the feedback widget, linking edits and issues to the project's repository. */
  feedback?: { repository?: { url: string; branch: string; dir?: string } };
  /** Each page's render time limit (`folio serve --page-timeout`); the build's default when omitted. */
  pageTimeoutMs?: number;
  /** Reuse the build cache in `<outDir>/.folio-cache` (a site workspace's output); off when omitted. */
  cache?: boolean;
  /** Keep the sandboxed build process for this site's next update (`buildSiteIsolated`'s `warmKey`). */
  warmKey?: string;
  /** The build's name (the update's id), and the docs-root files changed since build `since` (`buildSiteIsolated`'s). */
  buildId?: string;
  edits?: { since: string; files: string[] };
}) => Promise<{ ok: boolean; pages: number; diagnostics: Diagnostic[]; durationMs: number; stats?: BuildSiteStats }>;

/** What an update prints of its build: pages compiled and kept, and the build's phases (`BuildStats`). */
export interface BuildSiteStats {
  compiled: number;
  skipped: number;
  phases?: { planMs: number; compileMs: number; writeMs: number };
  /** How the search index was updated (`delta`, `keep`, ...) and its wall after the pages. */
  searchMode?: string;
  searchMs?: number;
  linksMs?: number;
  llms?: { ms: number; cpuMs: number };
  retrieval?: { pages: number; cut: number; ms: number; cpuMs: number };
  /** CPU milliseconds per phase of the build (`BuildSplit`). */
  split?: Record<string, number>;
  /** CPU milliseconds of the build process (threads included) and of its ended children (Pagefind). */
  cpu?: { process: number; children: number };
  /** The sandboxed process: kept warm from the last update, or started (and how long until Folio had loaded). */
  sandbox?: { warm: boolean; startMs: number };
  /** What the build wrote or removed in its output (`BuildStats.changed`): what the publish looks at. */
  changed?: string[];
}

export interface UpdateRunnerOptions {
  db: Database;
  dataDir: string;
  /** Where builds are published; the local store of `dataDir` when omitted. */
  store?: SiteStore;
  /** Defaults to `buildSite` from src/site-build. */
  buildSite?: BuildSite;
  /** Server log (one line per update outcome). */
  log?: (line: string) => void;
  /** Each page's render time limit in the builds (`folio serve --page-timeout`); the build's default (10 s) when omitted. */
  pageTimeoutMs?: number;
  /** The token to clone a repository with (FOLIO_GITHUB_TOKEN for GitHub ones), or null: git uses what the machine has. */
  credentialsFor?: (repoUrl: string) => GitCredentials | null;
}

const loadBuildSite: BuildSite = async (options) => {
  const build = await import('../../site-build/index.js');
  // No build cache inside a published tree, and one MDX thread so the API stays responsive during a build.
  // Hosted repositories are not trusted: none of their code runs, and the whole build runs in a
  // sandboxed process, so this thread keeps answering HTTP (docs/trust-model.mdx).
  return build.buildSiteIsolated({ ...options, cache: options.cache ?? false, threads: 1 });
};

/**
 * Runs documentation updates in the background: fetch → build into a fresh
 * directory → publish by swapping a link. Updates of one project run one after
 * another; a failure at any step leaves the published site as it was.
 */
export class UpdateRunner {
  private readonly chains = new Map<string, Promise<void>>();
  private readonly running = new Map<string, Promise<void>>();
  /** When each update was queued (`performance.now()`), for its log's phases line. */
  private readonly queuedAt = new Map<string, number>();
  private readonly buildSite: BuildSite;
  readonly store: SiteStore;

  constructor(private readonly options: UpdateRunnerOptions) {
    this.buildSite = options.buildSite ?? loadBuildSite;
    this.store = options.store ?? siteStoreOf(options.dataDir);
  }

  /** A line for the server log: URL credentials masked (those of `project`'s repository URL wherever they appear), as in the update's own log. */
  private serverLog(line: string, project?: ProjectRow): void {
    this.options.log?.(maskUrlCredentials(line, project ? [project.repoUrl] : []));
  }

  /** Queue an update and start it in the background; returns the queued row. */
  async trigger(project: ProjectRow, source: UpdateSource = 'api'): Promise<UpdateRow> {
    const received = performance.now();
    const row = await createUpdate(this.options.db, project.id, source);
    void this.schedule(project, row.id, undefined, received);
    return row;
  }

  /**
   * Queue a build of `branch` as a preview (created on first use, rebuilt on each call) and start
   * it in the background, through the same fetch → build → publish steps as an update.
   */
  async triggerPreview(project: ProjectRow, branch: string, source: UpdateSource = 'api'): Promise<{ update: UpdateRow; slug: string }> {
    const { db } = this.options;
    const received = performance.now();
    const existing = await getPreviewByBranch(db, project.id, branch);
    let slug = existing?.slug ?? previewSlug(branch, project.id);
    if (!existing) {
      const holder = await getPreviewBySlug(db, project.id, slug);
      if (holder && holder.branch !== branch) slug = previewSlug(branch, project.id, true);
    }
    const update = await createUpdate(db, project.id, source, slug);
    await savePreview(db, project.id, branch, slug, update.id);
    void this.schedule(project, update.id, { branch, preview: slug }, received);
    return { update, slug };
  }

  /** Delete the preview of `branch`: its row and its published builds. False when the project has none. */
  async deletePreview(project: ProjectRow, branch: string): Promise<boolean> {
    const preview = await getPreviewByBranch(this.options.db, project.id, branch);
    if (!preview) return false;
    const removed = await removePreview(this.options.db, this.store, project.id, preview.slug);
    // Its kept checkout and build output go too, unless a build of it is using them right now.
    const workspace = openWorkspace(this.options.dataDir, { projectId: project.id, preview: preview.slug });
    if (workspace) await fs.promises.rm(workspace.dir, { recursive: true, force: true });
    return removed;
  }

  /** Queue an update and wait for it to end (used by `folio start`). */
  async runNow(project: ProjectRow, source: UpdateSource = 'internal'): Promise<UpdateRow> {
    const received = performance.now();
    const row = await createUpdate(this.options.db, project.id, source);
    await this.schedule(project, row.id, undefined, received);
    return row;
  }

  /** Resolves once the update has ended (at once for one this runner is not running). */
  settled(updateId: string): Promise<void> {
    return this.running.get(updateId) ?? Promise.resolve();
  }

  /** Stop the build processes kept warm for the next updates (a server closing). */
  async close(): Promise<void> {
    if (this.options.buildSite) return;
    const build = await import('../../site-build/index.js');
    await build.stopWarmBuilders();
  }

  /** Resolves once every update started so far has ended. */
  async idle(): Promise<void> {
    while (this.chains.size > 0) await Promise.all([...this.chains.values()]);
  }

  /** `received`: when the trigger came in (before its row was written), so the update's `queued` and `to live` count from there. */
  private schedule(project: ProjectRow, updateId: string, target: UpdateTarget = { branch: project.branch, preview: null }, received = performance.now()): Promise<void> {
    this.queuedAt.set(updateId, received);
    const before = this.chains.get(project.id) ?? Promise.resolve();
    const next = before
      .then(() => this.run(project, updateId, target))
      // run() records every failure of the update itself; what reaches here is the database failing
      // while recording. Logged, and the chain goes on so the project's next update still runs.
      .catch((error: unknown) => this.serverLog(`update ${updateId} of ${project.id}: UPDATE_INTERNAL: ${error instanceof Error ? error.message : String(error)}`, project));
    this.chains.set(project.id, next);
    this.running.set(updateId, next);
    void next.then(() => {
      this.running.delete(updateId);
      if (this.chains.get(project.id) === next) this.chains.delete(project.id);
    });
    return next;
  }

  private async run(project: ProjectRow, updateId: string, target: UpdateTarget): Promise<void> {
    const { db, dataDir } = this.options;
    const runStart = performance.now();
    const received = this.queuedAt.get(updateId) ?? runStart;
    const queuedMs = runStart - received;
    this.queuedAt.delete(updateId);
    if (!(await startUpdate(db, updateId))) return;
    let pending: string[] = [];
    let flushing = Promise.resolve();
    const flush = () => {
      const lines = pending;
      pending = [];
      // A failed append must not fail the update, but it must not vanish either (it hid a broken query once).
      flushing = flushing
        .then(() => appendUpdateLogs(db, updateId, lines))
        .catch((error: unknown) => this.serverLog(`update ${updateId}: UPDATE_INTERNAL: could not store ${lines.length} log line(s): ${error instanceof Error ? error.message : String(error)}`, project));
      return flushing;
    };
    // Batch log lines: a build prints hundreds and each append is a write.
    const timer = setInterval(() => void flush(), 250);
    // The update's log and summary are read through the API and the dashboard: a credential in a URL
    // (a spec's, a link's, git's words about the repository) is masked in every line.
    // The project's own repository URL is masked part by part too: git quotes it in pieces when it is odd.
    const mask = (text: string) => maskUrlCredentials(text, [project.repoUrl]);
    const log = (line: string) => {
      pending.push(mask(line));
    };
    // The commit's row update, stored while the build runs: an update's end is written after it.
    let recorded: Promise<void> = Promise.resolve();
    const finish = async (status: 'success' | 'failure', text: string) => {
      await recorded.catch(() => undefined);
      clearInterval(timer);
      const summary = mask(text);
      log(summary);
      await flush();
      await finishUpdate(db, updateId, { status, summary });
      this.serverLog(`update ${updateId} of ${project.id}: ${status}: ${summary}`, project);
    };

    const { store } = this;
    const site = { projectId: project.id, preview: target.preview };
    const storeDir = store.buildDir(site, updateId);
    if (!storeDir) return finish('failure', `UPDATE_BAD_SOURCE: project id ${project.id}${target.preview ? ` or preview ${target.preview}` : ''} cannot name a folder.`);
    // The site's workspace: its kept checkout is fetched into and its last good output (with the build
    // cache) is built on, so a one-page push compiles and publishes one page. Null when another server
    // on this data folder holds it: this update then clones and builds from scratch in folders of its own.
    let workspace: SiteWorkspace | null = null;
    try {
      workspace = openWorkspace(dataDir, site);
    } catch (error) {
      // The data folder refused it (permissions, a full disk): this update builds from scratch, as before workspaces.
      log(`The site's workspace could not be opened (${internalMessage(error, dataDir)}); building from scratch`);
    }
    const outDir = workspace?.out ?? storeDir;
    // The workspace's output is thrown away once a build has started in it (a fetch that fails leaves the seed as it was).
    let building = false;
    const discard = async () => (workspace ? building && workspace.discardOutput() : store.discard(outDir));
    const protect = project.siteAccess === 'public' ? undefined : project.siteAccessScope === 'hidden' ? 'hidden' : 'site';
    const settings: SeedSettings = { repoUrl: project.repoUrl, branch: target.branch, docsDir: project.docsDir, basePath: project.basePath ?? '', protect: protect ?? 'public' };
    let cleanup: () => Promise<void> = async () => {};
    // The published build the workspace's output is (its seed), while a build on it changes it in place.
    let seedOf: string | null = null;
    try {
      const fetchStart = performance.now();
      const fetchCpu = serverCpuMs();
      const source = await fetchSource({
        repoUrl: project.repoUrl,
        branch: target.branch,
        docsDir: project.docsDir,
        workRoot: path.join(path.resolve(dataDir), 'work'),
        credentials: this.options.credentialsFor?.(project.repoUrl) ?? undefined,
        log,
        workspace: workspace ?? undefined,
      });
      cleanup = source.cleanup;
      const fetchEnd = performance.now();
      const fetchMs = fetchEnd - fetchStart;
      const fetchCpuMs = serverCpuMs() - fetchCpu;
      // Stored while the build runs (it was a database round trip before it: 9 ms of a one-page update at load 6.5),
      // and waited for once the build ends, so a failure to store it still fails the update as it did.
      recorded = source.commit ? setUpdateCommit(db, updateId, source.commit) : Promise.resolve();
      // Awaited below; a build that throws first must not leave this rejection unhandled.
      recorded.catch(() => undefined);
      if (workspace) {
        seedOf = workspace.seedOf(settings);
        const seeded = seedOf !== null;
        building = true;
        await workspace.startBuild(seeded);
        log(seeded ? 'Building on the output and cache of the last successful update' : 'Building from scratch (no earlier successful build of these settings)');
      } else {
        // In a child process, as every removal here: the event loop keeps answering HTTP.
        await removeTree(outDir);
      }
      fs.mkdirSync(path.dirname(outDir), { recursive: true });
      log(`Building ${project.docsDir === '.' ? 'the repository root' : project.docsDir}`);
      const buildStart = performance.now();
      const result = await this.buildSite({ root: source.root, checkout: source.checkout, outDir, log, basePath: project.basePath, protect, pageTimeoutMs: this.options.pageTimeoutMs, feedback: { repository: { url: project.repoUrl, branch: project.branch, dir: project.docsDir } }, cache: workspace !== null, warmKey: workspace ? `${project.id}/${target.preview ?? '_'}` : undefined, buildId: updateId, edits: seedOf !== null && source.changed ? { since: seedOf, files: source.changed } : undefined });
      const buildMs = performance.now() - buildStart;
      await recorded;
      for (const d of result.diagnostics) log(formatDiagnostic(d));
      // A page stopped by the time limit is an error of that page only: the rest of the site publishes.
      const blocking = result.diagnostics.filter((d) => d.severity === 'error' && d.code !== 'BUILD_PAGE_TIMEOUT');
      const stoppedOnly = !result.ok && blocking.length === 0 && hasErrors(result.diagnostics);
      if ((!result.ok && !stoppedOnly) || blocking.length > 0) {
        await discard();
        const errors = blocking.length;
        return await finish('failure', `UPDATE_BUILD_FAILED: the build reported ${errors} error(s); the previous site stays published. Fix them and trigger another update.`);
      }
      const publishStart = performance.now();
      const publishCpu = serverCpuMs();
      try {
        const changed = result.stats?.changed;
        await store.publish(site, updateId, outDir, log, seedOf !== null && changed ? { since: seedOf, paths: changed } : undefined);
      } catch (error) {
        await discard();
        return await finish('failure', `UPDATE_PUBLISH_FAILED: ${(error as Error).message}`);
      }
      const publishEnd = performance.now();
      const publishMs = publishEnd - publishStart;
      const publishCpuMs = serverCpuMs() - publishCpu;
      workspace?.seed(updateId, settings);
      const between = { startMs: fetchStart - runStart, recordMs: buildStart - fetchEnd, liveMs: publishEnd - received };
      log(phasesLine({ queuedMs, fetchMs, fetchCpuMs, incremental: source.incremental, buildMs, stats: result.stats, publishMs, publishCpuMs, between }));
      const what = target.preview ? ` as preview ${target.preview} of branch ${target.branch}` : '';
      return await finish('success', `Published ${result.pages} page(s)${what} in ${Math.round(result.durationMs)} ms.`);
    } catch (error) {
      await discard();
      if (error instanceof HostingError) return await finish('failure', `${error.code}: ${error.message}`);
      // The summary and the log are readable through the API and the dashboard: the message only, without the
      // server's folders; the stack (file paths of the server) goes to the server log.
      this.serverLog(`update ${updateId} of ${project.id}: UPDATE_INTERNAL: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, project);
      return await finish('failure', `UPDATE_INTERNAL: ${internalMessage(error, dataDir)}; the server log has the details.`);
    } finally {
      clearInterval(timer);
      workspace?.release();
      await cleanup();
    }
  }
}

/**
 * The update's timings in one log line (the benchmark reads it), wall and CPU milliseconds of each phase:
 * `Phases: queued 2 ms; fetch 120 ms (incremental), server CPU 40 ms; sandbox start 0 ms (warm); plan 310 ms,
 * compile 90 ms (1 compiled, 999 unchanged), write 400 ms (search 120 ms delta, retrieval 200 ms, llms 30 ms,
 * links 0 ms); build CPU 900 ms + children 30 ms (plan 240, layout 60, ...); publish 150 ms, server CPU 60 ms;
 * build wall 1200 ms; between the phases: start 3 ms, record 4 ms; to live 1500 ms`. Server CPU is this process's with its
 * ended children (git), HTTP it answered meanwhile included. `start` is from the queue to the fetch (the update's row
 * marked running, its workspace taken), `record` from the fetch to the build (the seed record dropped; the commit
 * is stored beside the build), `to live` from the trigger's arrival (before its row was written) to the new build published.
 */
export function phasesLine({ queuedMs, fetchMs, fetchCpuMs, incremental, buildMs, stats, publishMs, publishCpuMs, between }: { queuedMs: number; fetchMs: number; fetchCpuMs: number; incremental: boolean; buildMs: number; stats?: BuildSiteStats; publishMs: number; publishCpuMs: number; between?: { startMs: number; recordMs: number; liveMs: number } }): string {
  const ms = (n: number) => `${Math.round(n)} ms`;
  const parts = [`queued ${ms(queuedMs)}`, `fetch ${ms(fetchMs)} (${incremental ? 'incremental' : 'full clone'}), server CPU ${ms(fetchCpuMs)}`];
  if (stats?.sandbox) parts.push(`sandbox start ${ms(stats.sandbox.startMs)} (${stats.sandbox.warm ? 'warm' : 'new process'})`);
  if (stats?.phases) {
    const write = [
      stats.searchMode !== undefined ? `search ${ms(stats.searchMs ?? 0)} ${stats.searchMode}` : '',
      stats.retrieval ? `retrieval ${ms(stats.retrieval.ms)}` : '',
      stats.llms ? `llms ${ms(stats.llms.ms)}` : '',
      stats.linksMs !== undefined ? `links ${ms(stats.linksMs)}` : '',
    ].filter(Boolean);
    parts.push(`plan ${ms(stats.phases.planMs)}, compile ${ms(stats.phases.compileMs)} (${stats.compiled} compiled, ${stats.skipped} unchanged), write ${ms(stats.phases.writeMs)}${write.length ? ` (${write.join(', ')})` : ''}`);
  } else parts.push(`build ${ms(buildMs)}`);
  if (stats?.cpu) {
    const split = Object.entries(stats.split ?? {})
      .filter(([, v]) => v >= 1)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${Math.round(v)}`);
    parts.push(`build CPU ${ms(stats.cpu.process)} + children ${ms(stats.cpu.children)}${split.length ? ` (${split.join(', ')})` : ''}`);
  }
  parts.push(`publish ${ms(publishMs)}, server CPU ${ms(publishCpuMs)}`);
  // The build's wall as the update sees it: its phases plus starting the sandbox worker and loading Folio in it.
  const outside = between ? `; between the phases: start ${ms(between.startMs)}, record ${ms(between.recordMs)}; to live ${ms(between.liveMs)}` : '';
  return `Phases: ${parts.join('; ')}; build wall ${ms(buildMs)}${outside}`;
}

/** CPU milliseconds of this process (all threads) and of its children that ended (git), Linux `/proc` for the latter. */
function serverCpuMs(): number {
  const own = process.cpuUsage();
  let children = 0;
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command's closing parenthesis start at field 3; cutime and cstime are 16 and 17, in ticks of 10 ms.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    children = (Number(fields[16 - 3]) + Number(fields[17 - 3])) * 10;
  } catch {
    // Not Linux: this process only.
  }
  return (own.user + own.system) / 1000 + children;
}

/** An unexpected error's first line, for people reading the update: the data folder's path left out. */
function internalMessage(error: unknown, dataDir: string): string {
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
  return message.split(path.resolve(dataDir)).join('<data>').replace(/[.;:\s]+$/, '') || 'unknown error';
}
