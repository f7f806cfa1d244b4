/**
 * Analytics through the app as a value: views counted where a hosted site answers (humans and agents
 * apart, other bots, opted-out readers and failures left out, previews apart), the beacon's events
 * endpoint with each refusal, and the analytics API returning exactly what was sent; on PGlite, and
 * on PostgreSQL when TEST_DATABASE_URL is set.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneEvents } from '../../src/analytics/index.js';
import { publishBuild, siteDirFor } from '../../src/hosting/index.js';
import { backends } from '../db/helpers.js';
import { listen } from '../../src/server/index.js';
import { startTestServer, type TestServer } from '../server/helpers.js';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** A published build with a home page, a guide and their Markdown, and llms.txt. */
async function publish(dataDir: string, projectId: string, preview: string | null, settings: object = { basePath: '' }): Promise<void> {
  const site = siteDirFor(dataDir, projectId, preview)!;
  const build = path.join(site, 'builds', 'b1');
  fs.mkdirSync(path.join(build, 'guide'), { recursive: true });
  const page = (title: string) => `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`;
  fs.writeFileSync(path.join(build, 'index.html'), page('Home'));
  fs.writeFileSync(path.join(build, 'index.md'), '# Home\n');
  fs.writeFileSync(path.join(build, 'guide', 'intro.html'), page('Intro'));
  fs.writeFileSync(path.join(build, 'guide', 'intro.md'), '# Intro\n');
  fs.writeFileSync(path.join(build, 'llms.txt'), '# Docs\n');
  fs.writeFileSync(path.join(build, '404.html'), page('Missing'));
  fs.writeFileSync(path.join(build, '.folio-site.json'), JSON.stringify(settings));
  await publishBuild(site, build);
}

describe.each(backends)('analytics ingestion on %s', (kind) => {
  let s: TestServer;
  let host: string;
  const addr = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });
  const get = (url: string, headers: Record<string, string> = {}, address = '10.0.0.1', on = host) =>
    s.app.request(url, { headers: { Host: on, 'User-Agent': CHROME, ...headers } }, addr(address));
  const post = (body: unknown, headers: Record<string, string> = {}, address = '10.0.0.9') =>
    s.app.request(
      '/__folio/analytics',
      { method: 'POST', headers: { Host: host, Origin: `http://${host}`, 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': CHROME, ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) },
      addr(address),
    );
  const api = async (route: string) => {
    await s.analytics!.collector.flush();
    const res = await s.app.request(`/v1/analytics/${s.project.id}${route}`, { headers: s.auth });
    expect(res.status).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    s = await startTestServer(kind, { analytics: { flushEveryMs: 60_000, eventsPerMinute: 20, throttleDelayMs: 0 } });
    host = `${s.project.id}.localhost:3000`;
    await publish(s.dataDir, s.project.id, null);
    await publish(s.dataDir, s.project.id, 'feature-x');
  });
  afterAll(async () => {
    await s.analytics?.close();
    await s.cleanup();
  });

  it('counts human page views and agent reads apart, and leaves out bots, opt-outs and failures', async () => {
    expect((await get('/')).status).toBe(200);
    expect((await get('/guide/intro', { Referer: 'https://www.google.com/search?q=folio' })).status).toBe(200);
    expect((await get('/guide/intro', {}, '10.0.0.2', host)).status).toBe(200);
    expect((await get('/guide/intro', { 'User-Agent': FIREFOX }, '10.0.0.1')).status).toBe(200); // another browser: another visitor
    // Agents: the page's Markdown by name and by Accept, llms.txt, an AI crawler.
    expect((await get('/guide/intro.md', { 'User-Agent': 'curl/8.5.0' })).status).toBe(200);
    expect((await get('/guide/intro', { Accept: 'text/markdown' })).status).toBe(200);
    expect((await get('/llms.txt', { 'User-Agent': 'python-httpx/0.27' })).status).toBe(200);
    expect((await get('/', { 'User-Agent': GPTBOT })).status).toBe(200);
    // Not counted: a search engine, Do-Not-Track, Global Privacy Control, a prefetch, a 404, HEAD.
    await get('/', { 'User-Agent': GOOGLEBOT });
    await get('/', { DNT: '1' });
    await get('/', { 'Sec-GPC': '1' });
    await get('/', { 'Sec-Purpose': 'prefetch' });
    expect((await get('/nope')).status).toBe(404);
    await s.app.request('/', { method: 'HEAD', headers: { Host: host, 'User-Agent': CHROME } });
    // A preview is counted apart.
    await get('/', {}, '10.0.0.1', `feature-x--${s.project.id}.localhost:3000`);

    const views = await api('/views');
    expect(views).toEqual({
      totals: { human: 4, ai: 4, total: 8 },
      views: [
        { path: '/guide/intro', human: 3, ai: 2, total: 5 },
        { path: '/', human: 1, ai: 1, total: 2 },
        { path: '/llms.txt', human: 0, ai: 1, total: 1 },
      ],
      hasMore: false,
    });
    const visitors = await api('/visitors');
    // Humans: 10.0.0.1 Chrome, 10.0.0.2 Chrome, 10.0.0.1 Firefox; agents: curl, Chrome asking for Markdown (the same
    // hash as the human Chrome reader, counted under agents too: the total is their sum), python-httpx, GPTBot.
    expect(visitors.totals).toEqual({ human: 3, ai: 4, total: 7 });
    expect(visitors.visitors[0]).toEqual({ path: '/guide/intro', human: 3, ai: 2, total: 5 });
    const preview = await api('/views?preview=feature-x');
    expect(preview.totals).toEqual({ human: 1, ai: 0, total: 1 });
    // The one view a search engine referred (the Referer's host; the path and query are not kept).
    expect(await api('/referrers')).toEqual({ totals: { views: 1 }, referrers: [{ host: 'www.google.com', views: 1 }], hasMore: false });
    expect((await api('/referrers?preview=feature-x')).totals.views).toBe(0);
    expect((await api('/referrers?dateFrom=2020-01-01&dateTo=2020-02-01')).referrers).toEqual([]);
    expect((await api('/views?limit=1')).hasMore).toBe(true);
    expect((await api('/views?limit=1&offset=2')).views).toEqual([{ path: '/llms.txt', human: 0, ai: 1, total: 1 }]);
    // The past is empty; a bad date is refused with a code.
    expect((await api('/views?dateFrom=2020-01-01&dateTo=2020-02-01')).totals.total).toBe(0);
    const bad = await s.app.request(`/v1/analytics/${s.project.id}/views?dateFrom=yesterday`, { headers: s.auth });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('ANALYTICS_BAD_DATE');
  });

  it('stores no address and no user agent, only a daily-salted hash', async () => {
    await s.analytics!.collector.flush();
    const rows = await s.db.query('SELECT * FROM analytics_events');
    const text = JSON.stringify(rows);
    expect(rows.length).toBeGreaterThan(0);
    for (const secret of ['10.0.0.1', '10.0.0.2', 'Chrome', 'curl', 'GPTBot']) expect(text).not.toContain(secret);
    expect((await s.db.query('SELECT day FROM analytics_salts')).length).toBe(1);
  });

  it('accepts searches, opened results and feedback from the site, and the API returns exactly them', async () => {
    expect((await post({ type: 'search', path: '/', query: 'Install ', results: 3 })).status).toBe(204);
    expect((await post({ type: 'search', path: '/', query: 'install', results: 3 })).status).toBe(204);
    expect((await post({ type: 'search_open', path: '/', query: 'install', opened: '/guide/intro' })).status).toBe(204);
    expect((await post({ type: 'search', path: '/guide/intro', query: 'kubernetes', results: 0 })).status).toBe(204);
    expect((await post({ type: 'feedback', path: '/guide/intro', helpful: false, comment: 'The example fails.' })).status).toBe(204);
    expect((await post({ type: 'feedback', path: '/guide/intro', helpful: true })).status).toBe(204);
    expect((await post({ type: 'feedback', path: '/', source: 'code_snippet', code: 'npm i folio', lang: 'bash', comment: 'Wrong package name' })).status).toBe(204);

    const found = await api('/searches');
    expect(found.totalSearches).toBe(3);
    expect(found.nextCursor).toBeNull();
    expect(found.searches.map((q: { searchQuery: string; hits: number; ctr: number; topClickedPage: string | null; noResults: number }) => [q.searchQuery, q.hits, q.ctr, q.topClickedPage, q.noResults])).toEqual([
      ['install', 2, 0.5, '/guide/intro', 0],
      ['kubernetes', 1, 0, null, 1],
    ]);
    expect((await api('/searches?noResults=true')).searches.map((q: { searchQuery: string }) => q.searchQuery)).toEqual(['kubernetes']);
    const first = await api('/searches?limit=1');
    expect(first.searches[0].searchQuery).toBe('install');
    expect((await api(`/searches?limit=1&cursor=${first.nextCursor}`)).searches[0].searchQuery).toBe('kubernetes');

    const feedback = await api('/feedback');
    expect(feedback.hasMore).toBe(false);
    expect(feedback.feedback.map((f: { path: string; source: string; helpful?: boolean; comment: string | null; status: string }) => [f.path, f.source, f.helpful, f.comment, f.status])).toEqual([
      ['/', 'code_snippet', undefined, 'Wrong package name', 'pending'],
      ['/guide/intro', 'thumbs_only', true, null, 'pending'],
      ['/guide/intro', 'contextual', false, 'The example fails.', 'pending'],
    ]);
    expect(feedback.feedback[0]).toMatchObject({ code: 'npm i folio', lang: 'bash', filename: null });
    expect((await api('/feedback?source=contextual')).feedback).toHaveLength(1);
    const paged = await api('/feedback?limit=2');
    expect(paged.hasMore).toBe(true);
    expect((await api(`/feedback?limit=2&cursor=${paged.nextCursor}`)).feedback.map((f: { comment: string | null }) => f.comment)).toEqual(['The example fails.']);
    expect(await api('/feedback/by-page')).toEqual({
      feedback: [
        { path: '/guide/intro', thumbsUp: 1, thumbsDown: 1, code: 0, total: 2 },
        { path: '/', thumbsUp: 0, thumbsDown: 0, code: 1, total: 1 },
      ],
      hasMore: false,
    });
  });

  it('refuses bad events with a status and a code, counts each refusal and stores none of them', async () => {
    const before = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM analytics_feedback');
    const refusals: [Response, number, string][] = [
      [await post({ type: 'feedback', path: '/', helpful: true }, { Origin: 'https://evil.example' }), 403, 'ANALYTICS_CROSS_SITE'],
      [await post({ type: 'feedback', path: '/', helpful: true }, { Origin: '' }), 403, 'ANALYTICS_CROSS_SITE'],
      [await post('{not json'), 400, 'ANALYTICS_MALFORMED'],
      [await post('[1,2]'), 400, 'ANALYTICS_MALFORMED'],
      [await post({ type: 'feedback', path: '/', helpful: 'yes' }), 400, 'ANALYTICS_INVALID'],
      [await post({ type: 'pageview', path: '/' }), 400, 'ANALYTICS_INVALID'],
      [await post({ type: 'feedback', path: '/', helpful: true, extra: 1 }), 400, 'ANALYTICS_INVALID'],
      [await post({ type: 'feedback', path: '/', helpful: false, comment: 'x'.repeat(9000) }), 413, 'ANALYTICS_TOO_LARGE'],
      [await post({ type: 'feedback', path: '/', helpful: false, comment: 'x'.repeat(2001) }), 400, 'ANALYTICS_INVALID'],
      [await post({ type: 'feedback', path: '/admin', helpful: true }), 422, 'ANALYTICS_UNKNOWN_PAGE'],
      [await post({ type: 'search_open', path: '/', query: 'x', opened: '/../../etc/passwd' }), 422, 'ANALYTICS_UNKNOWN_PAGE'],
      [await s.app.request('/__folio/analytics', { headers: { Host: host } }), 405, 'ANALYTICS_METHOD'],
    ];
    for (const [res, status, code] of refusals) {
      expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([status, code]);
    }
    // The per-address limit (20 a minute in this test): one address is cut off, another is not.
    const codes: number[] = [];
    for (let i = 0; i < 25; i++) codes.push((await post({ type: 'search', path: '/', query: `q${i}`, results: 1 }, {}, '10.9.9.9')).status);
    expect(codes.filter((c) => c === 204)).toHaveLength(20);
    expect(codes.slice(20)).toEqual([429, 429, 429, 429, 429]);
    expect((await post({ type: 'search', path: '/', query: 'other', results: 1 }, {}, '10.9.9.8')).status).toBe(204);

    await s.analytics!.collector.flush();
    const after = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM analytics_feedback');
    expect(after[0]!.n).toBe(before[0]!.n);
    const counted = await s.db.query<{ code: string; refused: string }>('SELECT code, refused FROM analytics_daily_refusals ORDER BY code');
    expect(Object.fromEntries(counted.map((r) => [r.code, Number(r.refused)]))).toEqual({
      ANALYTICS_CROSS_SITE: 2,
      ANALYTICS_INVALID: 4,
      ANALYTICS_MALFORMED: 2,
      ANALYTICS_METHOD: 1,
      ANALYTICS_RATE_LIMITED: 5,
      ANALYTICS_TOO_LARGE: 1,
      ANALYTICS_UNKNOWN_PAGE: 2,
    });
  });

  it('refuses control characters at the endpoint, and one unwritable event never costs the others of its batch', async () => {
    const refused = async (body: unknown) => {
      const res = await post(body, {}, '10.7.0.1');
      return [res.status, ((await res.json()) as { code: string; error: string })] as const;
    };
    // Issue 48: a NUL in a comment was answered 204, then failed the whole write batch.
    expect(await refused({ type: 'feedback', path: '/', helpful: false, comment: 'bad\u0000byte' })).toEqual([400, { code: 'ANALYTICS_CONTROL_CHARACTER', error: 'Invalid event: comment: holds a control character (only a comment or code may hold tabs and line breaks).' }]);
    expect((await refused({ type: 'search', path: '/', query: 'a\u0001b', results: 1 }))[1].code).toBe('ANALYTICS_CONTROL_CHARACTER');
    expect((await refused({ type: 'search', path: '/', query: 'tab\there', results: 1 }))[1].code).toBe('ANALYTICS_CONTROL_CHARACTER');
    // A comment keeps its tabs and line breaks.
    expect((await post({ type: 'feedback', path: '/guide/intro', helpful: false, comment: 'Line one\n\tline two\r\n' }, {}, '10.7.0.2')).status).toBe(204);

    // Events the endpoint never checked (an agent's MCP report goes straight to the queue) with a NUL
    // among good ones: the batch is written apart, only the two bad events are dropped and counted.
    await s.analytics!.collector.flush();
    const stats = s.analytics!.collector.stats();
    const feedbackBefore = (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM analytics_feedback'))[0]!.n;
    const site = { projectId: s.project.id, preview: null };
    const beacon = (event: object) => ({ kind: 'beacon' as const, ...site, at: Date.now(), address: '10.7.0.3', userAgent: CHROME, event: { type: 'feedback' as const, path: '/', source: 'agent' as const, helpful: false, contact: null, code: null, filename: null, lang: null, comment: 'fine', ...event } });
    const search = (query: string) => ({ kind: 'beacon' as const, ...site, at: Date.now(), address: '10.7.0.3', userAgent: CHROME, event: { type: 'search' as const, path: '/', query, results: 2 } });
    for (const e of [search('batch one'), beacon({ comment: 'agent one' }), search('bad\u0000query'), search('batch two'), beacon({ comment: 'nul\u0000inside' }), beacon({ comment: 'agent two' }), search('batch three')]) s.analytics!.collector.offer(e);
    await s.analytics!.collector.flush();
    const after = s.analytics!.collector.stats();
    expect([after.written - stats.written, after.feedback - stats.feedback, after.dropped - stats.dropped, after.refused.ANALYTICS_UNWRITABLE]).toEqual([3, 2, 0, 2]);
    const queries = (await api('/searches')).searches.map((q: { searchQuery: string }) => q.searchQuery);
    expect(queries).toEqual(expect.arrayContaining(['batch one', 'batch two', 'batch three']));
    const comments = await s.db.query<{ comment: string }>('SELECT comment FROM analytics_feedback ORDER BY created_at DESC, id DESC LIMIT 2');
    expect(comments.map((c) => c.comment).sort()).toEqual(['agent one', 'agent two']);
    expect((await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM analytics_feedback'))[0]!.n).toBe(feedbackBefore + 2);
    const counted = await s.db.query<{ code: string; refused: string }>(`SELECT code, refused FROM analytics_daily_refusals WHERE code IN ('ANALYTICS_CONTROL_CHARACTER', 'ANALYTICS_UNWRITABLE') ORDER BY code`);
    expect(counted.map((r) => [r.code, Number(r.refused)])).toEqual([['ANALYTICS_CONTROL_CHARACTER', 3], ['ANALYTICS_UNWRITABLE', 2]]);
  });

  it('stores the preset reason picked with a thumb, returns it in the feedback list, and refuses one not offered', async () => {
    expect((await post({ type: 'feedback', path: '/guide/intro', helpful: false, reason: 'out_of_date', comment: 'Version 2 changed this.' }, {}, '10.6.0.1')).status).toBe(204);
    expect((await post({ type: 'feedback', path: '/', helpful: true, reason: 'easy_to_understand' }, {}, '10.6.0.1')).status).toBe(204);
    const wrong = await post({ type: 'feedback', path: '/', helpful: true, reason: 'inaccurate' }, {}, '10.6.0.1');
    expect([wrong.status, await wrong.json()]).toEqual([400, { code: 'ANALYTICS_UNKNOWN_REASON', error: 'Invalid event: reason: "inaccurate" is not a reason offered with a thumbs up.' }]);
    const listed = (await api('/feedback?source=contextual')).feedback as { path: string; helpful: boolean; reason: string | null; comment: string | null }[];
    expect(listed.filter((f) => f.reason).map((f) => [f.path, f.helpful, f.reason, f.comment])).toEqual([
      ['/', true, 'easy_to_understand', null],
      ['/guide/intro', false, 'out_of_date', 'Version 2 changed this.'],
    ]);
    // Entries without one say so.
    expect(listed.find((f) => f.comment === 'The example fails.')).toMatchObject({ reason: null });
  });

  it('counts views only of the pages the build lists, never of other HTML it serves (a sidebar fragment, the 404 page by name)', async () => {
    // A build as Folio writes them: its manifest lists its pages; the shared sidebar of a large
    // section is an HTML document under assets/ that every page's script fetches.
    await publish(s.dataDir, s.project.id, 'listed', { basePath: '' });
    const build = path.join(siteDirFor(s.dataDir, s.project.id, 'listed')!, 'current');
    fs.mkdirSync(path.join(build, '.folio-cache'), { recursive: true });
    fs.writeFileSync(path.join(build, '.folio-cache', 'manifest.json'), JSON.stringify({ format: 'x', pages: { '/index': 'k1', '/guide/intro': 'k2' }, files: [] }));
    fs.mkdirSync(path.join(build, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(build, 'assets', 'nav.141286c656.html'), '<!doctype html><html><body><nav>Pages</nav></body></html>');
    fs.writeFileSync(path.join(build, 'guide', 'old.html'), '<!doctype html><html><body>A file the manifest does not list</body></html>');
    const on = `listed--${s.project.id}.localhost:3000`;
    for (const [url, headers] of [
      ['/', {}],
      ['/guide/intro', {}],
      ['/guide/intro.md', { 'User-Agent': 'claude-code/1.0' }],
      // Not pages: the sidebar fragment (three times, as three pages fetch it), the 404 page by name, an unlisted file.
      ['/assets/nav.141286c656.html', {}],
      ['/assets/nav.141286c656.html', {}],
      ['/assets/nav.141286c656.html', { 'User-Agent': GPTBOT }],
      ['/404', {}],
      ['/404.html', {}],
      ['/guide/old', {}],
    ] as const) {
      expect((await get(url, headers, '10.0.0.1', on)).status, url).toBe(200);
    }
    const events = { 'Content-Type': 'text/plain', Origin: `http://${on}`, Host: on, 'User-Agent': CHROME };
    const event = (body: object) => s.app.request('/__folio/analytics', { method: 'POST', headers: events, body: JSON.stringify(body) }, addr('10.0.0.5'));
    expect((await event({ type: 'search', path: '/assets/nav.141286c656', query: 'x', results: 1 })).status).toBe(422);
    expect((await event({ type: 'search', path: '/guide/intro', query: 'x', results: 1 })).status).toBe(204);
    expect(await api('/views?preview=listed')).toEqual({
      totals: { human: 2, ai: 1, total: 3 },
      views: [
        { path: '/guide/intro', human: 1, ai: 1, total: 2 },
        { path: '/', human: 1, ai: 0, total: 1 },
      ],
      hasMore: false,
    });
  });

  it('counts nothing for a site built with telemetry off, and closes its events endpoint', async () => {
    await publish(s.dataDir, s.project.id, 'quiet', { basePath: '', telemetry: false });
    const quiet = `quiet--${s.project.id}.localhost:3000`;
    expect((await get('/', {}, '10.0.0.1', quiet)).status).toBe(200);
    const closed = await s.app.request('/__folio/analytics', { method: 'POST', headers: { Host: quiet, Origin: `http://${quiet}` }, body: '{}' });
    expect([closed.status, ((await closed.json()) as { code: string }).code]).toEqual([404, 'ANALYTICS_DISABLED']);
    expect((await api('/views?preview=quiet')).totals.total).toBe(0);
  });

  it('deletes raw events past the retention and visitor sets of past days, and keeps the daily counts', async () => {
    await s.analytics!.collector.flush();
    const old = new Date(Date.now() - 100 * 86_400_000);
    await s.db.query(`INSERT INTO analytics_events (project_id, preview, kind, at, path, audience, channel, visitor) VALUES ($1, '', 'view', $2, '/', 'human', 'html', 'abc')`, [s.project.id, old]);
    await s.db.query(`INSERT INTO analytics_daily_page_visitors VALUES ($1, '', $2, '/', 'human', 'abc')`, [s.project.id, old.toISOString().slice(0, 10)]);
    const rollups = await s.db.query('SELECT * FROM analytics_daily_views ORDER BY path, audience, preview');
    const recent = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM analytics_events');
    expect(await pruneEvents(s.db, 90)).toBe(1);
    expect((await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM analytics_events'))[0]!.n).toBe(recent[0]!.n - 1);
    expect(await s.db.query(`SELECT * FROM analytics_daily_page_visitors WHERE visitor = 'abc'`)).toEqual([]);
    expect(await s.db.query('SELECT * FROM analytics_daily_views ORDER BY path, audience, preview')).toEqual(rollups);
  });

  it('over HTTP reads a body within its Content-Length whole, and refuses a chunked one past 8 KB', async () => {
    const server = await listen(s.app.fetch, { port: 0 });
    const send = (body: string, chunked: boolean) =>
      new Promise<{ status: number; code: string | null }>((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port: server.port, method: 'POST', path: '/__folio/analytics', headers: { Host: host, Origin: `http://${host}`, 'Content-Type': 'text/plain', 'User-Agent': CHROME, ...(chunked ? {} : { 'Content-Length': Buffer.byteLength(body) }) } },
          (res) => {
            let text = '';
            res.on('data', (d) => (text += d));
            res.on('end', () => resolve({ status: res.statusCode!, code: text ? (JSON.parse(text) as { code: string }).code : null }));
          },
        );
        req.on('error', reject);
        // Without a Content-Length the body goes in chunks, the second one past the limit.
        if (chunked) for (let i = 0; i < body.length; i += 4096) req.write(body.slice(i, i + 4096));
        req.end(chunked ? undefined : body);
      });
    try {
      const event = JSON.stringify({ type: 'search', path: '/', query: 'over http', results: 3 });
      expect(await send(event, false)).toEqual({ status: 204, code: null });
      expect(await send(event, true)).toEqual({ status: 204, code: null });
      expect(await send(JSON.stringify({ type: 'feedback', path: '/', helpful: false, comment: 'x'.repeat(9000) }), true)).toEqual({ status: 413, code: 'ANALYTICS_TOO_LARGE' });
      expect((await api('/searches')).searches.find((q: { searchQuery: string }) => q.searchQuery === 'over http')).toMatchObject({ hits: 2 });
    } finally {
      await server.close();
    }
  });

  it('answers 503 ANALYTICS_QUEUE_FULL when the queue is full, and page serving goes on', async () => {
    const t = await startTestServer(kind, { analytics: { capacity: 2, flushEveryMs: 60_000, throttleDelayMs: 150 } });
    try {
      const on = `${t.project.id}.localhost:3000`;
      await publish(t.dataDir, t.project.id, null);
      const send = () => t.app.request('/__folio/analytics', { method: 'POST', headers: { Host: on, Origin: `http://${on}`, 'User-Agent': CHROME }, body: JSON.stringify({ type: 'search', path: '/', query: 'a', results: 1 }) }, addr('10.1.1.1'));
      expect((await send()).status).toBe(204);
      expect((await send()).status).toBe(204);
      // The refusal is held (a flooding connection gets one answer a second in production).
      const started = Date.now();
      const full = await send();
      expect(Date.now() - started).toBeGreaterThanOrEqual(145);
      expect([full.status, full.headers.get('retry-after'), ((await full.json()) as { code: string }).code]).toEqual([503, '5', 'ANALYTICS_QUEUE_FULL']);
      const page = await t.app.request('/', { headers: { Host: on, 'User-Agent': CHROME } });
      expect(page.status).toBe(200);
      expect(t.analytics!.collector.stats()).toMatchObject({ queued: 2, dropped: 1, refused: { ANALYTICS_QUEUE_FULL: 1 } });
      await t.analytics!.collector.flush();
      expect(t.analytics!.collector.stats()).toMatchObject({ queued: 0, written: 2 });
    } finally {
      await t.analytics?.close();
      await t.cleanup();
    }
  });
});
