/**
 * The assistant end to end through `folio serve` processes (two sharing PostgreSQL when
 * TEST_DATABASE_URL is set, else one on PGlite) with a local stand-in model speaking streamed chat
 * completions with tool calls: a question streams an answer whose citations are real pages of the
 * site (a made-up link dropped), a follow-up continues the thread on the other server, a question
 * the docs do not answer gets the not-found answer and the deflection without asking the model,
 * the daily token budget and the per-address rate limit each answer 429 with their code, the page
 * token is required, keys of the wrong kind are refused both ways, and the turns are kept (and
 * deleted) through the admin API.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, createAssistantKey, createProject, openDatabase } from '../../src/db/index.js';
import { publishBuild, siteDirFor } from '../../src/hosting/index.js';
import { buildSite } from '../../src/site-build/index.js';
import { startChatStandIn, type ReceivedRequest } from '../agent/llm-stand-in.js';
import { createFreshPostgresDatabase } from '../db/helpers.js';
import { startFolioServe, type ServeProcess } from '../hosting/serve-process.js';

function writeDocs(root: string): void {
  fs.mkdirSync(path.join(root, 'guides'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'docs.json'),
    JSON.stringify({ theme: 'mint', name: 'Widgets', colors: { primary: '#225588' }, assistant: { supportEmail: 'help@widgets.example', starterQuestions: ['How do I install widgets?'] }, navigation: { pages: ['index', 'guides/install'] } }),
  );
  fs.writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Welcome\n---\nWidgets for everyone.\n');
  fs.writeFileSync(path.join(root, 'guides', 'install.mdx'), '---\ntitle: Install widgets\n---\nIntro.\n\n## Requirements\n\nYou need a sprocket wrench to install widgets.\n\n## Upgrade\n\nRun the upgrade command.\n');
}

/** The stand-in model: searches first, then answers from the first URL the search returned, with one made-up link. */
function model(request: ReceivedRequest) {
  const lastUser = request.messages.map((m) => m.role).lastIndexOf('user');
  const result = request.messages.slice(lastUser).find((m) => m.role === 'tool');
  if (!result) return { tools: [{ name: 'search', args: { query: 'sprocket wrench install' } }] };
  const url = /URL: (\/[^\s\\"]+)/.exec(JSON.stringify(result.content))?.[1] ?? '/nowhere';
  return { text: `You need a sprocket wrench ([Requirements](${url})). See also [this page](/made-up-page).\n\n\`\`\`bash\nwidgets install\n\`\`\`` };
}

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

describe('assistant through folio serve', () => {
  const shared = Boolean(process.env.TEST_DATABASE_URL);
  let tmp: string;
  let servers: ServeProcess[] = [];
  let llm: Awaited<ReturnType<typeof startChatStandIn>>;
  let projectId: string;
  let adminKey: string;
  let assistantKey: string;
  let drop: (() => Promise<void>) | undefined;
  const server = (i: number) => servers[i % servers.length]!;
  /** A request over loopback, to the API or (with `site`) to the hosted site by its Host. */
  /** Requests sent to each server on the keyed routes the search limits count (search, page, message). */
  const limited = [0, 0];
  const send = (i: number, pathname: string, init: { method?: string; headers?: Record<string, string>; body?: unknown; site?: boolean } = {}) =>
    new Promise<Reply>((resolve, reject) => {
      if (/^\/v[12]\/(search|page|assistant)\//.test(pathname)) limited[i % servers.length]! += 1;
      const port = Number(new URL(server(i).url).port);
      const headers: Record<string, string> = { ...(init.site ? { Host: `${projectId}.localhost:${port}` } : {}), ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...init.headers };
      const req = http.request({ host: '127.0.0.1', port, path: pathname, method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'), headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      });
      req.on('error', reject);
      req.end(init.body === undefined ? undefined : JSON.stringify(init.body));
    });
  const pageToken = async (i: number) => {
    const session = await send(i, '/__folio/assistant/session', { site: true });
    expect(session.status).toBe(200);
    return JSON.parse(session.text) as { enabled: boolean; token: string; starterQuestions: string[]; supportEmail?: string };
  };
  /** Questions that reached the rate limits (a fresh page token and the assistant key), per server. */
  const counted = [0, 0];
  const ask = async (i: number, version: 'v1' | 'v2', question: string, extra: { token?: string | null; key?: string; threadId?: string } = {}) => {
    const token = extra.token === undefined ? (await pageToken(i)).token : extra.token;
    if (extra.token === undefined && extra.key === undefined) counted[i % servers.length]! += 1;
    return send(i, `/${version}/assistant/${projectId}/message`, {
      headers: { Authorization: `Bearer ${extra.key ?? assistantKey}`, ...(token ? { 'X-Folio-Page-Token': token } : {}) },
      body: { fp: 'anonymous', threadId: extra.threadId, currentPath: '/guides/install', messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: question }] }] },
    });
  };
  const events = (sse: string) =>
    sse
      .split('\n\n')
      .map((block) => block.replace(/^data: /, ''))
      .filter((data) => data && data !== '[DONE]')
      .map((data) => JSON.parse(data) as Record<string, unknown> & { type: string });

  beforeAll(async () => {
    llm = await startChatStandIn(model, 'test-key', { chunkDelayMs: 2 });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-assistant-e2e-'));
    const dataDir = path.join(tmp, 'data');
    const docs = path.join(tmp, 'docs');
    writeDocs(docs);
    let databaseUrl: string | undefined;
    if (shared) {
      const fresh = await createFreshPostgresDatabase();
      databaseUrl = fresh.url;
      drop = fresh.drop;
    }
    const db = await openDatabase({ dataDir, databaseUrl });
    const project = await createProject(db, { name: 'Widgets', repoUrl: 'https://github.com/acme/widgets', branch: 'main' });
    projectId = project.id;
    adminKey = (await createApiKey(db, { projectIds: [project.id] })).key;
    assistantKey = (await createAssistantKey(db, { projectId: project.id, name: 'widget' })).key;
    await db.close();
    const siteDir = siteDirFor(dataDir, projectId, null)!;
    const out = path.join(siteDir, 'builds', 'b1');
    expect((await buildSite({ root: docs, outDir: out, cache: false, search: false, threads: 1 })).ok).toBe(true);
    await publishBuild(siteDir, out);
    const env = {
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      FOLIO_LLM_BASE_URL: llm.baseUrl,
      FOLIO_LLM_API_KEY: 'test-key',
      FOLIO_ASSISTANT_MODEL: 'docs-model',
      // Two answers of two rounds (15 tokens a round) use the day's budget.
      FOLIO_ASSISTANT_DAILY_TOKENS: '60',
      FOLIO_ASSISTANT_PER_ADDRESS: '7',
    };
    servers = [await startFolioServe(dataDir, env)];
    if (shared) servers.push(await startFolioServe(dataDir, env));
  }, 180_000);

  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => new Promise((r) => (s.child.exitCode !== null ? r(null) : s.child.once('exit', r)))));
    await llm?.close();
    await drop?.();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('hands the widget its session: enabled, a page token, the starter questions and the support address', async () => {
    const config = await send(0, '/__folio/assistant/config', { site: true });
    expect(JSON.parse(config.text)).toEqual({ enabled: true });
    const session = await pageToken(0);
    expect(session).toMatchObject({ enabled: true, starterQuestions: ['How do I install widgets?'], supportEmail: 'help@widgets.example' });
    expect(session.token).toMatch(/^\d+\.[\w-]+$/);
  });

  let threadId = '';

  it('streams an answer (v2) whose citations are pages of the site; a made-up link keeps only its label', async () => {
    const res = await ask(0, 'v2', 'What do I need to install widgets?');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.text.trimEnd().endsWith('data: [DONE]')).toBe(true);
    const parts = events(res.text);
    const deltas = parts.filter((p) => p.type === 'text-delta').map((p) => p.delta as string);
    expect(deltas.length).toBeGreaterThan(3);
    const answer = deltas.join('');
    expect(answer).toContain('([Requirements](/guides/install#requirements))');
    expect(answer).toContain('See also this page.');
    expect(answer).not.toContain('made-up-page');
    expect(answer).toContain('```bash\nwidgets install\n```');
    const sources = parts.filter((p) => p.type === 'source-url');
    expect(sources).toEqual([{ type: 'source-url', sourceId: 'source-1', url: '/guides/install#requirements', title: 'Install widgets: Requirements' }]);
    for (const s of sources) expect((await send(0, (s.url as string).split('#')[0]!, { site: true })).status).toBe(200);
    const finish = parts.find((p) => p.type === 'finish')!;
    expect(finish).toMatchObject({ outcome: 'answered' });
    threadId = finish.threadId as string;
    expect(threadId).toBeTruthy();
    // The model got the fixed tools, the rules, the sections found and the reader's page.
    const first = llm.received.find((r) => r.stream)!;
    expect(first.tools.sort()).toEqual(['get_page', 'search']);
    expect(JSON.stringify(first.messages)).toContain('The reader is on the page \\"Install widgets\\"');
  });

  it('answers a question the docs do not cover with the not-found answer and the deflection, without the model', async () => {
    const asked = llm.received.length;
    const res = await ask(0, 'v2', 'What is a good recipe for lasagna?');
    expect(res.status).toBe(200);
    const parts = events(res.text);
    const answer = parts.filter((p) => p.type === 'text-delta').map((p) => p.delta).join('');
    expect(answer).toBe('I could not find this in the docs. You can write to [help@widgets.example](mailto:help@widgets.example).');
    expect(parts.find((p) => p.type === 'finish')).toMatchObject({ outcome: 'not_found' });
    expect(llm.received.length).toBe(asked);
  });

  it('continues the thread (v1 data stream, on the other server when there are two)', async () => {
    const res = await ask(1, 'v1', 'And which wrench size?', { threadId });
    expect(res.status).toBe(200);
    expect(res.headers['x-vercel-ai-data-stream']).toBe('v1');
    const lines = res.text.trim().split('\n');
    const text = lines.filter((l) => l.startsWith('0:')).map((l) => JSON.parse(l.slice(2)) as string).join('');
    expect(text).toContain('[Requirements](/guides/install#requirements)');
    expect(lines.find((l) => l.startsWith('h:'))).toContain('/guides/install#requirements');
    const done = JSON.parse(lines.find((l) => l.startsWith('d:'))!.slice(2)) as { threadId: string };
    expect(done.threadId).toBe(threadId);
    // The earlier question and answer went to the model with the follow-up.
    const last = llm.received.filter((r) => r.stream).at(-2)!;
    expect(JSON.stringify(last.messages)).toContain('What do I need to install widgets?');
  });

  it('refuses without a page token, or with one forged', async () => {
    const none = await ask(0, 'v2', 'What do I need?', { token: null });
    expect(none.status).toBe(403);
    expect(JSON.parse(none.text)).toMatchObject({ code: 'ASSISTANT_PAGE_TOKEN_MISSING' });
    const forged = await ask(0, 'v2', 'What do I need?', { token: `${Math.floor(Date.now() / 1000) + 600}.AAAA` });
    expect(JSON.parse(forged.text)).toMatchObject({ code: 'ASSISTANT_PAGE_TOKEN_INVALID' });
  });

  it('answers 429 with a code once the daily token budget is used, then once the address asked too often', async () => {
    const budget = await ask(0, 'v2', 'How do I upgrade widgets?');
    expect(budget.status).toBe(429);
    expect(JSON.parse(budget.text)).toMatchObject({ code: 'ASSISTANT_BUDGET_EXHAUSTED' });
    expect(Number(budget.headers['retry-after'])).toBeGreaterThan(0);
    // Both servers count into one window per address (rate_buckets): questions alternate between
    // them, and the 8th of the address is refused wherever it lands, though neither server saw 7.
    const codes: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await ask(i, 'v2', 'How do I upgrade widgets?');
      expect(res.status).toBe(429);
      codes.push((JSON.parse(res.text) as { code: string }).code);
      if (codes.at(-1) === 'ASSISTANT_RATE_LIMITED') {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        break;
      }
    }
    expect(codes.at(-1)).toBe('ASSISTANT_RATE_LIMITED');
    // The refused question was the first past the address's 7, counted over both servers.
    expect(counted[0]! + counted[1]!).toBe(8);
    if (shared) expect(Math.max(counted[0]!, counted[1]!)).toBeLessThan(8);
  });

  it('refuses an invalid assistant key, an admin key as an assistant key, and an assistant key on the admin API', async () => {
    const bad = await ask(0, 'v2', 'x', { key: 'folio_pub_notarealkey', token: 'x' });
    expect(bad.status).toBe(401);
    expect(JSON.parse(bad.text)).toMatchObject({ code: 'ASSISTANT_KEY_MALFORMED' });
    const admin = await ask(0, 'v2', 'x', { key: adminKey, token: 'x' });
    expect(admin.status).toBe(401);
    expect(JSON.parse(admin.text)).toMatchObject({ code: 'ASSISTANT_KEY_ADMIN' });
    const reverse = await send(0, `/v1/analytics/${projectId}/assistant`, { headers: { Authorization: `Bearer ${assistantKey}` } });
    expect(reverse.status).toBe(401);
  });

  it('keeps the turns (question, answer, cited pages, outcome) for the admin API, and deletes a thread', async () => {
    const auth = { Authorization: `Bearer ${adminKey}` };
    const list = JSON.parse((await send(0, `/v1/analytics/${projectId}/assistant`, { headers: auth })).text) as { conversations: { query: string; response: string; sources: { url: string }[]; resolutionStatus: string; threadId: string }[] };
    expect(list.conversations.map((c) => [c.query, c.resolutionStatus])).toEqual([
      ['And which wrench size?', 'answered'],
      ['What is a good recipe for lasagna?', 'unanswered'],
      ['What do I need to install widgets?', 'answered'],
    ]);
    expect(list.conversations[2]!.sources.map((s) => new URL(s.url).pathname + new URL(s.url).hash)).toEqual(['/guides/install#requirements']);
    expect(list.conversations[2]!.response).toContain('sprocket wrench');
    // Every question here came through the discovery API with an assistant key: callers of kind `api`.
    const callers = JSON.parse((await send(0, `/v1/analytics/${projectId}/assistant/caller-stats`, { headers: auth })).text) as Record<string, unknown>;
    expect(callers).toMatchObject({ web: 0, api: 3, other: 0, total: 3 });
    const deleted = await send(0, `/v1/analytics/${projectId}/assistant/threads/${threadId}`, { method: 'DELETE', headers: auth });
    expect(JSON.parse(deleted.text)).toEqual({ deleted: 1 });
    expect((await send(0, `/v1/analytics/${projectId}/assistant/threads/${threadId}`, { headers: auth })).status).toBe(404);
  });

  it('shares the search limit per address between the servers: refused before either alone saw 60', async () => {
    let refused: Reply | undefined;
    for (let i = 0; i < 120 && !refused; i++) {
      const res = await send(i, `/v1/search/${projectId}`, { headers: { Authorization: `Bearer ${assistantKey}` }, body: { query: 'sprocket' } });
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(200);
      // Servers add their counts to the shared window about once a second.
      if (i % 10 === 9) await new Promise((r) => setTimeout(r, 1_100));
    }
    expect(refused && JSON.parse(refused.text)).toMatchObject({ code: 'ASSISTANT_RATE_LIMITED' });
    if (shared) expect(Math.max(limited[0]!, limited[1]!)).toBeLessThan(60);
  }, 60_000);
});
