/**
 * The agent in Slack, end to end against a Slack stand-in (signed deliveries one way, the Web API
 * the other), the chat stand-in model, a real git repository and the agent worker: a mention asking
 * a question is answered in its thread with the site's pages as Slack links (through one 429 that
 * the client waits out), a follow-up in the thread is answered without a mention, "please document
 * the new --flag" becomes an agent job whose pull request link is posted to the thread, and forged,
 * stale, retried and foreign deliveries are refused or handled once. The secrets are stored sealed.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type AgentWorker } from '../../src/agent/index.js';
import { DEFAULT_ASSISTANT_LIMITS } from '../../src/assistant/index.js';
import { createDashboard, createUser } from '../../src/dashboard/index.js';
import { createProject, openDatabase, type Database } from '../../src/db/index.js';
import { publishBuild, siteDirFor } from '../../src/hosting/index.js';
import { createAppBundle, type AppBundle } from '../../src/server/index.js';
import { SecretBox } from '../../src/shared/index.js';
import { buildSite } from '../../src/site-build/index.js';
import { startChatStandIn, type ReceivedRequest, type ScriptedTurn } from '../agent/llm-stand-in.js';
import { backends, createFreshPostgresDatabase } from '../db/helpers.js';
import { FormClient } from '../dashboard/harness.js';
import { createBareRepo, gitOut, SITE_FILES, tempDir } from '../git/git-fixtures.js';
import { deliver, eventCallback, startSlackStandIn, type SlackStandIn } from './slack-stand-in.js';

const TEAM = 'T0STANDIN';
const BOT = 'U0FOLIOBOT';
const CHANNEL = 'C0DOCS';
const TOKEN = 'xoxb-1111-2222-standintoken';
const SIGNING_SECRET = randomBytes(16).toString('hex');
const PUBLIC_URL = 'http://folio.test';

function writeDocs(root: string): void {
  fs.mkdirSync(path.join(root, 'guides'), { recursive: true });
  fs.writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'Widgets', colors: { primary: '#225588' }, navigation: { pages: ['index', 'guides/install', 'billing'] } }));
  fs.writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Welcome\n---\nWidgets for everyone.\n');
  fs.writeFileSync(path.join(root, 'billing.mdx'), '---\ntitle: Billing\n---\nInvoices arrive monthly.\n');
  fs.writeFileSync(path.join(root, 'guides', 'install.mdx'), '---\ntitle: Install widgets\n---\nIntro.\n\n## Requirements\n\nYou need a sprocket wrench to install widgets.\n');
}

/** The model: the assistant (tools search/get_page) answers citing the install page; the agent documents the flag, then sums up. */
function model(request: ReceivedRequest): ScriptedTurn {
  if (request.tools.includes('get_page')) return { text: 'You need a **sprocket wrench** ([Requirements](/guides/install#requirements)) & patience.' };
  if (request.messages.at(-1)?.role !== 'tool') {
    return { tools: [{ name: 'write_file', args: { path: 'guides/setup.mdx', content: '---\ntitle: Setup\n---\n\nInstall it.\n\n## Flags\n\n`--flag` turns the new behaviour on.\n' } }] };
  }
  return { text: 'Document the new --flag\n\nAdded a Flags section to guides/setup.mdx describing --flag.' };
}

describe.each(backends)('the agent in Slack on %s', (backend) => {
  let tmp: { dir: string; cleanup: () => Promise<void> };
  let db: Database;
  let drop: (() => Promise<void>) | undefined;
  let worker: AgentWorker;
  let bundle: AppBundle;
  let slack: SlackStandIn;
  let llm: Awaited<ReturnType<typeof startChatStandIn>>;
  let projectId: string;
  let bare: string;
  let client: FormClient;
  const send = (p: string, init: RequestInit) => bundle.app.request(`http://folio.test${p}`, init);
  const events = () => `/slack/events/${projectId}`;
  const mention = (text: string, ts: string, extra: Record<string, unknown> = {}) => eventCallback(TEAM, { type: 'app_mention', user: 'U0PERSON', text: `<@${BOT}> ${text}`, channel: CHANNEL, ts, ...extra });

  beforeAll(async () => {
    tmp = await tempDir('folio-slack-');
    llm = await startChatStandIn(model);
    slack = await startSlackStandIn({ token: TOKEN, teamId: TEAM, botUserId: BOT, limitOnce: ['chat.postMessage'] });
    const fresh = backend === 'postgres' ? await createFreshPostgresDatabase() : null;
    drop = fresh?.drop;
    db = await openDatabase(fresh ? { databaseUrl: fresh.url } : { memory: true });
    const llmOptions = { provider: 'openai-compatible' as const, baseUrl: llm.baseUrl, apiKey: 'test-key' };
    worker = await startWorker({ db, publicUrl: PUBLIC_URL, workDir: path.join(tmp.dir, 'work'), pollIntervalSeconds: 0.5, verify: 'validate', llm: llmOptions });
    const dataDir = path.join(tmp.dir, 'data');
    bundle = createAppBundle({
      db,
      dataDir,
      enqueueAgentJob: (id) => worker.enqueue(id),
      defaultModel: 'agent-m',
      assistant: { llm: llmOptions, model: 'assistant-m', limits: DEFAULT_ASSISTANT_LIMITS },
      secretBox: new SecretBox(randomBytes(32)),
      slack: { apiUrl: slack.apiUrl, reportIntervalMs: 100 },
      // The dashboard as `folio serve` mounts it, with the Slack page's settings service.
      mount: (app, shared) => app.route('/dashboard', createDashboard({ db, services: shared.services, slack: shared.slack?.settings, editor: { workRoot: path.join(tmp.dir, 'editor') } })),
    });
    bare = await createBareRepo(tmp.dir, SITE_FILES, 'docs');
    projectId = (await createProject(db, { name: 'Widgets', repoUrl: bare })).id;
    const docs = path.join(tmp.dir, 'site');
    writeDocs(docs);
    const siteDir = siteDirFor(dataDir, projectId, null)!;
    const out = path.join(siteDir, 'builds', 'b1');
    expect((await buildSite({ root: docs, outDir: out, cache: false, search: false, threads: 1 })).ok).toBe(true);
    await publishBuild(siteDir, out);
    // Saved as the dashboard's Slack page saves it: the token checked through auth.test.
    await bundle.slack!.settings.save(projectId, { teamId: TEAM, channels: CHANNEL, signingSecret: SIGNING_SECRET, botToken: TOKEN });
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

  it('keeps the signing secret and bot token sealed, and shows them only masked', async () => {
    const [row] = await db.query<{ signing_secret: string; bot_token: string; bot_user_id: string }>('SELECT signing_secret, bot_token, bot_user_id FROM slack_settings WHERE project_id = $1', [projectId]);
    expect(row!.bot_token).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(TOKEN);
    expect(JSON.stringify(row)).not.toContain(SIGNING_SECRET);
    expect(row!.bot_user_id).toBe(BOT);
    expect(await bundle.slack!.settings.view(projectId)).toEqual({ teamId: TEAM, channels: [CHANNEL], signingSecretHint: `••••${SIGNING_SECRET.slice(-4)}`, botTokenHint: '••••oken', botUserId: BOT, readable: true });
    expect(slack.calls.filter((c) => c.method === 'auth.test')).toHaveLength(1);
    expect(slack.calls[0]!.contentType).toMatch(/^application\/json/);
  });

  it('shows the settings on the dashboard\'s Slack page, secrets masked, and refuses a token of another workspace', async () => {
    await createUser(db, 'owner@example.test', 'a long enough password');
    client = new FormClient(bundle.app as never);
    await client.get('/dashboard/login');
    await client.post('/dashboard/login', { email: 'owner@example.test', password: 'a long enough password' });
    const page = await client.get(`/dashboard/projects/${projectId}/products/slack`);
    expect(page.status).toBe(200);
    expect(client.lastHtml).toContain(`href="/dashboard/projects/${projectId}/products/slack" aria-current="page"`);
    expect(client.lastHtml).toContain(`http://localhost/slack/events/${projectId}`);
    expect(client.lastHtml).toContain('Connected');
    expect(client.lastHtml).toContain(`••••${SIGNING_SECRET.slice(-4)}`);
    expect(client.lastHtml).not.toContain(SIGNING_SECRET);
    expect(client.lastHtml).not.toContain(TOKEN);
    // Empty secrets keep the stored ones; the token is checked with Slack again.
    const saved = await client.post(`/dashboard/projects/${projectId}/products/slack`, { teamId: TEAM, channels: `#${CHANNEL}`, signingSecret: '', botToken: '' });
    expect(saved.status).toBe(303);
    expect((await bundle.slack!.settings.view(projectId))!.channels).toEqual([CHANNEL]);
    await client.get(`/dashboard/projects/${projectId}/products/slack`);
    const refused = await client.post(`/dashboard/projects/${projectId}/products/slack`, { teamId: 'T0ELSEWHERE', channels: CHANNEL, signingSecret: '', botToken: '' });
    expect(refused.status).toBe(400);
    expect(client.lastHtml).toContain('SLACK_SETTINGS_INVALID');
    expect(client.lastHtml).toContain(`the bot token belongs to workspace ${TEAM}, not T0ELSEWHERE`);
    expect((await bundle.slack!.settings.view(projectId))!.teamId).toBe(TEAM);
  });

  it('answers the URL verification challenge', async () => {
    const res = await deliver(send, events(), SIGNING_SECRET, { token: 'x', challenge: 'chal-123', type: 'url_verification' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ challenge: 'chal-123' });
  });

  it('answers a question in its thread, citing the pages as Slack links, through a 429', async () => {
    const started = Date.now();
    const res = await deliver(send, events(), SIGNING_SECRET, mention('How do I install widgets with a sprocket?', '1700000000.000100'));
    expect(res.status).toBe(200);
    // Answered before the work: the model and Slack's 1 s Retry-After come after.
    expect(Date.now() - started).toBeLessThan(1_000);
    await bundle.slack!.idle();
    const answer = await slack.waitForPost((m) => m.thread_ts === '1700000000.000100');
    const site = `http://${projectId}.localhost/guides/install#requirements`;
    expect(answer.text).toBe(`You need a *sprocket wrench* (<${site}|Requirements>) &amp; patience.\n\n*Sources*\n• <${site}|Install widgets: Requirements>`);
    const posts = slack.calls.filter((c) => c.method === 'chat.postMessage');
    expect(posts.map((c) => c.limited)).toEqual([true, false]);
    expect(posts[1]!.contentType).toMatch(/^application\/json/);
  });

  it('answers a follow-up in the thread without a mention, with the conversation so far', async () => {
    const before = llm.received.length;
    const res = await deliver(send, events(), SIGNING_SECRET, eventCallback(TEAM, { type: 'message', user: 'U0PERSON', text: 'And which wrench size for widgets?', channel: CHANNEL, ts: '1700000001.000200', thread_ts: '1700000000.000100' }));
    expect(res.status).toBe(200);
    await bundle.slack!.idle();
    expect(slack.posted().filter((m) => m.thread_ts === '1700000000.000100')).toHaveLength(2);
    const asked = llm.received.slice(before).find((r) => r.tools.includes('get_page'))!;
    expect(asked.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
  });

  it('ignores a message in a thread it is not in, and a channel it was not given', async () => {
    const count = slack.posted().length;
    await deliver(send, events(), SIGNING_SECRET, eventCallback(TEAM, { type: 'message', user: 'U0PERSON', text: 'unrelated chat', channel: CHANNEL, ts: '1700000002.000300', thread_ts: '1700000002.000100' }));
    await deliver(send, events(), SIGNING_SECRET, mention('How do I install widgets?', '1700000002.000400', { channel: 'C0OTHER' }));
    await bundle.slack!.idle();
    expect(slack.posted()).toHaveLength(count);
  });

  it('turns "please document the new --flag" into an agent job and posts its pull request to the thread', async () => {
    const thread = '1700000003.000100';
    expect((await deliver(send, events(), SIGNING_SECRET, mention('please document the new --flag', thread))).status).toBe(200);
    await bundle.slack!.idle();
    const started = await slack.waitForPost((m) => m.thread_ts === thread);
    const jobId = /agent job `([^`]+)`/.exec(started.text)?.[1];
    expect(jobId, started.text).toBeTruthy();
    const [job] = await db.query<{ prompt: string; model: string }>('SELECT prompt, model FROM agent_jobs WHERE id = $1', [jobId]);
    expect(job).toEqual({ prompt: 'please document the new --flag', model: 'agent-m' });
    const done = await slack.waitForPost((m) => m.thread_ts === thread && m.text.startsWith('Pull request ready'), 60_000);
    expect(done.text).toMatch(new RegExp(`^Pull request ready: <${PUBLIC_URL}/pulls/[0-9a-z]{10}\\|${PUBLIC_URL}/pulls/[0-9a-z]{10}>\\nChanged 1 file \\(\`guides/setup.mdx\`\\) and opened a pull request`));
    expect(done.text).toContain('Added a Flags section to guides/setup.mdx describing --flag.');
    expect(gitOut(bare, ['show', `folio/agent-${jobId}:guides/setup.mdx`])).toContain('`--flag` turns the new behaviour on.');
    // The "working on it" message now says the job is done (chat.update), and the outcome is posted once.
    expect(slack.posted().find((m) => m.ts === started.ts)!.text).toBe(`Agent job \`${jobId}\`: done.`);
    await bundle.slack!.reports.tick();
    expect(slack.posted().filter((m) => m.text.startsWith('Pull request ready'))).toHaveLength(1);
  }, 90_000);

  it('refuses a forged signature and a timestamp ten minutes old with 401', async () => {
    const forged = await deliver(send, events(), randomBytes(16).toString('hex'), mention('How do I install widgets?', '1700000004.000100'));
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ code: 'SLACK_SIGNATURE_INVALID', error: 'Event refused: X-Slack-Signature does not match the body signed with the signing secret.' });
    const stale = await deliver(send, events(), SIGNING_SECRET, mention('How do I install widgets?', '1700000004.000200'), { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(stale.status).toBe(401);
    expect(((await stale.json()) as { code: string }).code).toBe('SLACK_TIMESTAMP_STALE');
    // A project without a Slack app is refused alike (its existence not told).
    const unknown = await deliver(send, '/slack/events/no-such-project', SIGNING_SECRET, mention('hi', '1700000004.000300'));
    expect(unknown.status).toBe(401);
    expect(((await unknown.json()) as { code: string }).code).toBe('SLACK_SIGNATURE_INVALID');
  });

  it('handles a retried event once', async () => {
    const thread = '1700000005.000100';
    const payload = mention('How do I install widgets?', thread);
    const first = await deliver(send, events(), SIGNING_SECRET, payload);
    const retry = await deliver(send, events(), SIGNING_SECRET, payload, { retry: 1 });
    expect([first.status, retry.status]).toEqual([200, 200]);
    expect(await retry.json()).toEqual({ ok: true, duplicate: true });
    await bundle.slack!.idle();
    expect(slack.posted().filter((m) => m.thread_ts === thread)).toHaveLength(1);
  });

  it('refuses an event of another workspace, and a body over the limit', async () => {
    const foreign = await deliver(send, events(), SIGNING_SECRET, eventCallback('T0OTHER', { type: 'app_mention', user: 'U1', text: `<@${BOT}> hi`, channel: CHANNEL, ts: '1700000006.000100' }));
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { code: string }).code).toBe('SLACK_TEAM_MISMATCH');
    const big = await deliver(send, events(), SIGNING_SECRET, { type: 'event_callback', pad: 'x'.repeat(300_000) });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { code: string }).code).toBe('SLACK_BODY_TOO_LARGE');
  });

  it('disconnects from the dashboard: the secrets are deleted and events refused', async () => {
    await client.get(`/dashboard/projects/${projectId}/products/slack`);
    expect(client.lastHtml).toContain('form="slack-disconnect"');
    const res = await client.post(`/dashboard/projects/${projectId}/products/slack/disconnect`, {});
    expect(res.status).toBe(303);
    expect(await db.query('SELECT 1 FROM slack_settings WHERE project_id = $1', [projectId])).toEqual([]);
    const refused = await deliver(send, events(), SIGNING_SECRET, mention('How do I install widgets?', '1700000007.000100'));
    expect(refused.status).toBe(401);
    await client.get(`/dashboard/projects/${projectId}/products/slack`);
    expect(client.lastHtml).toContain('Not connected');
  });
});
