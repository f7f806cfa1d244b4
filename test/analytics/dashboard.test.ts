/** The dashboard's analytics pages over real stored events: totals, chart, tables, feedback status, assistant conversations and CSV export. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcDay, writeEvents, writeFeedback, type StoredEvent } from '../../src/analytics/index.js';
import { createUser } from '../../src/dashboard/index.js';
import { createAssistantThread, createProject, recordAssistantTurn, type ProjectRow } from '../../src/db/index.js';
import { dashboardStack, FormClient, type Stack } from '../dashboard/harness.js';

describe('dashboard analytics page', () => {
  let stack: Stack;
  let client: FormClient;
  let project: ProjectRow;
  let webThread = '';

  beforeAll(async () => {
    stack = await dashboardStack();
    project = await createProject(stack.db, { name: 'Docs', repoUrl: 'https://example.test/docs.git' });
    await createUser(stack.db, 'w@example.test', 'a long enough password');
    client = new FormClient(stack.app);
    await client.get('/dashboard/login');
    await client.post('/dashboard/login', { email: 'w@example.test', password: 'a long enough password' });
    const now = Date.now();
    const event = (over: Partial<StoredEvent>): StoredEvent => ({ projectId: project.id, preview: '', kind: 'view', at: new Date(now), day: utcDay(now), path: '/guide', audience: 'human', channel: 'html', visitor: 'v1', referrerHost: '', query: null, results: null, opened: null, ...over });
    await writeEvents(stack.db, [
      event({}),
      event({ visitor: 'v2', referrerHost: 'github.com' }),
      event({ path: '/', audience: 'agent', channel: 'markdown', visitor: 'a1' }),
      event({ kind: 'search', path: '/', query: 'deploy', results: 0, channel: 'beacon' }),
      event({ kind: 'search', path: '/', query: 'install', results: 4, channel: 'beacon' }),
    ]);
    await writeFeedback(stack.db, [
      { id: 'fb-1', projectId: project.id, preview: '', path: '/guide', source: 'contextual', helpful: false, comment: 'Step 2, "npm i", fails', contact: null, code: null, filename: null, lang: null, at: new Date(now) },
      { id: 'fb-2', projectId: project.id, preview: '', path: '/guide', source: 'code_snippet', helpful: null, comment: 'Needs <sudo>', contact: null, code: 'apt install acme\n', filename: 'install.sh', lang: 'bash', at: new Date(now - 1000) },
    ]);
    // The assistant: a reader on the site asks twice in one thread; an API caller once, and the docs have nothing.
    webThread = await createAssistantThread(stack.db, { projectId: project.id, fp: 'f1', pagePath: '/guide', caller: 'web' });
    const turn = { tokensIn: 10, tokensOut: 20 };
    await recordAssistantTurn(stack.db, { threadId: webThread, question: 'How do I install <Acme>?', answer: 'Run **npm i acme**. <script>x()</script>', citations: [{ path: '/guide', anchor: 'install', title: 'Guide' }], outcome: 'answered', ...turn }, now - 60_000);
    await recordAssistantTurn(stack.db, { threadId: webThread, question: 'And on Windows?', answer: 'The same command.', citations: [], outcome: 'answered', ...turn }, now - 30_000);
    const apiThread = await createAssistantThread(stack.db, { projectId: project.id, fp: 'f2', pagePath: '', caller: 'api' });
    await recordAssistantTurn(stack.db, { threadId: apiThread, question: 'Is there a Rust SDK?', answer: 'I found nothing about that.', citations: [], outcome: 'not_found', ...turn }, now - 10_000);
  });
  afterAll(() => stack.close());

  it('shows the totals, the chart with its table, pages, searches, searches without results and comments', async () => {
    const res = await client.get(`/dashboard/projects/${project.id}/analytics`);
    expect(res.status).toBe(200);
    const page = client.lastHtml;
    expect(page).toContain('<strong>2</strong> human views');
    expect(page).toContain('<strong>1</strong> agent views');
    expect(page).toContain('<strong>3</strong> visitors');
    expect(page).toMatch(/<svg[^>]*role="img"/);
    expect(page).toContain('2 human views and 1 agent views');
    expect(page).toContain('<td>/guide</td><td>2</td><td>0</td><td>2</td>');
    expect(page).toMatch(/Searches without results<\/h2><table>.*<td>deploy<\/td><td>1<\/td>/s);
    expect(page).toContain('Step 2, &quot;npm i&quot;, fails');
    expect(page).toContain('Mark resolved');
    expect(page).toMatch(/Top referrers<\/h2>.*<td>github\.com<\/td><td>1<\/td>/s);
    // Code-snippet feedback has its own list, with the block it is about; the comments list keeps page feedback.
    const [comments, snippets] = page.replaceAll('<!-- -->', '').split('<h2>Code snippets</h2>');
    expect(comments).not.toContain('Needs &lt;sudo&gt;');
    expect(snippets).toMatch(/<strong>\/guide<\/strong> · install\.sh \(bash\).*<pre class="snippet"><code>apt install acme<\/code><\/pre><blockquote>Needs &lt;sudo&gt;<\/blockquote>/s);
  });

  it('sets a comment resolved and open again', async () => {
    const res = await client.post(`/dashboard/projects/${project.id}/analytics/feedback/fb-1`, { status: 'resolved', back: 'from=2020-01-01&to=2030-01-01' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/dashboard/projects/${project.id}/analytics?from=2020-01-01&to=2030-01-01`);
    expect((await stack.db.query<{ status: string }>(`SELECT status FROM analytics_feedback WHERE id = 'fb-1'`))[0]!.status).toBe('resolved');
    await client.get(`/dashboard/projects/${project.id}/analytics`);
    expect(client.lastHtml).toContain('Reopen');
    expect((await client.post(`/dashboard/projects/${project.id}/analytics/feedback/nope`, { status: 'resolved' })).status).toBe(404);
  });

  it('exports CSV with quoted cells', async () => {
    const res = await client.get(`/dashboard/projects/${project.id}/analytics.csv?kind=feedback`);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = await res.text();
    expect(text.split('\r\n')[0]).toBe('id,created_at,path,source,helpful,status,comment,filename,lang,code');
    expect(text).toContain(',/guide,code_snippet,,pending,Needs <sudo>,install.sh,bash,"apt install acme\n"');
    expect(text).toContain(',/guide,contextual,false,resolved,"Step 2, ""npm i"", fails"');
    const views = await (await client.get(`/dashboard/projects/${project.id}/analytics.csv?kind=views`)).text();
    expect(views).toBe('path,human,agent,total\r\n/guide,2,0,2\r\n/,0,1,1\r\n');
    expect(await (await client.get(`/dashboard/projects/${project.id}/analytics.csv?kind=referrers`)).text()).toBe('referrer_host,views\r\ngithub.com,1\r\n');
  });

  it('lists assistant conversations with their caller and cited pages, and opens a thread', async () => {
    const res = await client.get(`/dashboard/projects/${project.id}/analytics/assistant`);
    expect(res.status).toBe(200);
    const page = client.lastHtml.replaceAll('<!-- -->', '');
    expect(page).toContain('<strong>3</strong> questions');
    expect(page).toContain('<strong>2</strong> from the site&#x27;s widget');
    expect(page).toContain('<strong>1</strong> through the API');
    // Newest first: the API question (nothing found), then the reader's two.
    const questions = [...page.matchAll(/<td><a href="[^"]*\/analytics\/assistant\/([^"?]+)\?from=[^"]*">([^<]*)<\/a>/g)].map((m) => [m[2], m[1] === webThread ? 'web thread' : 'other']);
    expect(questions).toEqual([
      ['Is there a Rust SDK?', 'other'],
      ['And on Windows?', 'web thread'],
      ['How do I install &lt;Acme&gt;?', 'web thread'],
    ]);
    expect(page).toMatch(/Is there a Rust SDK\?<\/a><span class="tag">Not found in the docs<\/span><\/td><td><time[^>]*>[^<]+<\/time><\/td><td>API<\/td><td>-<\/td>/);
    expect(page).toMatch(/How do I install &lt;Acme&gt;\?<\/a><\/td><td><time[^>]*>[^<]+<\/time><\/td><td>Site widget<\/td><td><ul class="cited"><li>\/guide#install<\/li><\/ul>/);

    expect((await client.get(`/dashboard/projects/${project.id}/analytics/assistant/${webThread}`)).status).toBe(200);
    const thread = client.lastHtml.replaceAll('<!-- -->', '');
    expect(thread).toContain('2 questions');
    expect(thread.indexOf('How do I install &lt;Acme&gt;?')).toBeLessThan(thread.indexOf('And on Windows?'));
    // The answer's Markdown is drawn, its raw HTML escaped.
    expect(thread).toContain('<strong>npm i acme</strong>');
    expect(thread).not.toContain('<script>x()');
    expect((await client.get(`/dashboard/projects/${project.id}/analytics/assistant/nope`)).status).toBe(404);
    expect((await client.get(`/dashboard/projects/${project.id}/analytics/assistant?cursor=garbage`)).status).toBe(400);
    // An empty range says so.
    await client.get(`/dashboard/projects/${project.id}/analytics/assistant?from=2020-01-01&to=2020-02-01`);
    expect(client.lastHtml).toContain('No questions were asked in this range.');
  });

  it('exports assistant conversations as CSV', async () => {
    const text = await (await client.get(`/dashboard/projects/${project.id}/analytics.csv?kind=assistant`)).text();
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,asked_at,thread_id,caller,question,resolution,cited_pages,page');
    expect(lines.slice(1).map((l) => l.split(',').slice(3, 7))).toEqual([
      ['api', 'Is there a Rust SDK?', 'unanswered', ''],
      ['web', 'And on Windows?', 'answered', ''],
      ['web', 'How do I install <Acme>?', 'answered', '/guide#install'],
    ]);
  });
});
