/**
 * What the bot does with one event, after the endpoint has answered Slack: a mention (or a message
 * in a thread it is in) is a question for the assistant, answered in the thread with its sources,
 * or a change to the docs, started as an agent job as the admin API starts them; the job's outcome
 * is posted later by `SlackJobReports`.
 */
import type { AdminServices } from '../api/index.js';
import { answerAsText, type AssistantOptions } from '../assistant/index.js';
import { getProject, getSlackThread, joinSlackThread, recordSlackJob, setSlackThreadAssistant, type Database, type ProjectRow } from '../db/index.js';
import { builtSiteSettings, type SiteStore } from '../hosting/index.js';
import { startSlackAutomations, type SlackAutomationDeps } from './automation-trigger.js';
import { citationLines, escapeSlack, markdownToSlack } from './format.js';
import { intentOf } from './intent.js';
import type { OpenSlackSettings } from './settings.js';
import { SlackWebApi } from './web-api.js';

/** The part of a Slack `event_callback` the bot reads. */
export interface SlackMessageEvent {
  type: string;
  subtype?: string;
  user?: string;
  bot_id?: string;
  text?: string;
  channel?: string;
  ts?: string;
  thread_ts?: string;
}

export interface ConversationDeps extends SlackAutomationDeps {
  db: Database;
  services: AdminServices;
  store: SiteStore;
  assistant: AssistantOptions | null;
  apiUrl: string;
  log: (line: string) => void;
  /** Called when a job was started from Slack (its outcome is then looked for). */
  jobStarted: () => void;
}

/** Whether the bot takes the event at all: a mention, or a person's message in a thread it is in; in an allowed channel. */
async function concerned(deps: ConversationDeps, settings: OpenSlackSettings, event: SlackMessageEvent): Promise<boolean> {
  if (!event.channel || !event.ts || typeof event.text !== 'string') return false;
  if (settings.channels.length > 0 && !settings.channels.includes(event.channel)) return false;
  if (event.type === 'app_mention') return true;
  if (event.type !== 'message' || event.subtype || event.bot_id || !event.thread_ts) return false;
  if (settings.botUserId && (event.user === settings.botUserId || event.text.includes(`<@${settings.botUserId}>`))) return false; // its own, or a mention (answered as app_mention)
  return (await getSlackThread(deps.db, settings.projectId, event.channel, event.thread_ts)) !== null;
}

/** Answer one event; every failure is posted to the thread when it can be, and logged. */
export async function handleSlackEvent(deps: ConversationDeps, settings: OpenSlackSettings, event: SlackMessageEvent, siteUrlOf: (project: ProjectRow) => string): Promise<void> {
  // A message that starts an automation is that automation's (its thread gets the run's outcome), not a question.
  if ((await startSlackAutomations(deps, settings, event)).length > 0) return;
  if (!(await concerned(deps, settings, event))) return;
  const channel = event.channel!;
  const threadTs = event.thread_ts ?? event.ts!;
  const slack = new SlackWebApi({ token: settings.botToken, apiUrl: deps.apiUrl });
  const project = await getProject(deps.db, settings.projectId);
  if (!project) return;
  await joinSlackThread(deps.db, project.id, channel, threadTs);
  const intent = intentOf(event.text!);
  if (intent.kind === 'empty') {
    await slack.postMessage(channel, 'Ask me a question about the docs, or ask for a change ("please document …", "fix …") and I will open a pull request.', threadTs);
    return;
  }
  if (intent.kind === 'change') {
    try {
      const job = await deps.services.createJob(project, { prompt: intent.prompt });
      const posted = await slack.postMessage(channel, `On it: agent job \`${job.id}\` is working on this. I will post the pull request here when it is done.`, threadTs);
      await recordSlackJob(deps.db, { jobId: job.id, projectId: project.id, channel, threadTs, messageTs: posted.ts });
      deps.jobStarted();
    } catch (error) {
      deps.log(`SLACK_JOB_FAILED: ${project.id}: ${(error as Error).message}`);
      await slack.postMessage(channel, `I could not start an agent job: ${escapeSlack((error as Error).message)}`, threadTs);
    }
    return;
  }
  const build = await deps.store.current({ projectId: project.id, preview: null });
  if (!build) {
    await slack.postMessage(channel, 'This project has no published docs yet, so I have nothing to answer from. Publish the site first.', threadTs);
    return;
  }
  try {
    const thread = await getSlackThread(deps.db, project.id, channel, threadTs);
    const basePath = (await builtSiteSettings(build)).basePath;
    const answer = await answerAsText({ db: deps.db, options: deps.assistant, site: { projectId: project.id, preview: null, build, basePath }, question: intent.text, threadId: thread?.assistantThreadId, log: deps.log });
    await setSlackThreadAssistant(deps.db, project.id, channel, threadTs, answer.threadId);
    const siteUrl = siteUrlOf(project);
    await slack.postMessage(channel, markdownToSlack(answer.answer, siteUrl) + citationLines(answer.citations, siteUrl, basePath), threadTs);
  } catch (error) {
    deps.log(`SLACK_ANSWER_FAILED: ${project.id}: ${(error as Error).message}`);
    await slack.postMessage(channel, `I could not answer this: ${escapeSlack((error as Error).message)}`, threadTs);
  }
}
