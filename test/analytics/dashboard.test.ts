/**
 * The dashboard's analytics screens over real stored events, through the app (no browser): traffic
 * figures with their previous period, every day of the range on the chart, rankings, searches,
 * feedback tabs and statuses, the assistant's figures, topics and threads, CSV of each list, and a
 * topic handed to the agent as a job that carries its questions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcDay, writeEvents, writeFeedback, type StoredEvent } from '../../src/analytics/index.js';
import { createUser } from '../../src/dashboard/index.js';
import { createAssistantThread, createProject, getAgentJob, recordAssistantTurn, type ProjectRow } from '../../src/db/index.js';
import { dashboardStack, FormClient, type Stack } from '../dashboard/harness.js';

const DAY = 86_400_000;
/** The JSON a chart's island draws (`data-values`), as the page carries it. */
function chartOf(html: string, title: string): { days: string[]; series: { name: string; values: number[] }[] } {
  const section = html.slice(html.indexOf(`>${title}</h2>`));
  const attr = /data-values="([^"]*)"/.exec(section)?.[1];
  if (!attr) throw new Error(`no chart under ${title}`);
  return JSON.parse(attr.replaceAll('&quot;', '"').replaceAll('&amp;', '&').replaceAll('&#x27;', "'"));
}
const text = (html: string) => html.replaceAll('<!-- -->', '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('dashboard analytics screens', () => {
  let stack: Stack;
  let client: FormClient;
  let project: ProjectRow;
  let webThread = '';
  const now = Date.now();

  beforeAll(async () => {
    stack = await dashboardStack();
    project = await createProject(stack.db, { name: 'Docs', repoUrl: 'https://example.test/docs.git' });
    await createUser(stack.db, 'w@example.test', 'a long enough password');
    client = new FormClient(stack.app);
    await client.get('/dashboard/login');
    await client.post('/dashboard/login', { email: 'w@example.test', password: 'a long enough password' });
    const event = (over: Partial<StoredEvent> & { ago?: number }): StoredEvent => {
      const at = now - (over.ago ?? 0);
      const { ago: _ago, ...rest } = over;
      return { projectId: project.id, preview: '', kind: 'view', at: new Date(at), day: utcDay(at), path: '/guide', audience: 'human', channel: 'html', visitor: 'v1', referrerHost: '', query: null, results: null, opened: null, ...rest };
    };
    await writeEvents(stack.db, [
      event({}),
      event({ visitor: 'v2', referrerHost: 'github.com' }),
      event({ path: '/', audience: 'agent', channel: 'markdown', visitor: 'a1' }),
      event({ kind: 'search', path: '/', query: 'deploy', results: 0, channel: 'beacon' }),
      event({ kind: 'search', path: '/', query: 'install', results: 4, channel: 'beacon' }),
      event({ kind: 'search', path: '/mcp', query: 'webhook signature', audience: 'agent', channel: 'mcp', visitor: 'a2' }),
      // The period before the last 30 days: one view, so the views figure has something to compare with.
      event({ ago: 40 * DAY, visitor: 'old' }),
    ]);
    await writeFeedback(stack.db, [
      { id: 'fb-1', projectId: project.id, preview: '', path: '/guide', source: 'contextual', helpful: false, comment: 'Step 2, "npm i", fails', contact: null, code: null, filename: null, lang: null, at: new Date(now) },
      { id: 'fb-2', projectId: project.id, preview: '', path: '/guide', source: 'code_snippet', helpful: null, comment: 'Needs <sudo>', contact: null, code: 'apt install acme\n', filename: 'install.sh', lang: 'bash', at: new Date(now - 1000) },
      { id: 'fb-3', projectId: project.id, preview: '', path: '/', source: 'thumbs_only', helpful: true, comment: null, contact: null, code: null, filename: null, lang: null, at: new Date(now - 2000) },
    ]);
    await stack.db.query(`UPDATE analytics_feedback SET reason = 'out_of_date' WHERE id = 'fb-1'`);
    // The assistant: a reader on the site asks twice in one thread; an API caller once, and the docs have nothing.
    webThread = await createAssistantThread(stack.db, { projectId: project.id, fp: 'f1', pagePath: '/guide', caller: 'web' });
    const turn = { tokensIn: 10, tokensOut: 20 };
    await recordAssistantTurn(stack.db, { threadId: webThread, question: 'How do I install <Acme>?', answer: 'Run **npm i acme**, see [the guide](/guide#install). <script>x()</script>', citations: [{ path: '/guide', anchor: 'install', title: 'Guide' }], outcome: 'answered', ...turn }, now - 60_000);
    await recordAssistantTurn(stack.db, { threadId: webThread, question: 'And on Windows?', answer: 'The same command.', citations: [{ path: '/guide', title: 'Guide' }], outcome: 'answered', ...turn }, now - 30_000);
    const apiThread = await createAssistantThread(stack.db, { projectId: project.id, fp: 'f2', pagePath: '', caller: 'api' });
    await recordAssistantTurn(stack.db, { threadId: apiThread, question: 'Is there a Rust SDK?', answer: 'I found nothing about that.', citations: [], outcome: 'not_found', ...turn }, now - 10_000);
    await stack.db.query(`UPDATE assistant_messages SET rating = 'down' WHERE thread_id = $1 AND role = 'assistant'`, [apiThread]);
  });
  afterAll(() => stack.close());

  it('traffic: key figures against the previous period, every day of the range on the chart, the rankings', async () => {
    expect((await client.get(`/dashboard/projects/${project.id}/analytics`)).status).toBe(200);
    const page = client.lastHtml;
    const words = text(page);
    // One visitor in the 30 days before (the old view): up 200 %.
    expect(words).toMatch(/ 3 Visitors up 200% /);
    // 3 views in the range against 1 in the 30 days before: up 200 %.
    expect(words).toMatch(/ 3 Views up 200% /);
    expect(words).toMatch(/ 3 Assistant new /);
    // Humans' two searches and the agent's MCP search.
    expect(words).toMatch(/ 3 Searches new /);
    expect(words).toMatch(/ 3 Feedback new /);
    const chart = chartOf(page, 'Views over time');
    expect(chart.days).toHaveLength(30);
    expect(chart.days.at(-1)).toBe(utcDay(now));
    expect(chart.series.map((s) => [s.name, s.values.reduce((a, b) => a + b, 0), s.values.at(-1)])).toEqual([
      ['Agents', 1, 1],
      ['Humans', 2, 2],
    ]);
    expect(words).toMatch(/Rankings Top pages .* 1 \/guide 2 2 \/ 1 /);
    // Each page links to the site and to the editor on that page.
    expect(page).toContain(`href="/dashboard/projects/${project.id}/editor?page=%2Fguide"`);
    await client.get(`/dashboard/projects/${project.id}/analytics?rank=referrers`);
    expect(text(client.lastHtml)).toMatch(/1 github\.com 1/);
    await client.get(`/dashboard/projects/${project.id}/analytics?rank=mcp`);
    expect(text(client.lastHtml)).toMatch(/1 “webhook signature” 1/);
  });

  it('reads the range from the address: presets, a custom span, and the last 30 days for anything else', async () => {
    await client.get(`/dashboard/projects/${project.id}/analytics?range=7d`);
    expect(chartOf(client.lastHtml, 'Views over time').days).toHaveLength(7);
    expect(client.lastHtml).toContain('aria-label="Date range: Last 7 days"');
    // Links keep the range: the rankings' menu and the sidebar's other analytics screens do not lose it.
    expect(client.lastHtml).toContain(`?range=7d&amp;rank=referrers`);
    expect(client.lastHtml).toContain(`href="/dashboard/projects/${project.id}/analytics/searches?range=7d"`);
    await client.get(`/dashboard/projects/${project.id}/analytics?from=2020-01-01&to=2020-01-11`);
    const old = client.lastHtml;
    // Nothing to draw: no island, the note says so, and the table still lists every day.
    expect([...old.matchAll(/<td>(2020-01-\d\d)<\/td>/g)].map((m) => m[1])).toEqual(Array.from({ length: 10 }, (_, i) => `2020-01-${String(i + 1).padStart(2, '0')}`));
    expect(old).not.toContain('data-values=');
    expect(old).toContain('Date range: Jan 1 – 10, 2020');
    expect(text(old)).toContain('Nothing was viewed in this range yet.');
    await client.get(`/dashboard/projects/${project.id}/analytics?from=nope&to=2020-13-45`);
    expect(client.lastHtml).toContain('Date range: Last 30 days');
  });

  it('searches: humans and agents, figures, top and zero-result queries', async () => {
    expect((await client.get(`/dashboard/projects/${project.id}/analytics/searches`)).status).toBe(200);
    const words = text(client.lastHtml);
    expect(words).toMatch(/ 2 Humans 67% 1 Agents 33% /);
    expect(words).toMatch(/ 2 Unique queries new 1 Zero-result searches new /);
    expect(words).toMatch(/Top searches .*deploy 1 .*install 1/);
    expect(words).toMatch(/Zero-result search queries 1 deploy Human 1/);
    expect(words).toMatch(/1 webhook signature Agent 1/);
  });

  it('feedback: ratings by page, detailed entries with their reason, code snippets, statuses', async () => {
    await client.get(`/dashboard/projects/${project.id}/analytics/feedback`);
    let words = text(client.lastHtml);
    expect(words).toMatch(/Liked by viewers \/ .*Helpful: 1 .*Not helpful: 0 Needs improvement \/guide .*Helpful: 0 .*Not helpful: 1/);
    await client.get(`/dashboard/projects/${project.id}/analytics/feedback?tab=detailed`);
    const detailed = client.lastHtml;
    words = text(detailed);
    expect(detailed).toContain('Step 2, &quot;npm i&quot;, fails');
    expect(words).toContain('Not helpful Out of date');
    expect(detailed).not.toContain('Needs &lt;sudo&gt;');
    await client.get(`/dashboard/projects/${project.id}/analytics/feedback?tab=code`);
    expect(client.lastHtml.replaceAll('<!-- -->', '')).toMatch(/install\.sh \(bash\).*<pre class="snippet"><code>apt install acme<\/code><\/pre><blockquote>Needs &lt;sudo&gt;<\/blockquote>/s);

    const res = await client.post(`/dashboard/projects/${project.id}/analytics/feedback/fb-1`, { status: 'in_progress', back: 'range=90d&tab=detailed' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/dashboard/projects/${project.id}/analytics/feedback?range=90d&tab=detailed`);
    expect((await stack.db.query<{ status: string }>(`SELECT status FROM analytics_feedback WHERE id = 'fb-1'`))[0]!.status).toBe('in_progress');
    // The filter shows that status only.
    await client.get(`/dashboard/projects/${project.id}/analytics/feedback?tab=detailed&status=in_progress`);
    expect(client.lastHtml).toContain('Step 2, &quot;npm i&quot;, fails');
    await client.get(`/dashboard/projects/${project.id}/analytics/feedback?tab=detailed&status=resolved`);
    expect(client.lastHtml).not.toContain('Step 2, &quot;npm i&quot;, fails');
    expect(text(client.lastHtml)).toContain('No feedback marked resolved in this range.');
    // A status the dashboard does not offer, an unknown entry, and a `back` that is not the page's own query.
    expect((await client.post(`/dashboard/projects/${project.id}/analytics/feedback/fb-1`, { status: 'deleted' })).status).toBe(400);
    expect((await client.post(`/dashboard/projects/${project.id}/analytics/feedback/nope`, { status: 'resolved' })).status).toBe(404);
    const sneaky = await client.post(`/dashboard/projects/${project.id}/analytics/feedback/fb-1`, { status: 'resolved', back: '//evil.example/x' });
    expect(sneaky.headers.get('location')).toBe(`/dashboard/projects/${project.id}/analytics/feedback`);
  });

  it('assistant: conversations, satisfaction, chat history and a thread as the reader saw it', async () => {
    expect((await client.get(`/dashboard/projects/${project.id}/analytics/assistant?tab=history`)).status).toBe(200);
    const page = client.lastHtml.replaceAll('<!-- -->', '');
    const words = text(page);
    expect(words).toMatch(/Total conversations 3 2 answered, 1 unanswered new/);
    expect(words).toMatch(/Satisfaction 0 Thumbs up 0% 1 Thumbs down 100%/);
    // Newest first: the API question (nothing found), then the reader's two.
    const questions = [...page.matchAll(/<a href="[^"]*\/analytics\/assistant\/([^"?]+)\?range=30d">([^<]*)<\/a>/g)].map((m) => [m[2], m[1] === webThread ? 'web thread' : 'other']);
    expect(questions).toEqual([
      ['Is there a Rust SDK?', 'other'],
      ['And on Windows?', 'web thread'],
      ['How do I install &lt;Acme&gt;?', 'web thread'],
    ]);
    expect(words).toMatch(/Is there a Rust SDK\? unanswered thumbs down API/);

    expect((await client.get(`/dashboard/projects/${project.id}/analytics/assistant/${webThread}`)).status).toBe(200);
    const thread = client.lastHtml.replaceAll('<!-- -->', '');
    expect(text(thread)).toContain('2 questions');
    expect(thread.indexOf('How do I install &lt;Acme&gt;?')).toBeLessThan(thread.indexOf('And on Windows?'));
    // The answer's Markdown is drawn, its raw HTML escaped, its links leading to the published site.
    expect(thread).toContain('<strong>npm i acme</strong>');
    expect(thread).not.toContain('<script>x()');
    expect(thread).toMatch(/<a href="http:\/\/[^"]+\/guide#install">the guide<\/a>/);
    expect(thread).toMatch(/<ul class="cited" aria-label="Pages cited"><li><a href="http:\/\/[^"]+\/guide#install">Guide<\/a>/);
    expect((await client.get(`/dashboard/projects/${project.id}/analytics/assistant/nope`)).status).toBe(404);
    expect((await client.get(`/dashboard/projects/${project.id}/analytics/assistant?tab=history&cursor=garbage`)).status).toBe(400);
    await client.get(`/dashboard/projects/${project.id}/analytics/assistant?tab=history&from=2020-01-01&to=2020-02-01`);
    expect(client.lastHtml).toContain('No questions were asked in this range.');
  });

  it('assistant topics: groups the questions, and "Ask the agent to fix this" starts a job carrying them', async () => {
    await client.get(`/dashboard/projects/${project.id}/analytics/assistant`);
    const page = client.lastHtml.replaceAll('<!-- -->', '');
    const forms = [...page.matchAll(/action="([^"]*\/analytics\/topics\/([^"/]+)\/fix)"/g)];
    expect(forms.length).toBeGreaterThan(0);
    // The topic of the two install questions (they cite /guide).
    const guide = forms.find((f) => decodeURIComponent(f[2]!).includes('guide'));
    expect(guide).toBeDefined();
    const res = await client.post(guide![1]!.replaceAll('&amp;', '&'), { range: '30d' });
    expect(res.status).toBe(303);
    const jobId = /\/jobs\/([^?]+)\?notice=job-started$/.exec(res.headers.get('location') ?? '')?.[1];
    expect(jobId).toBeDefined();
    const job = await getAgentJob(stack.db, project.id, jobId!);
    expect(job?.status).toBe('active');
    const [first] = await stack.db.query<{ prompt: string }>('SELECT prompt FROM agent_job_messages WHERE job_id = $1 ORDER BY id LIMIT 1', [jobId]);
    expect(first!.prompt).toContain('How do I install <Acme>?');
    expect(first!.prompt).toContain('And on Windows?');
    expect(first!.prompt).toContain('/guide');
    expect((await client.post(`/dashboard/projects/${project.id}/analytics/topics/page-nope/fix`, { range: '30d' })).status).toBe(404);
  });

  it('exports what each list shows as CSV, quoted and defused', async () => {
    const res = await client.get(`/dashboard/projects/${project.id}/analytics.csv?kind=feedback`);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const feedback = await res.text();
    expect(feedback.split('\r\n')[0]).toBe('id,created_at,path,source,helpful,reason,status,comment,filename,lang,code');
    expect(feedback).toContain(',/guide,code_snippet,,,pending,Needs <sudo>,install.sh,bash,"apt install acme\n"');
    expect(feedback).toContain(',/guide,contextual,false,out_of_date,resolved,"Step 2, ""npm i"", fails"');
    expect(await (await client.get(`/dashboard/projects/${project.id}/analytics.csv?kind=views`)).text()).toBe('path,human,agent,total\r\n/guide,2,0,2\r\n/,0,1,1\r\n');
    expect(await (await client.get(`/dashboard/projects/${project.id}/analytics.csv?kind=referrers`)).text()).toBe('referrer_host,views\r\ngithub.com,1\r\n');
    expect(await (await client.get(`/dashboard/projects/${project.id}/analytics.csv?kind=mcp-searches`)).text()).toBe('query,searches\r\nwebhook signature,1\r\n');
    expect(await (await client.get(`/dashboard/projects/${project.id}/analytics.csv?kind=no-results`)).text()).toBe('query,searches,no_results\r\ndeploy,1,1\r\n');
    const traffic = (await (await client.get(`/dashboard/projects/${project.id}/analytics.csv?kind=traffic&range=7d`)).text()).trimEnd().split('\r\n');
    expect(traffic[0]).toBe('day,human,agent');
    expect(traffic).toHaveLength(8);
    expect(traffic.at(-1)).toBe(`${utcDay(now)},2,1`);
    const assistant = (await (await client.get(`/dashboard/projects/${project.id}/analytics.csv?kind=assistant`)).text()).trimEnd().split('\r\n');
    expect(assistant[0]).toBe('id,asked_at,thread_id,caller,question,resolution,rating,cited_pages,page');
    expect(assistant.slice(1).map((l) => l.split(',').slice(3, 8))).toEqual([
      ['api', 'Is there a Rust SDK?', 'unanswered', 'down', ''],
      ['web', 'And on Windows?', 'answered', '', '/guide'],
      ['web', 'How do I install <Acme>?', 'answered', '', '/guide#install'],
    ]);
    expect((await client.get(`/dashboard/projects/${project.id}/analytics.csv?kind=nope`)).status).toBe(404);
  });
});
