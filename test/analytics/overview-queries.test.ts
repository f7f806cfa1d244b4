/**
 * The dashboard's figures (issue 43) over rows written the way a server writes them: views and
 * searches through the collector's queue and store, an MCP `search` call observed as `serveSite`
 * hands it over (an agent search, not a view of `/mcp`), feedback through the store, assistant
 * turns and ratings through the assistant's own statements; a week and the week before it, the
 * production site and a preview apart. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assistantConversations,
  assistantSummary,
  assistantThread,
  feedbackCounts,
  feedbackList,
  feedbackRatings,
  firstOpenDay,
  mcpSearches,
  mcpToolOf,
  parseRange,
  previousRange,
  searchSummary,
  setFeedbackStatus,
  SiteAnalytics,
  splitAtOpenDay,
  trafficSummary,
  utcDay,
  viewsByPage,
  writeEvents,
  writeFeedback,
  type DateRange,
  type StoredFeedback,
} from '../../src/analytics/index.js';
import { createAssistantThread, createProject, rateAssistantAnswer, recordAssistantTurn, uuidV7, type Database } from '../../src/db/index.js';
import { backends, openTestDatabase, type TestDatabase } from '../db/helpers.js';

const DAY = 86_400_000;
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('previousRange', () => {
  it('is the range of the same length just before, in times and in days', () => {
    const range = parseRange('2026-03-08', '2026-03-15');
    expect(previousRange(range)).toEqual({ from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-03-08T00:00:00Z'), fromDay: '2026-03-01', toDay: '2026-03-08' });
    // A range inside days takes in whole days (the rollups' unit); its previous range as many days before.
    const inside = parseRange('2026-03-08T12:00:00Z', '2026-03-09T06:00:00Z');
    expect(previousRange(inside)).toMatchObject({ from: new Date('2026-03-07T18:00:00Z'), to: new Date('2026-03-08T12:00:00Z'), fromDay: '2026-03-06', toDay: '2026-03-08' });
  });
});

describe('closed days', () => {
  it('splits a span at the first open day: today, and yesterday for an hour after midnight UTC', () => {
    const at = (iso: string) => Date.parse(iso);
    expect(firstOpenDay(at('2026-03-10T12:00:00Z'))).toBe('2026-03-10');
    expect(firstOpenDay(at('2026-03-10T00:30:00Z'))).toBe('2026-03-09');
    expect(splitAtOpenDay({ fromDay: '2026-03-01', toDay: '2026-03-11' }, at('2026-03-10T12:00:00Z'))).toEqual({ closed: { fromDay: '2026-03-01', toDay: '2026-03-10' }, open: { fromDay: '2026-03-10', toDay: '2026-03-11' } });
    expect(splitAtOpenDay({ fromDay: '2026-03-01', toDay: '2026-03-08' }, at('2026-03-10T12:00:00Z'))).toEqual({ closed: { fromDay: '2026-03-01', toDay: '2026-03-08' }, open: null });
    expect(splitAtOpenDay({ fromDay: '2026-03-10', toDay: '2026-03-12' }, at('2026-03-10T12:00:00Z'))).toEqual({ closed: null, open: { fromDay: '2026-03-10', toDay: '2026-03-12' } });
  });
});

describe.each(backends)('dashboard figures on %s', (kind) => {
  let t: TestDatabase;
  let db: Database;
  let projectId: string;
  let otherProject: string;
  let range: DateRange;
  const today = Math.floor(Date.now() / DAY) * DAY;
  const earlier = today - 10 * DAY;
  const site = () => ({ projectId, preview: null });
  const rated: { up: string; down: string; question: string; thread: string } = { up: '', down: '', question: '', thread: '' };
  let feedbackIds: string[] = [];

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    db = t.db;
    projectId = (await createProject(db, { name: 'Widgets', repoUrl: 'https://example.test/widgets.git' })).id;
    otherProject = (await createProject(db, { name: 'Other', repoUrl: 'https://example.test/other.git' })).id;
    // This week (today and the 6 days before) and the week before.
    range = parseRange(dayOf(today - 6 * DAY), dayOf(today + DAY));

    const analytics = new SiteAnalytics({ db, flushEveryMs: 60_000 });
    const view = (at: number, path: string, address: string, agent = false, preview: string | null = null) =>
      analytics.collector.offer({ kind: 'view', projectId, preview, at, path, audience: agent ? 'agent' : 'human', channel: agent ? 'markdown' : 'html', referrerHost: '', address, userAgent: agent ? GPTBOT : CHROME });
    const search = (at: number, query: string, results: number) =>
      analytics.collector.offer({ kind: 'beacon', projectId, preview: null, at, address: '10.0.0.1', userAgent: CHROME, event: { type: 'search', path: '/', query, results } });
    const now = today + 3_600_000;
    for (let i = 0; i < 3; i++) view(now, '/a', '10.0.0.1');
    view(now, '/b', '10.0.0.2');
    view(now, '/a', '10.0.0.3', true);
    view(now, '/a', '10.0.0.3', true);
    view(now, '/a', '10.0.0.4', false, 'feature');
    search(now, 'Install', 3);
    search(now, '  install ', 2);
    search(now, 'zzz', 0);
    analytics.collector.offer({ kind: 'beacon', projectId, preview: null, at: now, address: '10.0.0.1', userAgent: CHROME, event: { type: 'search_open', path: '/', query: 'install', opened: '/a' } });
    // The week before: one view, one reader's search that found nothing, one agent's search.
    view(earlier, '/a', '10.0.0.1');
    search(earlier, 'old', 0);
    analytics.collector.offer({ kind: 'agent_search', projectId, preview: null, at: earlier, query: 'Old', address: '10.0.0.3', userAgent: GPTBOT });

    // Agents' MCP calls as `serveSite` hands them over: two searches and a get_page.
    const mcp = async (name: string, args: Record<string, string>) => {
      const request = new Request('http://widgets.localhost/mcp', { method: 'POST', headers: { 'Content-Type': 'application/json', 'User-Agent': GPTBOT }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }) });
      const mcpTool = await mcpToolOf(request);
      // As `serveSite` answers: `/a` is a page of the build.
      analytics.observe({ projectId, preview: null, request, sitePath: '/mcp', status: 200, contentType: 'application/json', clientAddress: '10.0.0.3', mcpTool, isPage: async (path: string) => path === '/a' });
    };
    await mcp('search', { query: 'Auth   Token' });
    await mcp('search', { query: 'auth token' });
    await mcp('search', { query: 'install' });
    await mcp('get_page', { page: '/a' });
    await analytics.close();

    const feedback = (path: string, source: StoredFeedback['source'], helpful: boolean | null, at: number): StoredFeedback => ({ id: uuidV7(at), projectId, preview: '', path, source, helpful, comment: null, contact: null, code: source === 'code_snippet' ? 'npm i' : null, filename: null, lang: null, at: new Date(at) });
    // A millisecond apart, so the newest-first list has one order.
    const rows = [
      feedback('/a', 'thumbs_only', true, now),
      feedback('/a', 'thumbs_only', true, now + 1),
      feedback('/a', 'contextual', true, now + 2),
      feedback('/b', 'contextual', false, now + 3),
      feedback('/b', 'contextual', false, now + 4),
      feedback('/b', 'thumbs_only', true, now + 5),
      feedback('/c', 'agent', false, now + 6),
      feedback('/a', 'code_snippet', false, now + 7),
      feedback('/a', 'code_snippet', false, now + 8),
      feedback('/d', 'contextual', null, now + 9),
      feedback('/a', 'thumbs_only', false, earlier),
    ];
    feedbackIds = rows.map((r) => r.id);
    await writeFeedback(db, rows);

    // Assistant: a reader's thread of three questions over two days (one not found), an API caller's question, one the week before.
    const reader = 'reader-1';
    const thread = await createAssistantThread(db, { projectId, fp: 'fp', pagePath: '/a', reader });
    rated.thread = thread;
    const turn = async (threadId: string, question: string, outcome: 'answered' | 'not_found', at: number) => {
      const answerId = uuidV7(at);
      await recordAssistantTurn(db, { threadId, answerId, question, answer: `About ${question}`, citations: outcome === 'answered' ? [{ path: '/a', anchor: 'setup', title: 'A: Setup' }] : [], outcome, tokensIn: 10, tokensOut: 5 }, at);
      return answerId;
    };
    rated.up = await turn(thread, 'How do I install?', 'answered', today - DAY + 7_200_000);
    rated.down = await turn(thread, 'Lasagna?', 'not_found', today - DAY + 7_300_000);
    await turn(thread, 'And upgrade?', 'answered', today + 7_200_000);
    const api = await createAssistantThread(db, { projectId, fp: 'fp', pagePath: '', caller: 'api' });
    await turn(api, 'Which wrench?', 'answered', today + 7_300_000);
    const old = await createAssistantThread(db, { projectId, fp: 'fp', pagePath: '', reader });
    await turn(old, 'Old question', 'answered', earlier);
    const other = await createAssistantThread(db, { projectId: otherProject, fp: 'fp', pagePath: '', reader });
    await turn(other, 'Elsewhere', 'answered', today + 7_200_000);
    const [question] = await db.query<{ id: string }>(`SELECT id FROM assistant_messages WHERE thread_id = $1 AND role = 'user' ORDER BY created_at LIMIT 1`, [thread]);
    rated.question = question!.id;
  }, 60_000);

  afterAll(async () => {
    await t?.cleanup();
  });

  it('binds a rating to the reader who started the thread, on answers only', async () => {
    const rate = (messageId: string, reader: string, rating: 'up' | 'down' | null, project = projectId) => rateAssistantAnswer(db, { projectId: project, messageId, reader, rating });
    expect(await rate(rated.up, 'reader-2', 'up')).toBe(false);
    expect(await rate(rated.up, 'reader-1', 'up', otherProject)).toBe(false);
    expect(await rate(rated.question, 'reader-1', 'up')).toBe(false);
    expect(await rate('no-such-id', 'reader-1', 'up')).toBe(false);
    expect(await rate(rated.up, 'reader-1', 'down')).toBe(true);
    expect(await rate(rated.up, 'reader-1', 'up')).toBe(true);
    expect(await rate(rated.down, 'reader-1', 'down')).toBe(true);
  });

  it('sums the traffic page’s five figures with the week before, MCP searches as searches and not as views', async () => {
    expect(await trafficSummary(db, site(), range)).toEqual({
      visitors: { value: 3, previous: 1 },
      // 4 human views, 2 agents' Markdown and one MCP get_page; the MCP searches are no views.
      views: { value: 7, previous: 1 },
      assistant: { value: 4, previous: 1 },
      searches: { value: 6, previous: 2 },
      feedback: { value: 10, previous: 1 },
      humans: 4,
      agents: 3,
    });
    const views = await db.query<{ path: string }>(`SELECT DISTINCT path FROM analytics_daily_views WHERE project_id = $1`, [projectId]);
    expect(views.map((v) => v.path).sort()).toEqual(['/a', '/b']);
    // The preview is a site of its own.
    expect(await trafficSummary(db, { projectId, preview: 'feature' }, range)).toMatchObject({ views: { value: 1, previous: 0 }, humans: 1, agents: 0, searches: { value: 0, previous: 0 } });
  });

  it('summarises searches: humans’ unique queries, zero results and click-through, agents counted', async () => {
    expect(await searchSummary(db, site(), range)).toEqual({
      humans: 3,
      agents: 3,
      uniqueQueries: { value: 2, previous: 1 },
      zeroResults: { value: 1, previous: 1 },
      clickThrough: { value: 1 / 3, previous: 0 },
    });
    // The raw events keep the agents' searches apart from the readers'.
    const raw = await db.query<{ audience: string; channel: string; path: string; query: string }>(`SELECT audience, channel, path, query FROM analytics_events WHERE project_id = $1 AND kind = 'search' AND audience = 'agent' ORDER BY query`, [projectId]);
    expect(raw).toEqual([
      { audience: 'agent', channel: 'mcp', path: '/mcp', query: 'auth token' },
      { audience: 'agent', channel: 'mcp', path: '/mcp', query: 'auth token' },
      { audience: 'agent', channel: 'mcp', path: '/mcp', query: 'install' },
      { audience: 'agent', channel: 'mcp', path: '/mcp', query: 'old' },
    ]);
  });

  it('lists agents’ MCP searches by query, normalised as the dialog’s, most first, page by page', async () => {
    const first = await mcpSearches(db, site(), range, { limit: 1 });
    expect(first).toMatchObject({ searches: [{ query: 'auth token', hits: 2 }], total: 3, queries: 2, hasMore: true });
    const second = await mcpSearches(db, site(), range, { limit: 1, cursor: first.nextCursor! });
    expect(second).toMatchObject({ searches: [{ query: 'install', hits: 1 }], total: 3, hasMore: false, nextCursor: null });
    expect((await mcpSearches(db, site(), previousRange(range), { limit: 10 })).searches).toEqual([{ query: 'old', hits: 1 }]);
  });

  it('ranks pages by readers’ thumbs, code snippets and entries without a thumb left out', async () => {
    expect(await feedbackRatings(db, site(), range, 10)).toEqual({
      liked: [{ path: '/a', up: 3, down: 0 }],
      needsImprovement: [
        { path: '/b', up: 1, down: 2 },
        { path: '/c', up: 0, down: 1 },
      ],
    });
    expect((await feedbackRatings(db, site(), range, 1)).needsImprovement).toEqual([{ path: '/b', up: 1, down: 2 }]);
  });

  it('counts feedback per status and source with every key present, and filters the list by page', async () => {
    expect(await setFeedbackStatus(db, projectId, feedbackIds[3]!, 'resolved')).toBe(true);
    expect(await feedbackCounts(db, site(), range)).toEqual({
      total: 10,
      byStatus: { pending: 9, in_progress: 0, resolved: 1, dismissed: 0 },
      bySource: { contextual: 4, thumbs_only: 3, code_snippet: 2, agent: 1 },
    });
    const onB = await feedbackList(db, site(), range, { path: '/b' }, { limit: 10 });
    expect(onB.feedback.map((f) => [f.path, f.source])).toEqual([
      ['/b', 'thumbs_only'],
      ['/b', 'contextual'],
      ['/b', 'contextual'],
    ]);
    expect((await feedbackList(db, site(), range, { path: '/b', statuses: ['resolved'] }, { limit: 10 })).feedback).toHaveLength(1);
  });

  it('summarises the assistant: questions with the week before, answered and not, thumbs, per day', async () => {
    expect(await assistantSummary(db, projectId, range)).toEqual({
      total: { value: 4, previous: 1 },
      answered: 3,
      unanswered: 1,
      thumbsUp: 1,
      thumbsDown: 1,
      daily: [
        { day: dayOf(today - DAY), answered: 1, unanswered: 1 },
        { day: dayOf(today), answered: 2, unanswered: 0 },
      ],
    });
    expect(await assistantSummary(db, projectId, parseRange('2020-01-01', '2020-01-08'))).toEqual({ total: { value: 0, previous: 0 }, answered: 0, unanswered: 0, thumbsUp: 0, thumbsDown: 0, daily: [] });
  });

  it('reads closed days once: a closed day written through the store is seen again, open days on every request', async () => {
    const pages = async () => (await viewsByPage(db, site(), range, { limit: 10 })).views.map((v) => [v.path, v.total]);
    expect(await pages()).toEqual([
      ['/a', 6],
      ['/b', 1],
    ]);
    const closed = today - 3 * DAY;
    // Written behind the store's back (no server does): the closed days already read are kept.
    await db.query(`INSERT INTO analytics_daily_views (project_id, preview, day, path, audience, views) VALUES ($1, '', $2, '/b', 'human', 100)`, [projectId, dayOf(closed)]);
    expect(await pages()).toEqual([
      ['/a', 6],
      ['/b', 1],
    ]);
    // Through the store (a test's or a bench's history): what was kept of the project is forgotten.
    const event = (at: number) => ({ projectId, preview: '', kind: 'view' as const, at: new Date(at), day: utcDay(at), path: '/b', audience: 'human' as const, channel: 'html', visitor: 'v9', referrerHost: '', query: null, results: null, opened: null });
    await writeEvents(db, [event(closed)]);
    expect(await pages()).toEqual([
      ['/b', 102],
      ['/a', 6],
    ]);
    expect((await trafficSummary(db, site(), range)).views).toEqual({ value: 108, previous: 1 });
    // Today's rows are read on every request.
    await db.query(`UPDATE analytics_daily_views SET views = views + 10 WHERE project_id = $1 AND day = $2 AND path = '/a' AND audience = 'human'`, [projectId, dayOf(today)]);
    expect((await pages())[1]).toEqual(['/a', 16]);
  });

  it('shows each conversation’s rating, and a thread’s answers with their rating and citations', async () => {
    const { conversations } = await assistantConversations(db, projectId, range, { limit: 10 });
    expect(conversations.map((c) => [c.query, c.resolutionStatus, c.rating])).toEqual([
      ['Which wrench?', 'answered', null],
      ['And upgrade?', 'answered', null],
      ['Lasagna?', 'unanswered', 'down'],
      ['How do I install?', 'answered', 'up'],
    ]);
    const thread = await assistantThread(db, projectId, rated.thread);
    expect(thread!.messages.slice(0, 2)).toEqual([
      { id: rated.question, role: 'user', content: 'How do I install?', createdAt: new Date(today - DAY + 7_200_000).toISOString(), rating: null, citations: [], outcome: null },
      { id: rated.up, role: 'assistant', content: 'About How do I install?', createdAt: new Date(today - DAY + 7_200_001).toISOString(), rating: 'up', citations: [{ path: '/a', anchor: 'setup', title: 'A: Setup' }], outcome: 'answered' },
    ]);
  });
});
