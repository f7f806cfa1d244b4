import type { Command } from 'commander';
import { adminOpenApiDocument, logEntry } from '../../api/index.js';
import { parseDuration, reportCliError } from '../support.js';
import { runServer, type RunningServer, type RunServerOptions } from '../../server/index.js';
import { HostingError, parseStorage } from '../../hosting/index.js';

export interface ServeFlags {
  port: string;
  host: string;
  data: string;
  worker: boolean;
  dashboard: boolean;
  siteDomain: string;
  previewTtl: string;
  trustProxy?: boolean;
  storage?: string;
  analytics?: boolean;
  analyticsRetention?: string;
  analyticsEventsPerSecond?: string;
  analyticsEventsPerDay?: string;
  feedbackRetention?: string;
  feedbackPerProject?: string;
  pageTimeout?: string;
}

/**
 * One line of the server log on stderr, with its time. What a client sent may be in it (a path, a
 * `next` in an error's message): its control characters are escaped and a stack's own lines indented,
 * so no request can write a line that passes for an entry of its own (issue 48: a CR/LF did).
 */
export function serverLogLine(line: string, at = new Date()): string {
  return `${at.toISOString()} ${logEntry(line)}\n`;
}

/** Write `serverLogLine(line)` to stderr: the log of `folio serve` and `folio start`. */
export const writeServerLog = (line: string): void => void process.stderr.write(serverLogLine(line));

/** Add the options `serve` and `start` share. */
export function serverOptions(command: Command): Command {
  return command
    .option('-p, --port <port>', 'port to listen on (0 picks a free one)', '3000')
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option('--data <dir>', 'data directory: embedded database (unless DATABASE_URL is set) and published sites', '.folio')
    .option('--no-worker', 'do not run an agent worker in this process')
    .option('--no-dashboard', 'do not serve the dashboard')
    .option('--site-domain <domain>', 'project sites answer on <project>.<domain>, previews on <branch>--<project>.<domain>', 'localhost')
    .option('--preview-ttl <duration>', 'delete previews not rebuilt for this long (e.g. 14d, 12h, 30m)', '14d')
    .option('--storage <url>', 'where published sites live: local (the data directory, default) or s3://<bucket>/<prefix> shared by every server on one PostgreSQL (FOLIO_STORAGE; FOLIO_S3_* or AWS_* settings)')
    .option('--trust-proxy', 'a reverse proxy in front sets X-Forwarded-Proto/-Host/-For: cookies are Secure behind its TLS, sign-in limits count real client addresses')
    .option('--no-analytics', 'count no views and accept no feedback or search events on hosted sites')
    .option('--analytics-retention <duration>', 'keep raw analytics events this long (daily totals are kept)', '90d')
    .option('--analytics-events-per-day <n>', 'raw events a project stores a UTC day; past it page views add to the daily totals only and searches are refused (ANALYTICS_PROJECT_FULL)', '500000')
    .option('--feedback-retention <duration>', 'keep readers\' feedback entries this long', '365d')
    .option('--feedback-per-project <n>', 'feedback entries a project stores; past it new entries are refused (ANALYTICS_PROJECT_FULL)', '20000')
    .option('--analytics-events-per-second <n>', 'events (feedback, searches) this server accepts per second from all sites and readers together; the rest are refused', '100')
    .option('--page-timeout <seconds>', 'updates, previews and the editor preview: stop a page that takes longer than this to render (default 10), as folio build --untrusted --page-timeout')
}

/** Start the server from CLI flags; stops cleanly on SIGINT/SIGTERM. */
export async function startFromFlags(flags: ServeFlags, extra: Pick<RunServerOptions, 'docsUrl'> = {}): Promise<RunningServer> {
  const port = Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw Object.assign(new Error(`--port "${flags.port}" is not a port number (0-65535).`), { code: 'INVALID_REQUEST' });
  }
  const previewTtlMs = parseDuration(flags.previewTtl);
  if (previewTtlMs === null) {
    throw Object.assign(new Error(`--preview-ttl "${flags.previewTtl}" is not a duration; write it like 14d, 12h, 30m or 90s.`), { code: 'INVALID_REQUEST' });
  }
  const retentionMs = parseDuration(flags.analyticsRetention ?? '90d');
  if (retentionMs === null || retentionMs < 86_400_000) {
    throw Object.assign(new Error(`--analytics-retention "${flags.analyticsRetention}" is not a duration of a day or more; write it like 90d.`), { code: 'INVALID_REQUEST' });
  }
  const eventsPerSecond = Number(flags.analyticsEventsPerSecond ?? '100');
  if (!Number.isInteger(eventsPerSecond) || eventsPerSecond < 1) {
    throw Object.assign(new Error(`--analytics-events-per-second "${flags.analyticsEventsPerSecond}" is not a whole number of 1 or more.`), { code: 'INVALID_REQUEST' });
  }
  const feedbackRetentionMs = parseDuration(flags.feedbackRetention ?? '365d');
  if (feedbackRetentionMs === null || feedbackRetentionMs < 86_400_000) {
    throw Object.assign(new Error(`--feedback-retention "${flags.feedbackRetention}" is not a duration of a day or more; write it like 365d.`), { code: 'INVALID_REQUEST' });
  }
  const wholeNumber = (flag: string, value: string) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) throw Object.assign(new Error(`${flag} "${value}" is not a whole number of 1 or more.`), { code: 'INVALID_REQUEST' });
    return n;
  };
  const eventsPerProjectDay = wholeNumber('--analytics-events-per-day', flags.analyticsEventsPerDay ?? '500000');
  const feedbackPerProject = wholeNumber('--feedback-per-project', flags.feedbackPerProject ?? '20000');
  const pageTimeout = flags.pageTimeout === undefined ? undefined : Number(flags.pageTimeout);
  if (pageTimeout !== undefined && !(pageTimeout > 0 && pageTimeout <= 3600)) {
    throw Object.assign(new Error(`--page-timeout "${flags.pageTimeout}" is not a number of seconds between 0 and 3600 (default 10).`), { code: 'INVALID_REQUEST' });
  }
  let storage: ReturnType<typeof parseStorage>;
  try {
    storage = parseStorage(flags.storage);
  } catch (error) {
    if (error instanceof HostingError) throw Object.assign(new Error(error.message), { code: error.code });
    throw error;
  }
  if (storage && !process.env.DATABASE_URL) {
    process.stderr.write('Note: shared site storage with the embedded database serves sites from this server only; set DATABASE_URL to share them between servers.\n');
  }
  const server = await runServer({
    previewTtlMs,
    storage,
    dataDir: flags.data,
    databaseUrl: process.env.DATABASE_URL || undefined,
    port,
    host: flags.host,
    worker: flags.worker,
    dashboard: flags.dashboard,
    siteDomain: flags.siteDomain,
    trustProxy: flags.trustProxy === true,
    analytics: flags.analytics === false ? false : { retentionDays: Math.round(retentionMs / 86_400_000), feedbackRetentionDays: Math.round(feedbackRetentionMs / 86_400_000), eventsPerProjectDay, feedbackPerProject, eventsPerSecond },
    pageTimeoutMs: pageTimeout === undefined ? undefined : Math.round(pageTimeout * 1000),
    log: writeServerLog,
    ...extra,
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') {
      throw Object.assign(new Error(`Port ${port} is already in use; pass --port <another>.`), { code: 'SERVER_PORT_IN_USE' });
    }
    throw error;
  });
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    process.stderr.write('Stopping…\n');
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return server;
}

/** The local address to show people (a wildcard bind is reached through localhost). */
export function displayOrigin(server: RunningServer): string {
  return server.url.replace('://127.0.0.1:', '://localhost:');
}

/** Lines describing the dashboard sign-in state. */
export function ownerLines(server: RunningServer, origin: string): string[] {
  const owner = server.owner;
  if (!owner) return [];
  if (owner.kind === 'setup-link') return [`  Dashboard:   ${origin}/dashboard  (first owner: open ${origin}${owner.setupPath})`];
  return [`  Dashboard:   ${origin}/dashboard`];
}

/** `folio serve`: admin API, dashboard, hosted sites and an agent worker in one process. */
export function registerServe(program: Command): void {
  serverOptions(program.command('serve').description('Serve the admin API, the dashboard and every project\'s published site'))
    .option('--print-openapi', 'print the admin API\'s OpenAPI 3.1 document (as GET /openapi.json serves it) and exit')
    .action(async (flags: ServeFlags & { printOpenapi?: boolean }) => {
      if (flags.printOpenapi) {
        process.stdout.write(`${JSON.stringify(adminOpenApiDocument(), null, 2)}\n`);
        return;
      }
      try {
        const server = await startFromFlags(flags);
        const origin = displayOrigin(server);
        process.stdout.write(
          [
            `Folio is serving (${server.db.kind === 'pglite' ? `embedded database in ${server.dataDir}` : 'PostgreSQL from DATABASE_URL'}).`,
            `  Admin API:   ${origin}  (OpenAPI document: ${origin}/openapi.json)`,
            ...ownerLines(server, origin),
            `  Sites:       http://<project id>.${flags.siteDomain}:${server.port}/`,
            'Press Ctrl+C to stop.',
            '',
          ].join('\n'),
        );
      } catch (error) {
        reportCliError(error);
      }
    });
}
