/**
 * Readers rate the assistant's answers (issue 43) through a hosted site's own route, served as
 * `folio serve` wires it (hosting's `publishedSites` with the assistant's site route) in an app as a
 * value (`app.request`, addresses by `X-Forwarded-For` behind a trusted proxy), a stand-in model
 * answering: the answer's id is the one its stream announced; a rating needs the page token and the
 * site's origin as a question does, is taken only for an answer of a thread this reader started
 * (another address, a question's id or another project's answer: 404), survives a fresh token,
 * can be changed and taken back, is validated and rate-limited. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssistantService, assistantOptionsFromEnv, assistantSiteRoute } from '../../src/assistant/index.js';
import { createProject, type Database } from '../../src/db/index.js';
import { HostMap, publishBuild, publishedSites, siteDirFor } from '../../src/hosting/index.js';
import { buildSite } from '../../src/site-build/index.js';
import { startChatStandIn, type ReceivedRequest } from '../agent/llm-stand-in.js';
import { backends, openTestDatabase, type TestDatabase } from '../db/helpers.js';

function writeDocs(root: string): void {
  fs.mkdirSync(path.join(root, 'guides'), { recursive: true });
  fs.writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'Widgets', colors: { primary: '#225588' }, navigation: { pages: ['index', 'guides/install'] } }));
  fs.writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Welcome\n---\nWidgets for everyone.\n');
  fs.writeFileSync(path.join(root, 'guides', 'install.mdx'), '---\ntitle: Install widgets\n---\nIntro.\n\n## Requirements\n\nYou need a sprocket wrench to install widgets.\n');
}

/** The stand-in model: searches first, then answers from the first URL found. */
function model(request: ReceivedRequest) {
  const lastUser = request.messages.map((m) => m.role).lastIndexOf('user');
  const result = request.messages.slice(lastUser).find((m) => m.role === 'tool');
  if (!result) return { tools: [{ name: 'search', args: { query: 'sprocket wrench install' } }] };
  const url = /URL: (\/[^\s\\"]+)/.exec(JSON.stringify(result.content))?.[1] ?? '/nowhere';
  return { text: `You need a sprocket wrench ([Requirements](${url})).` };
}

const A = '10.0.0.1';
const B = '10.0.0.2';

let tmp: string;
let built: string;
let llm: Awaited<ReturnType<typeof startChatStandIn>>;

beforeAll(async () => {
  llm = await startChatStandIn(model, 'test-key');
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-assistant-rating-'));
  writeDocs(path.join(tmp, 'docs'));
  built = path.join(tmp, 'out');
  expect((await buildSite({ root: path.join(tmp, 'docs'), outDir: built, cache: false, search: false, threads: 1 })).ok).toBe(true);
}, 120_000);

afterAll(async () => {
  await llm?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe.each(backends)('rating answers on %s', (kind) => {
  let t: TestDatabase;
  let db: Database;
  let app: Hono;
  let projectId: string;
  let host: string;
  let answerId = '';
  let questionId = '';
  const site = (route: string, init: { method?: string; address?: string; headers?: Record<string, string>; body?: unknown } = {}) =>
    app.request(`http://${host}/__folio/assistant/${route}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { Host: host, 'X-Forwarded-For': init.address ?? A, ...(init.body === undefined ? {} : { 'Content-Type': 'application/json', Origin: `http://${host}` }), ...init.headers },
      body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
    });
  const token = async (address = A) => ((await (await site('session', { address })).json()) as { token: string }).token;
  const rate = (body: unknown, { address = A, pageToken, headers = {} }: { address?: string; pageToken?: string | null; headers?: Record<string, string> } = {}) =>
    Promise.resolve(pageToken === undefined ? token(address) : pageToken).then((tk) => site('rating', { address, body, headers: { ...(tk ? { 'X-Folio-Page-Token': tk } : {}), ...headers } }));
  const ratingOf = async (id: string) => (await db.query<{ rating: string | null }>('SELECT rating FROM assistant_messages WHERE id = $1', [id]))[0]?.rating;

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    db = t.db;
    const dataDir = path.join(tmp, `data-${kind}`);
    projectId = (await createProject(db, { name: 'Widgets', repoUrl: 'https://example.test/widgets.git' })).id;
    const siteDir = siteDirFor(dataDir, projectId, null)!;
    const out = path.join(siteDir, 'builds', 'b1');
    fs.cpSync(built, out, { recursive: true });
    await publishBuild(siteDir, out);
    const assistant = assistantOptionsFromEnv({ FOLIO_LLM_BASE_URL: llm.baseUrl, FOLIO_LLM_API_KEY: 'test-key', FOLIO_ASSISTANT_MODEL: 'docs-model' });
    app = new Hono();
    app.use('*', publishedSites(new HostMap(db), dataDir, { trustProxy: true, assistantRoute: assistantSiteRoute(new AssistantService(db, assistant)) }));
    host = `${projectId}.localhost`;
  }, 60_000);

  afterAll(async () => {
    await t?.cleanup();
  });

  it('keeps the answer under the id its stream announced', async () => {
    const res = await site('message', { body: { fp: 'anonymous', currentPath: '/', messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: 'What do I need to install widgets?' }] }] }, headers: { 'X-Folio-Page-Token': await token() } });
    expect(res.status).toBe(200);
    const parts = (await res.text()).split('\n\n').map((b) => b.replace(/^data: /, '')).filter((d) => d && d !== '[DONE]').map((d) => JSON.parse(d) as { type: string; messageId?: string; outcome?: string });
    answerId = parts.find((p) => p.type === 'start')!.messageId!;
    expect(parts.find((p) => p.type === 'finish')).toMatchObject({ outcome: 'answered' });
    const rows = await db.query<{ id: string; role: string }>('SELECT id, role FROM assistant_messages ORDER BY created_at');
    expect(rows.map((r) => r.role)).toEqual(['user', 'assistant']);
    expect(rows[1]!.id).toBe(answerId);
    questionId = rows[0]!.id;
    expect(await ratingOf(answerId)).toBeNull();
  });

  it('continues a thread only for the reader who started it: another reader’s thread id starts a new thread', async () => {
    const [first] = await db.query<{ thread_id: string }>('SELECT thread_id FROM assistant_messages WHERE id = $1', [answerId]);
    const before = llm.received.length;
    const ask = (address: string, tk: string) =>
      site('message', { address, body: { fp: 'anonymous', currentPath: '/', threadId: first!.thread_id, messages: [{ id: 'm2', role: 'user', parts: [{ type: 'text', text: 'Which sprocket wrench size do I need to install widgets?' }] }] }, headers: { 'X-Folio-Page-Token': tk } });
    const theirs = await ask(B, await token(B));
    expect(theirs.status).toBe(200);
    await theirs.text();
    expect(theirs.headers.get('x-folio-thread-id')).not.toBe(first!.thread_id);
    // The model never saw A's question for B.
    const seen = JSON.stringify(llm.received.slice(before).map((r) => r.messages));
    expect(seen).toContain('Which sprocket wrench size do I need to install widgets?');
    expect(seen).not.toContain('What do I need to install widgets?');
    // A continues their own thread, with its history.
    const mine = await ask(A, await token(A));
    await mine.text();
    expect(mine.headers.get('x-folio-thread-id')).toBe(first!.thread_id);
    expect(JSON.stringify(llm.received.at(-1)!.messages)).toContain('What do I need to install widgets?');
    await db.query('DELETE FROM assistant_messages WHERE thread_id <> $1 OR content = $2', [first!.thread_id, 'Which sprocket wrench size do I need to install widgets?']);
    await db.query(`DELETE FROM assistant_messages WHERE thread_id = $1 AND id NOT IN ($2, $3)`, [first!.thread_id, answerId, questionId]);
  });

  it('takes the reader’s rating, changes it and takes it back', async () => {
    const up = await rate({ messageId: answerId, rating: 'up' });
    expect(up.status).toBe(204);
    expect(up.headers.get('cache-control')).toBe('no-store');
    expect(await ratingOf(answerId)).toBe('up');
    expect((await rate({ messageId: answerId, rating: 'down' })).status).toBe(204);
    expect(await ratingOf(answerId)).toBe('down');
    expect((await rate({ messageId: answerId, rating: null })).status).toBe(204);
    expect(await ratingOf(answerId)).toBeNull();
  });

  it('refuses another reader, a question, an unknown id and another project’s answer with one code', async () => {
    const notFound = { error: `No answer ${JSON.stringify(answerId)} in a conversation you started on this site; rate an answer the assistant gave you, by the \`messageId\` its stream started with.`, code: 'ASSISTANT_ANSWER_NOT_FOUND' };
    const other = await rate({ messageId: answerId, rating: 'down' }, { address: B });
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual(notFound);
    for (const messageId of [questionId, 'no-such-answer']) {
      const res = await rate({ messageId, rating: 'up' });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'ASSISTANT_ANSWER_NOT_FOUND' });
    }
    // The same answer asked for through another project's site: not its answer.
    const elsewhere = (await createProject(db, { name: 'Other', repoUrl: 'https://example.test/other.git' })).id;
    const otherDir = siteDirFor(path.join(tmp, `data-${kind}`), elsewhere, null)!;
    fs.cpSync(built, path.join(otherDir, 'builds', 'b1'), { recursive: true });
    await publishBuild(otherDir, path.join(otherDir, 'builds', 'b1'));
    const mine = host;
    host = `${elsewhere}.localhost`;
    try {
      expect(await (await rate({ messageId: answerId, rating: 'up' })).json()).toMatchObject({ code: 'ASSISTANT_ANSWER_NOT_FOUND' });
    } finally {
      host = mine;
    }
    expect(await ratingOf(answerId)).toBeNull();
  });

  it('checks the page token and the origin as a question does', async () => {
    const missing = await rate({ messageId: answerId, rating: 'up' }, { pageToken: null });
    expect(missing.status).toBe(403);
    expect(await missing.json()).toMatchObject({ code: 'ASSISTANT_PAGE_TOKEN_MISSING' });
    // Reader A's token from B's address.
    const foreign = await rate({ messageId: answerId, rating: 'up' }, { address: B, pageToken: await token(A) });
    expect(await foreign.json()).toMatchObject({ code: 'ASSISTANT_PAGE_TOKEN_INVALID' });
    const crossSite = await rate({ messageId: answerId, rating: 'up' }, { headers: { Origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({ code: 'ASSISTANT_ORIGIN_REFUSED' });
    expect(await ratingOf(answerId)).toBeNull();
  });

  it('validates the body', async () => {
    const cases: [unknown, number, string][] = [
      [{ messageId: answerId, rating: 'meh' }, 400, 'Invalid request: rating: '],
      [{ messageId: answerId }, 400, 'Invalid request: rating: '],
      [{ messageId: '', rating: 'up' }, 400, 'Invalid request: messageId: '],
      [{ messageId: answerId, rating: 'up', extra: 1 }, 400, 'Invalid request: body: '],
      ['not json', 400, 'Invalid request: body: send a JSON object'],
      [{ messageId: 'x'.repeat(2_000), rating: 'up' }, 413, 'Request body too large: the limit is 1024 bytes.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await rate(body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(status);
      const problem = (await res.json()) as { error: string; code: string };
      expect(problem.error.startsWith(message), problem.error).toBe(true);
      expect(problem.code).toBe(status === 413 ? 'ASSISTANT_BODY_TOO_LARGE' : 'ASSISTANT_INVALID_REQUEST');
    }
  });

  it('keeps a thread the reader’s with a fresh token', async () => {
    // A token issued later (the first one expired, say) names the same reader.
    const later = await token(A);
    expect((await rate({ messageId: answerId, rating: 'up' }, { pageToken: later })).status).toBe(204);
    expect(await ratingOf(answerId)).toBe('up');
  });

  it('limits ratings per address: 30 a minute, then 429 with Retry-After', async () => {
    const tk = await token(B);
    // B's rating refused above counts too: a slot is taken before the answer is looked up.
    let refused: Response | null = null;
    for (let i = 0; i < 40 && !refused; i++) {
      const res = await rate({ messageId: answerId, rating: 'up' }, { address: B, pageToken: tk });
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(404);
    }
    expect(refused).not.toBeNull();
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused!.json()).toMatchObject({ code: 'ASSISTANT_RATE_LIMITED', error: expect.stringMatching(/^Too many ratings from this address: at most 30 a minute; retry after \d+ s\.$/) });
  });
});
