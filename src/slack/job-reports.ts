/**
 * Posts the outcome of agent jobs asked for in Slack to their thread: the pull request link and
 * the job's summary, or why it failed. Every server looks every `intervalMs` for finished jobs not
 * reported yet; the report is claimed in the database first, so with several servers (or after a
 * restart) each outcome is posted once.
 */
import { claimSlackJobReport, finishedSlackJobs, getAgentJobById, pruneSlackEvents, type AgentJobRow, type Database, type SlackJobRow } from '../db/index.js';
import type { SecretBox } from '../shared/index.js';
import { escapeSlack, slackLink } from './format.js';
import { openSlackSettings } from './settings.js';
import { SlackWebApi } from './web-api.js';

export interface SlackJobReportsOptions {
  db: Database;
  box: SecretBox;
  apiUrl: string;
  intervalMs?: number;
  log?: (line: string) => void;
}

/** The thread's message for a finished job. */
export function jobOutcomeText(job: AgentJobRow): string {
  const summary = job.summary ? `\n${escapeSlack(job.summary.slice(0, 2_000))}` : '';
  if (job.status === 'failed') return `The agent job \`${job.id}\` failed: ${escapeSlack(job.failureReason ?? 'no reason recorded')}`;
  if (job.prLink) return `Pull request ready: ${slackLink(job.prLink, job.prLink)}${summary}`;
  return `The agent job \`${job.id}\` finished without changing the docs.${summary}`;
}

export class SlackJobReports {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private lastPrune = 0;

  constructor(private readonly options: SlackJobReportsOptions) {}

  start(): this {
    const { intervalMs = 2_000 } = this.options;
    this.timer ??= setInterval(() => void this.tick(), intervalMs);
    this.timer.unref();
    return this;
  }

  /** One look for finished jobs (also what the timer runs); resolves when their reports are posted. */
  tick(): Promise<void> {
    this.running ??= this.report()
      .catch((error: unknown) => this.options.log?.(`SLACK_API_FAILED: job reports: ${(error as Error).message}`))
      .finally(() => (this.running = null));
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async report(): Promise<void> {
    const { db } = this.options;
    if (Date.now() - this.lastPrune > 3_600_000) {
      this.lastPrune = Date.now();
      await pruneSlackEvents(db, new Date(Date.now() - 86_400_000));
    }
    for (const row of await finishedSlackJobs(db)) {
      if (await claimSlackJobReport(db, row.jobId)) await this.post(row);
    }
  }

  private async post(row: SlackJobRow): Promise<void> {
    const { db, box, apiUrl, log = () => {} } = this.options;
    const [job, settings] = await Promise.all([getAgentJobById(db, row.jobId), openSlackSettings(db, box, row.projectId)]);
    if (!job || !settings || settings === 'unreadable') return;
    const slack = new SlackWebApi({ token: settings.botToken, apiUrl });
    try {
      const text = jobOutcomeText(job);
      if (row.messageTs) await slack.updateMessage(row.channel, row.messageTs, `Agent job \`${job.id}\`: ${job.status === 'failed' ? 'failed' : 'done'}.`);
      await slack.postMessage(row.channel, text, row.threadTs);
    } catch (error) {
      log(`SLACK_API_FAILED: the outcome of job ${job.id}: ${(error as Error).message}`);
    }
  }
}
