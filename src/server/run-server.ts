import path from 'node:path';
import { availableModels, completeText, createAgentJobQueue, startAutomationScheduler, githubOptionsFromEnv, gitlabOptionsFromEnv, llmOptionsFromEnv, startWorker, type AgentWorker, type WorkerOptions } from '../agent/index.js';
import { createDashboard, dashboardAssets, gatherReaderSuggestions, dashboardMayActOn, dashboardSignedIn, ensureDashboardOwner, type EnsureOwnerResult } from '../dashboard/index.js';
import { assistantOptionsFromEnv, indexOfBuild, type AssistantOptions } from '../assistant/index.js';
import { namesOfReply, topicNamingPrompt, type TopicsOptions } from '../insights/index.js';
import { openDatabase, type Database, type ProjectRow } from '../db/index.js';
import { bearerKeyAuthorizer, createPullRequestRoutes, recoverUnfinishedUpdates, removeOrphanWork, S3SiteStore, signedInOr, siteStoreOf, startPreviewSweeper, workspaceDir, type S3StorageConfig, type SiteStore } from '../hosting/index.js';
import type { JobQueue } from '../jobs/index.js';
import { resolveInside } from '../shared/index.js';
import { createAppBundle, type AppBundle, type AppDeps } from './app.js';
import { listen, type ListeningServer } from './listen.js';

export interface RunServerOptions {
  /** Data directory (PGlite files, published sites); default `.folio`. */
  dataDir?: string;
  /** PostgreSQL connection string; PGlite in the data dir when unset. */
  databaseUrl?: string;
  /** Shared object storage for published sites (`--storage s3://...`, see `parseStorage`); the data dir when unset. */
  storage?: S3StorageConfig | null;
  port?: number;
  host?: string;
  /** Run an agent worker in this process (default true). */
  worker?: boolean;
  /** Serve the dashboard at /dashboard (default true). */
  dashboard?: boolean;
  siteDomain?: string;
  /** Delete previews not rebuilt for this long (swept in the background); default 14 days. */
  previewTtlMs?: number;
  /** How often due automation schedules are looked for (default 30 s); every server process does, each schedule fires once. */
  automationIntervalMs?: number;
  log?: (line: string) => void;
  /** A reverse proxy in front sets `X-Forwarded-*` (`--trust-proxy`): Secure cookies over its https, client addresses. */
  trustProxy?: boolean;
  /** Hosted sites' analytics: settings, or `false` to count nothing (`--no-analytics`); default on, 90 days of raw events. */
  analytics?: AppDeps['analytics'];
  /** Each page of an update's or preview's build is stopped after this long (`--page-timeout`); default 10 s. */
  pageTimeoutMs?: number;
  /** Where the dashboard's Documentation entry leads (`folio start`: the bundled docs it publishes). */
  docsUrl?: () => string | undefined;
  /** Extra app dependencies (tests: a site builder). */
  deps?: Partial<AppDeps>;
  /** Settings of the in-process worker (tests and benches: a short lease, a GitHub stand-in). */
  workerOptions?: Partial<Omit<WorkerOptions, 'db'>>;
}

/** A running `folio serve`: API, dashboard, hosted sites and (optionally) a worker. */
export interface RunningServer extends AppBundle {
  db: Database;
  dataDir: string;
  url: string;
  port: number;
  owner: EnsureOwnerResult | null;
  close(): Promise<void>;
}

/** Open the database, wire the app, listen, and start the in-process worker. */
export async function runServer({
  dataDir = '.folio',
  databaseUrl,
  storage = null,
  port = 3000,
  host = '127.0.0.1',
  worker: withWorker = true,
  dashboard = true,
  siteDomain = 'localhost',
  previewTtlMs = 14 * 86_400_000,
  automationIntervalMs = 30_000,
  log = () => {},
  trustProxy = false,
  analytics,
  pageTimeoutMs,
  docsUrl,
  deps = {},
  workerOptions = {},
}: RunServerOptions = {}): Promise<RunningServer> {
  const absoluteData = path.resolve(dataDir);
  // The embedded database runs on a thread of its own: its writes (analytics, jobs) never pause a page.
  const db = await openDatabase({ dataDir: absoluteData, databaseUrl, thread: true });
  let worker: AgentWorker | null = null;
  // Without an in-process worker, jobs still go on the queue so standalone `folio worker`s take them at once.
  let queue: JobQueue | null = null;
  let server: ListeningServer | null = null;
  let siteStore: SiteStore = siteStoreOf(absoluteData);
  try {
    if (storage) {
      const shared = new S3SiteStore(db, storage, path.join(absoluteData, 'work', 's3-builds'), log);
      await shared.start();
      siteStore = shared;
    }
    // PGlite belongs to this process alone, so its unfinished updates were cut off by a previous stop.
    // On a shared PostgreSQL other servers may be building: only updates older than an hour are settled.
    // One whose build is live is recorded as published, the others as interrupted (record and site agree).
    await recoverUnfinishedUpdates({ db, store: siteStore, createdBefore: db.kind === 'pglite' ? undefined : new Date(Date.now() - 3_600_000), log });
    // Checkouts and builds of the updates settled above (a kill -9 leaves them): what no live owner holds goes,
    // decided now (before this process starts an update), deleted in the background.
    const cleaning = removeOrphanWork({ db, dataDir: absoluteData, store: siteStore, exclusive: db.kind === 'pglite', log }).catch((error: unknown) =>
      log(`could not remove the folders of interrupted updates: ${error instanceof Error ? error.message : String(error)}`),
    );
    // The models jobs may name: checked by the API and offered by the dashboard's select.
    const models = availableModels(llmOptionsFromEnv());
    const githubEnv = githubOptionsFromEnv();
    // The assistant screen's topics and readers' suggestions: questions placed by the live build's retrieval index, named by the model when one is configured.
    const readerTopics = {
      sectionIndexOf: async (project: ProjectRow) => {
        const build = await siteStore.current({ projectId: project.id, preview: null });
        return build ? indexOfBuild(build) : null;
      },
      nameTopics: topicNamer(assistantOptionsFromEnv()),
    };
    const bundle = createAppBundle({
      db,
      // The docs assistant answers with the agent's model endpoint when FOLIO_ASSISTANT_MODEL (or FOLIO_LLM_MODELS) names one.
      assistant: assistantOptionsFromEnv(),
      github: githubEnv?.token ? { token: githubEnv.token, apiUrl: githubEnv.apiUrl, hosts: githubEnv.hosts } : undefined,
      gitlab: gitlabOptionsFromEnv(),
      dataDir: absoluteData,
      siteStore,
      models,
      siteDomain,
      log,
      trustProxy,
      analytics,
      pageTimeoutMs,
      // Jobs created before the worker is up wait in the database; the worker's reaper sends them.
      enqueueAgentJob: async (jobId) => {
        await (worker ?? queue)?.enqueue(jobId);
      },
      mount: (app, shared) => {
        // Pull requests Folio records itself (plain git remotes) live at `<public URL>/pulls/<id>`, the jobs' prLink.
        // Signed-in dashboard members may view them (the job pages link there), merge and close them with edit rights on the
        // project; anyone else needs an admin key for the project.
        const byKey = bearerKeyAuthorizer(db);
        const signedIn = dashboardSignedIn(db);
        const signIn = { url: (next: string) => `/dashboard/login?next=${encodeURIComponent(next)}`, signedIn };
        app.route('/', createPullRequestRoutes(dashboard ? { db, authorize: signedInOr(dashboardMayActOn(db), byKey), signIn } : { db, authorize: byKey }));
        if (dashboard) {
          app.route(
            '/dashboard',
            createDashboard({
              db,
              basePath: '/dashboard',
              services: shared.services,
              models,
              siteDomain,
              trustProxy,
              // Settings saved on the dashboard (repository, branch, custom domains) apply at once, not after cache expiry.
              // The web editor's checkouts live in the data folder; git reaches GitHub and GitLab with the server's tokens.
              editor: { workRoot: path.join(absoluteData, 'editor'), pageTimeoutMs, github: githubEnv?.token ? { token: githubEnv.token, apiUrl: githubEnv.apiUrl, hosts: githubEnv.hosts } : undefined, gitlab: gitlabOptionsFromEnv() },
              onProjectChanged: async (project) => {
                shared.projects.invalidate(project.id);
                shared.siteAccess.invalidate(project.id);
                await shared.hosts.refresh();
              },
              log,
              docsUrl,
              // The assistant screen's topics: questions placed by the live build's retrieval index, named by the model when one is configured.
              sectionIndexOf: readerTopics.sectionIndexOf,
              // The translations page reads the published checkout the site updates keep (work/projects/<id>/_/repo).
              siteCheckout: (project) => {
                const dir = workspaceDir(absoluteData, { projectId: project.id, preview: null });
                return dir ? resolveInside(path.join(dir, 'repo'), project.docsDir) : null;
              },
              nameTopics: readerTopics.nameTopics,
              // Export PDF prints the live build's files (never the checkout's): read from the site store.
              publishedFiles: async (project) => {
                const build = await siteStore.current({ projectId: project.id, preview: null });
                return build ? (file) => build.read(file) : null;
              },
              // The Slack page's settings, sealed with the server's key by the Slack app.
              slack: shared.slack?.settings,
            }),
          );
          app.get('/', (c) => c.redirect('/dashboard'));
        } else {
          app.get('/', (c) => c.json({ name: 'Folio', openapi: '/openapi.json' }));
        }
      },
      ...deps,
    });
    // Every stored key's hash, so unknown keys are refused without a query from the first request. The
    // dashboard's stylesheet and scripts are made now too, before any request can wait: made by the first
    // dashboard request, they held the server's thread 0.3-1.3 s (load 15), so a burst of sign-ins met a stall.
    await Promise.all([
      bundle.keyCache.start(),
      dashboard ? dashboardAssets().catch((error: unknown) => log(`could not make the dashboard's assets yet (the first dashboard request tries again): ${error instanceof Error ? error.message : String(error)}`)) : null,
    ]);
    server = await listen(bundle.app.fetch, { port, host });
    // Which wall untrusted builds (updates, previews, verify builds) get on this machine, said once.
    void import('../site-build/index.js')
      .then(async ({ describeWall, sandboxWall }) => log(describeWall(await sandboxWall())))
      .catch((error: unknown) => log(`could not tell the untrusted builds' sandbox: ${error instanceof Error ? error.message : String(error)}`));
    const stopSweeper = startPreviewSweeper({ db, dataDir: siteStore, ttlMs: previewTtlMs, log });
    // Outcomes of jobs asked for in Slack that finished while no server was reporting them.
    bundle.slack?.reports.start();
    const scheduler = startAutomationScheduler({ automations: bundle.automations, intervalMs: automationIntervalMs, log });
    const owner = dashboard ? await ensureDashboardOwner(db, { basePath: '/dashboard' }) : null;
    // Pull request links must open in a browser: show loopback binds as localhost.
    if (!withWorker) queue = await createAgentJobQueue(db);
    // The worker's suggestions timer gathers readers' suggestions too, as the dashboard's Suggestions page does.
    const gatherReaders = dashboard ? (projectId: string) => gatherReaderSuggestions({ db, ...readerTopics }, projectId) : undefined;
    if (withWorker) worker = await startWorker({ db, publicUrl: server.url.replace('://127.0.0.1:', '://localhost:'), log, gatherReaderSuggestions: gatherReaders, ...workerOptions });
    const running = server;
    return {
      ...bundle,
      db,
      dataDir: absoluteData,
      url: running.url,
      port: running.port,
      owner,
      async close() {
        stopSweeper();
        await scheduler.stop();
        await running.close();
        await bundle.slack?.stop();
        await worker?.stop();
        await queue?.stop();
        // A build in progress gets a moment to finish; past that it is cut off (and marked interrupted at the next start).
        await Promise.race([bundle.updates.idle(), new Promise((r) => setTimeout(r, 10_000).unref())]);
        await bundle.updates.close();
        // Events still queued are written before the database closes.
        await bundle.analytics?.close();
        await cleaning;
        await siteStore.close();
        await bundle.keyCache.close();
        await db.close();
      },
    };
  } catch (error) {
    await server?.close();
    await worker?.stop();
    await queue?.stop();
    await siteStore.close();
    await db.close();
    throw error;
  }
}

/** Topic names from the assistant's model (one short name per topic), or none without a model. */
function topicNamer(options: AssistantOptions | null): TopicsOptions['nameTopics'] {
  if (!options) return undefined;
  return async (topics) => namesOfReply(await completeText(options.llm, options.model, topicNamingPrompt(topics)), topics.length);
}
