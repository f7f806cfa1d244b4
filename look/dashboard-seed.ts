/**
 * A dashboard with 30 days of a documentation team's life, for the dashboard's browser test, its
 * screenshot sheets and `npm run look`: page views by humans and agents with a weekly rhythm,
 * searches (some finding nothing), feedback on pages and code snippets in every status, assistant
 * conversations (answered, unanswered, rated), agent jobs, updates, automations, keys and a second
 * member. Figures come from a seeded generator: the same every run, so screenshots compare.
 */
import { utcDay, writeEvents, writeFeedback, type StoredEvent, type StoredFeedback } from '../src/analytics/index.js';
import { createUser } from '../src/dashboard/index.js';
import {
  createAgentJob,
  createApiKey,
  createAssistantKey,
  createAssistantThread,
  createAutomation,
  createProject,
  createUpdate,
  finishUpdate,
  recordAssistantTurn,
  startAutomationRun,
  type Database,
  type ProjectRow,
} from '../src/db/index.js';

const DAY = 86_400_000;

export const SEED_OWNER = { email: 'owner@example.test', password: 'a long enough password' };

/** The pages of the seeded site, most read first. */
export const SEED_PAGES = [
  '/quickstart',
  '/',
  '/guides/install',
  '/guides/configuration',
  '/api-reference/introduction',
  '/api-reference/endpoint/create-user',
  '/guides/webhooks',
  '/guides/authentication',
  '/concepts/projects',
  '/guides/deploy',
  '/changelog',
  '/integrations/slack',
];

const QUERIES = ['install', 'webhooks', 'api key', 'authentication', 'rate limit', 'deploy to vercel', 'pagination', 'sso', 'delete user', 'changelog', 'python sdk', 'cli login'];
const EMPTY_QUERIES = ['terraform provider', 'graphql', 'sap integration'];
const MCP_QUERIES = ['getting started', 'create user endpoint', 'webhook signature verification', 'authentication flow', 'rate limits', 'pagination cursor'];

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SeededDashboard {
  project: ProjectRow;
  other: ProjectRow;
  /** A thread the assistant screens can open. */
  threadId: string;
}

/** The docs repository's files: a page for each of `SEED_PAGES`, in two groups (the editor opens it). */
export function seedDocsFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  const fileOf = (page: string) => (page === '/' ? 'index' : page.slice(1));
  const title = (page: string) => (page === '/' ? 'Acme' : page.split('/').at(-1)!.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase()));
  for (const page of SEED_PAGES) files[`${fileOf(page)}.mdx`] = `---\ntitle: ${title(page)}\n---\n\nHow ${title(page).toLowerCase()} works in Acme.\n\n## Steps\n\nRun \`acme ${title(page).toLowerCase().replace(/ /g, '-')}\`.\n`;
  const guides = SEED_PAGES.filter((p) => !p.startsWith('/api-reference')).map(fileOf);
  const api = SEED_PAGES.filter((p) => p.startsWith('/api-reference')).map(fileOf);
  files['docs.json'] = `${JSON.stringify({ $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Acme', colors: { primary: '#4338ca' }, navigation: { groups: [{ group: 'Guides', pages: guides }, { group: 'API reference', pages: api }] } }, null, 2)}\n`;
  return files;
}

/** Fill `db` (and the project it creates) with the 30 days described above; `now` is the last moment, `repoUrl` the docs' repository. */
export async function seedDashboard(db: Database, { now = Date.now(), repoUrl = 'https://github.com/acme/docs.git' }: { now?: number; repoUrl?: string } = {}): Promise<SeededDashboard> {
  const rand = random(42);
  const project = await createProject(db, { name: 'Acme docs', repoUrl });
  const other = await createProject(db, { name: 'Acme API v1', repoUrl: 'https://github.com/acme/api-v1-docs.git' });
  await createUser(db, SEED_OWNER.email, SEED_OWNER.password);
  await createUser(db, 'writer@example.test', SEED_OWNER.password, 'editor');

  const events: StoredEvent[] = [];
  const view = (at: number, path: string, audience: 'human' | 'agent', channel: string, visitor: string, referrerHost = ''): StoredEvent => ({
    projectId: project.id, preview: '', kind: 'view', at: new Date(at), day: utcDay(at), path, audience, channel, visitor, referrerHost, query: null, results: null, opened: null,
  });
  const hosts = ['github.com', 'www.google.com', 'news.ycombinator.com', 'stackoverflow.com', 'chatgpt.com', ''];
  // 60 days: the 30 shown and the 30 before, so every figure has a previous period to compare with.
  for (let d = 59; d >= 0; d--) {
    const dayStart = Math.floor((now - d * DAY) / DAY) * DAY;
    const weekday = new Date(dayStart).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    const growth = d >= 30 ? 0.75 : 1;
    const humans = Math.round((weekend ? 35 : 90) * growth * (0.8 + rand() * 0.4));
    const agents = Math.round((weekend ? 60 : 140) * growth * (0.6 + rand() * 0.9) + (d === 9 ? 260 : 0));
    for (let i = 0; i < humans; i++) {
      const at = Math.min(now - 1000, dayStart + Math.floor(rand() * DAY));
      const page = SEED_PAGES[Math.floor(rand() ** 1.8 * SEED_PAGES.length)]!;
      events.push(view(at, page, 'human', 'html', `h${d}-${Math.floor(i / 3)}`, hosts[Math.floor(rand() * hosts.length)]));
    }
    for (let i = 0; i < agents; i++) {
      const at = Math.min(now - 1000, dayStart + Math.floor(rand() * DAY));
      const page = SEED_PAGES[Math.floor(rand() ** 1.4 * SEED_PAGES.length)]!;
      const channel = rand() < 0.6 ? 'markdown' : rand() < 0.5 ? 'llms' : 'mcp';
      events.push(view(at, channel === 'llms' ? '/llms.txt' : page, 'agent', channel, `a${d}-${i % 9}`));
    }
    const searches = Math.round((weekend ? 4 : 11) * growth * (0.7 + rand() * 0.6));
    for (let i = 0; i < searches; i++) {
      const at = Math.min(now - 1000, dayStart + Math.floor(rand() * DAY));
      const empty = rand() < 0.12;
      const query = empty ? EMPTY_QUERIES[Math.floor(rand() * EMPTY_QUERIES.length)]! : QUERIES[Math.floor(rand() ** 1.5 * QUERIES.length)]!;
      const base = { projectId: project.id, preview: '', at: new Date(at), day: utcDay(at), path: '/quickstart', audience: 'human' as const, channel: 'beacon', visitor: `s${d}-${i}`, referrerHost: '' };
      events.push({ ...base, kind: 'search', query, results: empty ? 0 : 3 + Math.floor(rand() * 8), opened: null });
      if (!empty && rand() < 0.45) events.push({ ...base, kind: 'search_open', query, results: null, opened: SEED_PAGES[2 + Math.floor(rand() * 8)]! });
    }
    // Agents searching through the site's MCP server.
    for (let i = 0; i < Math.round((weekend ? 3 : 8) * growth * (0.5 + rand())); i++) {
      const at = Math.min(now - 1000, dayStart + Math.floor(rand() * DAY));
      const query = MCP_QUERIES[Math.floor(rand() ** 1.3 * MCP_QUERIES.length)]!;
      events.push({ projectId: project.id, preview: '', kind: 'search', at: new Date(at), day: utcDay(at), path: '/mcp', audience: 'agent', channel: 'mcp', visitor: `m${d}-${i % 4}`, referrerHost: '', query, results: null, opened: null });
    }
  }
  for (let i = 0; i < events.length; i += 5_000) await writeEvents(db, events.slice(i, i + 5_000));

  const feedback: StoredFeedback[] = [];
  const comments = {
    down: ['Step 2 fails on Windows: the path has spaces.', 'The example uses a field the API no longer returns.', 'Which scopes does the token need? Not said anywhere.', 'Outdated: the dashboard moved this setting.'],
    up: ['Clear and short, worked first time.', 'The curl example saved me an hour.', 'Great overview of the concepts.'],
  };
  const reasons = { up: ['accurate', 'solved_problem', 'easy_to_understand'], down: ['inaccurate', 'not_found', 'out_of_date', 'hard_to_understand'] };
  const reasonOf: Record<string, string> = {};
  for (let i = 0; i < 80; i++) {
    // Most of it in the 30 days shown, the rest in the 30 before (the change badges compare them).
    const at = now - Math.floor(rand() * (i < 50 ? 29 : 58) * DAY) - 60_000;
    const page = SEED_PAGES[Math.floor(rand() * 9)]!;
    const helpful = page === '/guides/webhooks' || page === '/guides/authentication' ? rand() < 0.2 : rand() < 0.72;
    const withComment = rand() < 0.5;
    const list = helpful ? comments.up : comments.down;
    feedback.push({ id: `fb-${i}`, projectId: project.id, preview: '', path: page, source: withComment ? 'contextual' : 'thumbs_only', helpful, comment: withComment ? list[i % list.length]! : null, contact: null, code: null, filename: null, lang: null, at: new Date(at) });
    if (withComment && rand() < 0.8) reasonOf[`fb-${i}`] = (helpful ? reasons.up : reasons.down)[Math.floor(rand() * (helpful ? 3 : 4))]!;
  }
  for (let i = 0; i < 5; i++) {
    feedback.push({
      id: `fb-code-${i}`, projectId: project.id, preview: '', path: i % 2 ? '/guides/install' : '/api-reference/endpoint/create-user', source: 'code_snippet', helpful: null,
      comment: ['Say which Node version this needs.', 'This returns 401 without the header.', 'Typo: `--yes` not `-yes`.', 'Missing the import line.', 'Works, but shows a deprecation warning.'][i]!,
      contact: null, code: i % 2 ? 'npm i acme\nnpx acme init --yes\n' : 'curl -X POST https://api.acme.test/v1/users \\\n  -H "Authorization: Bearer $ACME_KEY" \\\n  -d \'{"email":"a@b.c"}\'\n',
      filename: i % 2 ? 'install.sh' : 'create-user.sh', lang: 'bash', at: new Date(now - (i + 1) * 3 * DAY),
    });
  }
  await writeFeedback(db, feedback);
  for (const [id, reason] of Object.entries(reasonOf)) await db.query('UPDATE analytics_feedback SET reason = $2 WHERE id = $1', [id, reason]);
  await db.query(`UPDATE analytics_feedback SET status = 'resolved' WHERE project_id = $1 AND id IN ('fb-1', 'fb-4', 'fb-code-3')`, [project.id]);
  await db.query(`UPDATE analytics_feedback SET status = 'in_progress' WHERE project_id = $1 AND id IN ('fb-2', 'fb-7')`, [project.id]);
  await db.query(`UPDATE analytics_feedback SET status = 'dismissed' WHERE project_id = $1 AND id = 'fb-9'`, [project.id]);

  const turn = { tokensIn: 900, tokensOut: 240 };
  const questions: [string, string, { path: string; anchor?: string; title: string }[], 'answered' | 'not_found'][] = [
    ['How do I verify a webhook signature?', 'Compute an HMAC-SHA256 of the raw body with your signing secret and compare it with the `Acme-Signature` header. See [Webhooks](/guides/webhooks#verify).', [{ path: '/guides/webhooks', anchor: 'verify', title: 'Webhooks' }], 'answered'],
    ['why do my webhooks arrive twice', 'Deliveries are retried until your endpoint answers 2xx within 10 s; make the handler idempotent with the `event.id`. See [Webhooks](/guides/webhooks#retries).', [{ path: '/guides/webhooks', anchor: 'retries', title: 'Webhooks' }], 'answered'],
    ['How do I install the CLI on Windows?', 'Run `npm i -g acme` in PowerShell, then `acme login`. See [Install](/guides/install#windows).', [{ path: '/guides/install', anchor: 'windows', title: 'Install' }], 'answered'],
    ['Does the API support SSO with Okta?', 'Yes: SAML and OIDC. See [Authentication](/guides/authentication#sso).', [{ path: '/guides/authentication', anchor: 'sso', title: 'Authentication' }], 'answered'],
    ['Is there a Terraform provider?', 'I found nothing about a Terraform provider in these docs.', [], 'not_found'],
    ['Can I delete a user with the API?', 'Send `DELETE /v1/users/{id}` with an admin key. See [Delete a user](/api-reference/endpoint/create-user).', [{ path: '/api-reference/endpoint/create-user', title: 'Users' }], 'answered'],
    ['how to rotate my api key', 'Create a new key under Settings → API keys, deploy it, then revoke the old one. See [Authentication](/guides/authentication#keys).', [{ path: '/guides/authentication', anchor: 'keys', title: 'Authentication' }], 'answered'],
    ['What is the rate limit?', '600 requests a minute per key; a 429 carries `Retry-After`. See [Introduction](/api-reference/introduction#limits).', [{ path: '/api-reference/introduction', anchor: 'limits', title: 'API introduction' }], 'answered'],
    ['Do you have a GraphQL API?', 'I found nothing about GraphQL in these docs.', [], 'not_found'],
    ['How do I deploy behind a proxy?', 'Set `ACME_PROXY` before `acme deploy`. See [Deploy](/guides/deploy#proxy).', [{ path: '/guides/deploy', anchor: 'proxy', title: 'Deploy' }], 'answered'],
  ];
  let threadId = '';
  for (let i = 0; i < 110; i++) {
    const [q, a, citations, outcome] = questions[i % questions.length]!;
    const at = now - Math.floor(((i * 37) % (i < 70 ? 29 : 58)) * DAY + rand() * DAY * 0.9) - 120_000;
    const thread = await createAssistantThread(db, { projectId: project.id, fp: `fp${i}`, pagePath: citations[0]?.path ?? '/quickstart', caller: i % 7 === 3 ? 'api' : 'web' });
    await recordAssistantTurn(db, { threadId: thread, question: q, answer: a, citations, outcome, ...turn }, at);
    if (i === 0) threadId = thread;
  }
  // Readers' thumbs on some answers: most up, the not-found ones down.
  await db.query(
    `UPDATE assistant_messages m SET rating = CASE WHEN m.outcome = 'not_found' THEN 'down' WHEN (hashtext(m.id) % 5) = 0 THEN 'down' ELSE 'up' END
     FROM assistant_threads t WHERE t.id = m.thread_id AND t.project_id = $1 AND m.role = 'assistant' AND (hashtext(m.id) % 3) = 0`,
    [project.id],
  );
  await db.query(
    `UPDATE assistant_threads SET created_at = m.created_at, updated_at = m.created_at FROM (SELECT thread_id, min(created_at) AS created_at FROM assistant_messages GROUP BY thread_id) m WHERE m.thread_id = assistant_threads.id AND project_id = $1`,
    [project.id],
  );

  await createAgentJob(db, { projectId: project.id, prompt: 'Document the new `--yes` flag of `acme init` in the install guide.', model: 'folio-maintainer', repository: project.repoUrl, ref: 'main' });
  for (const [source, ok, summary] of [['push', true, 'Published 124 pages in 3.2 s'], ['dashboard', false, 'docs.json: navigation.tabs[1].groups[0].pages[3]: "guides/old" is not a page'], ['api', true, 'Published 125 pages in 2.9 s']] as const) {
    const update = await createUpdate(db, project.id, source);
    await finishUpdate(db, update.id, { status: ok ? 'success' : 'failure', summary });
  }
  await createAutomation(db, { projectId: project.id, name: 'Weekly link check', trigger: 'schedule', schedule: '0 9 * * 1', prompt: 'Find and fix broken links.', model: 'folio-maintainer', branch: null, nextRunAt: new Date(now + 2 * DAY) });
  // A Slack-message automation with a run that ended in a pull request (the list's channel, words, run and link).
  const notes = await createAutomation(db, { projectId: project.id, name: 'Release notes from Slack', trigger: 'slack', schedule: null, prompt: 'Write the release notes the message asks for.', model: null, branch: null, nextRunAt: null, kind: 'changelog', slackChannel: 'C0RELEASES', slackPattern: 'release notes' });
  const run = await startAutomationRun(db, { automationId: notes.id, reason: 'slack', defaultModel: 'folio-maintainer', ref: null, now: new Date(now - 3 * 3_600_000), promptSuffix: '' });
  await db.query(`UPDATE agent_jobs SET status = 'completed', pr_link = $2, summary = 'Release notes for 2.4' WHERE id = $1`, [run!.job.id, 'https://github.com/acme/docs/pull/412']);
  await createApiKey(db, { projectIds: [project.id], name: 'CI deploys', expiresAt: null });
  await createAssistantKey(db, { projectId: project.id, name: 'Support widget', allowedOrigins: ['https://app.acme.test'] });
  return { project, other, threadId };
}
