/**
 * The Slack app as the server mounts it: the events endpoint, the reports of finished jobs and
 * the settings page's service, over one database and the server's secret key.
 */
import type { Hono } from 'hono';
import type { Automations } from '../agent/index.js';
import type { AdminServices } from '../api/index.js';
import type { AssistantOptions } from '../assistant/index.js';
import type { Database } from '../db/index.js';
import type { SiteStore } from '../hosting/index.js';
import type { SecretBox } from '../shared/index.js';
import { createSlackRoutes } from './events-routes.js';
import { SlackJobReports } from './job-reports.js';
import { SlackSettingsService } from './settings-service.js';
import { slackApiUrlFromEnv } from './web-api.js';

export interface SlackAppOptions {
  db: Database;
  box: SecretBox;
  services: AdminServices;
  store: SiteStore;
  assistant: AssistantOptions | null;
  /** Starts the runs of Slack-message automations; without it messages start none. */
  automations?: Pick<Automations, 'fire'>;
  /** The Web API base; default `FOLIO_SLACK_API_URL`, else https://slack.com/api. */
  apiUrl?: string;
  siteDomain?: string;
  /** How often finished jobs are looked for; default 2 s. */
  reportIntervalMs?: number;
  log?: (line: string) => void;
}

export interface SlackApp {
  routes: Hono;
  settings: SlackSettingsService;
  reports: SlackJobReports;
  /** Resolves when the events taken so far are handled (tests, shutdown). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function createSlackApp(options: SlackAppOptions): SlackApp {
  const { db, box, apiUrl = slackApiUrlFromEnv(), log = () => {} } = options;
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
  // Started by the first job asked for in Slack, or by `folio serve` (jobs of a previous run): an app that never sees Slack never polls.
  const reports = new SlackJobReports({ db, box, apiUrl, intervalMs: options.reportIntervalMs, log });
  const routes = createSlackRoutes({ db, box, services: options.services, store: options.store, assistant: options.assistant, automations: options.automations, apiUrl, siteDomain: options.siteDomain, log, track, jobStarted: () => reports.start() });
  const idle = async () => {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  };
  return {
    routes,
    settings: new SlackSettingsService({ db, box, apiUrl }),
    reports,
    idle,
    async stop() {
      await reports.stop();
      await idle();
    },
  };
}
