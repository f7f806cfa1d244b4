/**
 * Automations started by a Slack message (trigger `slack`), end to end against the Slack stand-in,
 * the chat stand-in model, a real git repository and the agent worker: a person's message in the
 * automation's channel that contains its words starts a run through the signed Events API, the run's
 * job is told the message, and its pull request link comes back to the message's thread; messages
 * that do not match, the bot's own, mentions, other channels, forged and retried deliveries start
 * nothing (more).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type AgentWorker } from '../../src/agent/index.js';
import { ApiError } from '../../src/api/index.js';
import { createDashboard, createUser } from '../../src/dashboard/index.js';
import { createProject, getProject, listAutomationRuns, openDatabase, updateProject, type Database, type ProjectRow } from '../../src/db/index.js';
import { createAppBundle, type AppBundle } from '../../src/server/index.js';
import { SecretBox } from '../../src/shared/index.js';
import { startChatStandIn, type ReceivedRequest, type ScriptedTurn } from '../agent/llm-stand-in.js';
import { backends, createFreshPostgresDatabase } from '../db/helpers.js';
import { FormClient } from '../dashboard/harness.js';
import { createBareRepo, gitOut, SITE_FILES, tempDir } from '../git/git-fixtures.js';
import { deliver, eventCallback, startSlackStandIn, type SlackStandIn } from './slack-stand-in.js';

const TEAM = 'T0STANDIN';
const BOT = 'U0FOLIOBOT';
const RELEASES = 'C0RELEASES';
const ANY = 'C0ANYTHING';
const TOKEN = 'xoxb-3333-4444-standintoken';
const SIGNING_SECRET = randomBytes(16).toString('hex');
const PUBLIC_URL = 'http://folio.test';

/** The agent writes the release page, then sums up. */
function model(request: ReceivedRequest): ScriptedTurn {
  if (request.messages.at(-1)?.role !== 'tool') {
    return { tools: [{ name: 'write_file', args: { path: 'releases.mdx', content: '---\ntitle: Releases\n---\n\n## 2.4\n\nThe export command gained `--format`.\n' } }] };
  }
  return { text: 'Release notes for 2.4\n\nAdded releases.mdx with the 2.4 notes.' };
}

describe.each(backends)('Slack-message automations on %s', (backend) => {
  let tmp: { dir: string; cleanup: () => Promise<void> };
  let db: Database;
  let drop: (() => Promise<void>) | undefined;
  let worker: AgentWorker;
  let bundle: AppBundle;
  let slack: SlackStandIn;
  let llm: Awaited<ReturnType<typeof startChatStandIn>>;
  let project: ProjectRow;
  let bare: string;
  let releasesId: string;
  let anyId: string;
  const send = (p: string, init: RequestInit) => bundle.app.request(`http://folio.test${p}`, init);
  const events = () => `/slack/events/${project.id}`;
  const message = (channel: string, text: string, ts: string, extra: Record<string, unknown> = {}) => eventCallback(TEAM, { type: 'message', channel_type: 'channel', user: 'U0PERSON', text, channel, ts, ...extra });
  const runs = async (id: string) => (await listAutomationRuns(db, id)).length;

  beforeAll(async () => {
    tmp = await tempDir('folio-slack-automations-');
    llm = await startChatStandIn(model);
    slack = await startSlackStandIn({ token: TOKEN, teamId: TEAM, botUserId: BOT });
    const fresh = backend === 'postgres' ? await createFreshPostgresDatabase() : null;
    drop = fresh?.drop;
    db = await openDatabase(fresh ? { databaseUrl: fresh.url } : { memory: true });
    const llmOptions = { provider: 'openai-compatible' as const, baseUrl: llm.baseUrl, apiKey: 'test-key' };
    worker = await startWorker({ db, publicUrl: PUBLIC_URL, workDir: path.join(tmp.dir, 'work'), pollIntervalSeconds: 0.5, verify: 'validate', llm: llmOptions, suggestionPollMs: 0 });
    bundle = createAppBundle({
      db,
      dataDir: path.join(tmp.dir, 'data'),
      enqueueAgentJob: (id) => worker.enqueue(id),
      defaultModel: 'agent-m',
      secretBox: new SecretBox(randomBytes(32)),
      slack: { apiUrl: slack.apiUrl, reportIntervalMs: 100 },
      mount: (app, shared) => app.route('/dashboard', createDashboard({ db, services: shared.services, slack: shared.slack?.settings, editor: { workRoot: path.join(tmp.dir, 'editor') } })),
    });
    bare = await createBareRepo(tmp.dir, SITE_FILES, 'docs');
    project = await createProject(db, { name: 'Widgets', repoUrl: bare });
    // The app answers mentions only in another channel: automations listen in their own channel all the same.
    await bundle.slack!.settings.save(project.id, { teamId: TEAM, channels: 'C0GENERAL', signingSecret: SIGNING_SECRET, botToken: TOKEN });
  }, 60_000);

  afterAll(async () => {
    await bundle?.slack?.stop();
    await worker?.stop();
    await db?.close();
    await drop?.();
    await slack?.close();
    await llm?.close();
    await tmp?.cleanup();
  });

  it('stores a Slack automation with its channel and words, and refuses one without a channel id', async () => {
    const refuse = async (input: Parameters<AppBundle['services']['createAutomation']>[1]) => {
      const error = await bundle.services.createAutomation(project, input).then(() => null, (e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      return (error as ApiError).message;
    };
    expect(await refuse({ name: 'Notes', trigger: 'slack', prompt: 'write the release notes' })).toMatch(/^Invalid request: slackChannel: a Slack automation needs a channel id such as C0123ABCD/);
    expect(await refuse({ name: 'Notes', trigger: 'slack', prompt: 'write the release notes', slackChannel: 'releases' })).toMatch(/slackChannel: "releases" is not a channel id/);
    expect(await refuse({ name: 'Notes', trigger: 'push', prompt: 'write the release notes', slackChannel: RELEASES })).toMatch(/only Slack automations listen in a channel/);
    const made = await bundle.services.createAutomation(project, { name: 'Release notes', trigger: 'slack', prompt: 'Write the release notes the message asks for.', slackChannel: `#${RELEASES}`, slackPattern: '  Release   NOTES ' });
    expect(made).toMatchObject({ trigger: 'slack', slackChannel: RELEASES, slackPattern: 'Release NOTES', schedule: null, nextRunAt: null });
    releasesId = made.id;
    anyId = (await bundle.services.createAutomation(project, { name: 'Anything', trigger: 'slack', prompt: 'Answer the message with a docs change.', slackChannel: ANY })).id;
    // Not triggerable through the API: it runs on messages.
    await expect(bundle.services.triggerAutomation(project, releasesId, 'api')).rejects.toThrow(/runs on Slack messages; only scheduled automations can be triggered/);
  });

  it('starts nothing for a message without its words, the bot\'s own, a mention, an edit, or another channel', async () => {
    const before = slack.posted().length;
    const deliveries = [
      message(RELEASES, 'lunch anyone?', '1800000000.000100'),
      message(RELEASES, 'release notes are up', '1800000000.000200', { user: BOT }),
      message(RELEASES, 'release notes are up', '1800000000.000300', { bot_id: 'B0OTHER' }),
      message(RELEASES, `<@${BOT}> release notes please`, '1800000000.000400'),
      message(RELEASES, 'release notes please', '1800000000.000500', { subtype: 'message_changed' }),
      message('C0ELSEWHERE', 'release notes please', '1800000000.000600'),
    ];
    for (const payload of deliveries) expect((await deliver(send, events(), SIGNING_SECRET, payload)).status).toBe(200);
    await bundle.slack!.idle();
    expect(slack.posted()).toHaveLength(before);
    expect(await runs(releasesId)).toBe(0);
    expect(await runs(anyId)).toBe(0);
  });

  it('refuses a forged delivery and takes a retried one once', async () => {
    const forged = await deliver(send, events(), randomBytes(16).toString('hex'), message(RELEASES, 'release notes for 2.4', '1800000001.000100'));
    expect(forged.status).toBe(401);
    await bundle.slack!.idle();
    expect(await runs(releasesId)).toBe(0);

    const payload = message(ANY, 'the export command has a new --format flag', '1800000001.000200');
    expect((await deliver(send, events(), SIGNING_SECRET, payload)).status).toBe(200);
    const retry = await deliver(send, events(), SIGNING_SECRET, payload, { retry: 1 });
    expect(await retry.json()).toEqual({ ok: true, duplicate: true });
    await bundle.slack!.idle();
    expect(await runs(anyId)).toBe(1);
    const started = slack.posted().filter((m) => m.thread_ts === '1800000001.000200');
    expect(started).toHaveLength(1);
    expect(started[0]!.text).toMatch(/^Automation \*Anything\* started: agent job `[^`]+`/);
  });

  it('a matching message starts a run told the message, and the pull request link comes back to its thread', async () => {
    const thread = '1800000002.000100';
    // Slack escapes & < > in message text; the words match case-insensitively.
    expect((await deliver(send, events(), SIGNING_SECRET, message(RELEASES, 'Can someone write the RELEASE notes for 2.4 &amp; the &lt;export&gt; change?', thread))).status).toBe(200);
    await bundle.slack!.idle();
    const [run] = await listAutomationRuns(db, releasesId);
    expect(run).toMatchObject({ reason: 'slack' });
    const started = await slack.waitForPost((m) => m.thread_ts === thread);
    expect(started.text).toBe(`Automation *Release notes* started: agent job \`${run!.jobId}\`. I will post its pull request here when it is done.`);
    const [job] = await db.query<{ prompt: string }>('SELECT prompt FROM agent_jobs WHERE id = $1', [run!.jobId]);
    expect(job!.prompt).toMatch(/^Write the release notes the message asks for\./);
    expect(job!.prompt).toContain('## The Slack message that started this run');
    expect(job!.prompt).toContain('> Can someone write the RELEASE notes for 2.4 & the <export> change?');

    const done = await slack.waitForPost((m) => m.thread_ts === thread && m.text.startsWith('Pull request ready'), 90_000);
    expect(done.text).toMatch(new RegExp(`^Pull request ready: <${PUBLIC_URL}/pulls/[0-9a-z]{10}\\|${PUBLIC_URL}/pulls/[0-9a-z]{10}>\\n`));
    expect(done.text).toContain('Added releases.mdx with the 2.4 notes.');
    expect(gitOut(bare, ['show', `folio/agent-${run!.jobId}:releases.mdx`])).toContain('gained `--format`');
    expect(slack.posted().find((m) => m.ts === started.ts)!.text).toBe(`Agent job \`${run!.jobId}\`: done.`);
    await bundle.slack!.reports.tick();
    expect(slack.posted().filter((m) => m.thread_ts === thread && m.text.startsWith('Pull request ready'))).toHaveLength(1);
  }, 120_000);

  it('the dashboard\'s form creates a Slack automation, and its recent runs show the Slack run with its job\'s status and pull request', async () => {
    await createUser(db, 'owner@example.test', 'a long enough password');
    const client = new FormClient(bundle.app as never);
    await client.get('/dashboard/login');
    await client.post('/dashboard/login', { email: 'owner@example.test', password: 'a long enough password' });
    await client.get(`/dashboard/projects/${project.id}/automations`);
    expect(client.lastHtml).toContain('<option value="slack">On a Slack message</option>');
    // The release-notes run of the test before, with its pull request.
    // React's markup separates adjacent texts with empty comments.
    const text = () => client.lastHtml.replace(/<!-- -->/g, '');
    expect(text()).toMatch(/\(Slack message\): <a href="[^"]+\/jobs\/[^"]+">job [^<]+<\/a> completed, <a href="http:\/\/folio\.test\/pulls\/[0-9a-z]{10}">pull request<\/a>/);
    const refused = await client.post(`/dashboard/projects/${project.id}/automations`, { name: 'Docs bot', trigger: 'slack', slackChannel: 'docs', slackPattern: '', prompt: 'x' });
    expect(refused.status).toBe(400);
    expect(client.lastHtml).toContain('slackChannel: &quot;docs&quot; is not a channel id');
    await client.get(`/dashboard/projects/${project.id}/automations`);
    const made = await client.post(`/dashboard/projects/${project.id}/automations`, { name: 'Docs bot', trigger: 'slack', slackChannel: 'C0DOCSBOT', slackPattern: 'docs please', prompt: 'Change the docs as the message asks.' });
    expect(made.status).toBe(303);
    await client.get(`/dashboard/projects/${project.id}/automations`);
    expect(text()).toContain('Each Slack message in <code>C0DOCSBOT</code> containing <q>docs please</q>');
  });

  it('counts runs started by messages against the project\'s agent rate, and says in the thread when the rate refuses one', async () => {
    // The two runs the messages above started are the project's only agent requests this hour.
    const [counted] = await db.query<{ used: number }>('SELECT coalesce(sum(requests), 0)::int AS used FROM agent_rate_buckets WHERE project_id = $1', [project.id]);
    expect(Number(counted!.used)).toBe(2);
    await updateProject(db, project.id, { agentRatePerHour: 2 });
    const thread = '1800000003.000100';
    expect((await deliver(send, events(), SIGNING_SECRET, message(ANY, 'the import command lost its --dry-run flag', thread))).status).toBe(200);
    await bundle.slack!.idle();
    expect(await runs(anyId)).toBe(1);
    const refused = slack.posted().filter((m) => m.thread_ts === thread);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.text).toMatch(/^Automation \*Anything\* did not start: this project allows 2 agent requests an hour and has used them\. Post again in (\d+ seconds|about \d+ minutes)\.$/);
    // The API's door counts the same requests.
    const limited = (await getProject(db, project.id))!;
    await expect(bundle.services.createJob(limited, { prompt: 'Document the import command.' })).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED' });
  });
});
