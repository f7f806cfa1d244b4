/**
 * The docs assistant in `folio dev`, wired as the command wires it (`devAssistant` from the model
 * variables, the dev server's live index), with a local stand-in model speaking streamed chat
 * completions: a question streams an answer citing a page of the repository; an edited page, and a
 * new one, are found by the next question without a restart; the discovery search and page routes
 * answer from the same index; another origin is refused; without a model the widget's config says
 * disabled and a question is refused with its code, while search still answers. What the dev index
 * says of each page matches what `folio build` writes in its retrieval file. Under a base path the
 * citations carry it. The limits kept in memory (questions a minute, the day's tokens, a thread's
 * questions) refuse with their codes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantOptionsFromEnv, localAssistantRoute, type LocalSiteRoute } from '../../src/assistant/index.js';
import { devAssistant } from '../../src/cli/commands/dev.js';
import { startDevServer, type DevServer } from '../../src/dev/index.js';
import { RETRIEVAL_FILE, SectionIndex, type RetrievalFile } from '../../src/retrieval/index.js';
import { buildSite } from '../../src/site-build/index.js';
import { searchThenQuote, sentText, startChatStandIn, type ReceivedRequest } from '../agent/llm-stand-in.js';

const DOCS_JSON = {
  theme: 'mint',
  name: 'Widgets',
  colors: { primary: '#225588' },
  assistant: { supportEmail: 'help@widgets.example', starterQuestions: ['How do I install widgets?'] },
  navigation: { groups: [{ group: 'Start', pages: ['index'] }, { group: 'Guides', pages: ['guides/install', 'guides/tune', 'guides/internal'] }] },
};
const INSTALL = '---\ntitle: Install widgets\ndescription: Put widgets in place\nkeywords: ["setup"]\n---\nimport Thing from "/snippets/thing.mdx";\n\nIntro.\n\n<Thing />\n\n## Requirements\n\n<Note>You need a sprocket wrench to install widgets.</Note>\n\n## Upgrade\n\n```bash\nwidgets upgrade --all\n```\n';

/** The stand-in model: searches for the question, then answers with the first section found, quoted and cited. */
const model = (request: ReceivedRequest) => searchThenQuote(request);

interface Reply {
  status: number;
  type: string;
  text: string;
  chunks: number;
}

describe('the assistant in folio dev', () => {
  let root: string;
  let llm: Awaited<ReturnType<typeof startChatStandIn>>;
  let dev: DevServer;
  let bare: DevServer;
  const logged: string[] = [];

  /** A request to a dev server, its body read as it streams (`chunks`: how many pieces arrived). */
  async function send(server: DevServer, pathname: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    const res = await fetch(server.url + pathname, body === undefined ? { headers } : { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
    let text = '';
    let chunks = 0;
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      chunks++;
      text += decoder.decode(chunk, { stream: true });
    }
    return { status: res.status, type: res.headers.get('content-type') ?? '', text, chunks };
  }
  /** Resolves after the reload whose files include `file`. */
  async function reloadWith(server: DevServer, file: string): Promise<void> {
    while (!(await server.nextReload()).includes(file));
  }
  const ask = (server: DevServer, question: string, threadId?: string) =>
    send(server, '/__folio/assistant/message', { fp: 'anonymous', threadId, currentPath: '/guides/install', messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: question }] }] });
  const events = (sse: string) =>
    sse
      .split('\n\n')
      .map((block) => block.replace(/^data: /, ''))
      .filter((data) => data && data !== '[DONE]')
      .map((data) => JSON.parse(data) as Record<string, unknown> & { type: string });
  const answerOf = (reply: Reply) => {
    const parts = events(reply.text);
    return {
      text: parts.filter((p) => p.type === 'text-delta').map((p) => p.delta as string).join(''),
      deltas: parts.filter((p) => p.type === 'text-delta').length,
      sources: parts.filter((p) => p.type === 'source-url').map((p) => p.url),
      finish: parts.find((p) => p.type === 'finish'),
    };
  };

  beforeAll(async () => {
    llm = await startChatStandIn(model, 'test-key', { chunkDelayMs: 2 });
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-dev-assistant-'));
    fs.mkdirSync(path.join(root, 'guides'));
    fs.mkdirSync(path.join(root, 'snippets'));
    fs.writeFileSync(path.join(root, 'docs.json'), JSON.stringify(DOCS_JSON));
    fs.writeFileSync(path.join(root, 'snippets', 'thing.mdx'), 'A thing.\n');
    fs.writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Welcome\n---\nWidgets for everyone.\n');
    fs.writeFileSync(path.join(root, 'guides', 'install.mdx'), INSTALL);
    fs.writeFileSync(path.join(root, 'guides', 'internal.mdx'), '---\ntitle: Internal notes\nsearchable: false\n---\nThe sprocket wrench drawer code is 1234.\n');
    fs.writeFileSync(path.join(root, 'guides', 'tune.mdx'), '---\ntitle: Tune widgets\nboost: 2\n---\nTurn the knob until it hums.\n');
    const log = (line: string) => logged.push(line);
    const env = { FOLIO_LLM_BASE_URL: llm.baseUrl, FOLIO_LLM_API_KEY: 'test-key', FOLIO_ASSISTANT_MODEL: 'docs-model' };
    const [withModel, without] = [devAssistant(env, log), devAssistant({}, log)];
    expect(await withModel.ready()).toBe(`docs-model at ${llm.baseUrl}`);
    expect(await without.ready()).toBeNull();
    [dev, bare] = await Promise.all([startDevServer({ root, port: 0, log, siteRoute: withModel.route }), startDevServer({ root, port: 0, log, siteRoute: without.route })]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([dev?.close(), bare?.close(), llm?.close()]);
    if (root) fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(`${root}-out`, { recursive: true, force: true });
  });

  it('tells the widget it is on, with the starter questions and support address of docs.json', async () => {
    expect(JSON.parse((await send(dev, '/__folio/assistant/config')).text)).toEqual({ enabled: true });
    expect(JSON.parse((await send(dev, '/__folio/assistant/session')).text)).toEqual({ enabled: true, starterQuestions: ['How do I install widgets?'], supportEmail: 'help@widgets.example' });
  });

  it('streams an answer from the repository\'s pages that cites the page and section it came from', async () => {
    const reply = await ask(dev, 'What do I need to install widgets?');
    expect(reply.status).toBe(200);
    expect(reply.type).toContain('text/event-stream');
    expect(reply.text.trimEnd().endsWith('data: [DONE]')).toBe(true);
    const answer = answerOf(reply);
    // Streamed: many deltas, arriving over several reads.
    expect(answer.deltas).toBeGreaterThan(3);
    expect(reply.chunks).toBeGreaterThan(3);
    expect(answer.text).toBe('The docs say: You need a sprocket wrench to install widgets. ([source](/guides/install#requirements))');
    expect(answer.sources).toEqual(['/guides/install#requirements']);
    expect(answer.finish).toMatchObject({ outcome: 'answered' });
    // The model was given the fixed tools and the sections found, the page's JSX taken out.
    const first = llm.received.find((r) => r.stream)!;
    expect(first.model).toBe('docs-model');
    expect(first.tools.sort()).toEqual(['get_page', 'search']);
    expect(sentText(first.messages.at(-1)?.content)).toContain('URL: /guides/install#requirements\nYou need a sprocket wrench');
    expect(JSON.stringify(first.messages)).not.toContain('<Note>');
  });

  it('finds an edited page\'s new text, and a new page, with no restart', async () => {
    let reloaded = dev.nextReload();
    fs.writeFileSync(path.join(root, 'guides', 'install.mdx'), INSTALL + '\n## Calibrate\n\nAlign the quokka gauge with the flux mark before first use.\n');
    await reloaded;
    let answer = answerOf(await ask(dev, 'How do I calibrate the quokka gauge?'));
    expect(answer.text).toBe('The docs say: Align the quokka gauge with the flux mark before first use. ([source](/guides/install#calibrate))');
    expect(answer.sources).toEqual(['/guides/install#calibrate']);

    // A new page changes the navigation: the site is loaded again, the index follows.
    // Two files: the watcher may report them in one reload or two; wait for the one with docs.json.
    reloaded = reloadWith(dev, 'docs.json');
    fs.writeFileSync(path.join(root, 'guides', 'clean.mdx'), '---\ntitle: Clean widgets\n---\n## Polish\n\nRub each widget with marmalade oil weekly.\n');
    fs.writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ ...DOCS_JSON, navigation: { groups: [DOCS_JSON.navigation.groups[0], { group: 'Guides', pages: ['guides/install', 'guides/tune', 'guides/internal', 'guides/clean'] }] } }));
    await reloaded;
    answer = answerOf(await ask(dev, 'How do I polish widgets with marmalade oil?'));
    expect(answer.text).toBe('The docs say: Rub each widget with marmalade oil weekly. ([source](/guides/clean#polish))');
  });

  it('keeps a thread in memory: a follow-up sends the conversation so far', async () => {
    const first = answerOf(await ask(dev, 'What do I need to install widgets?'));
    const threadId = first.finish!.threadId as string;
    expect(threadId).toBeTruthy();
    const next = answerOf(await ask(dev, 'And how do I tune them?', threadId));
    expect(next.finish).toMatchObject({ threadId });
    expect(JSON.stringify(llm.received.filter((r) => r.stream).at(-2)!.messages)).toContain('What do I need to install widgets?');
  });

  it('answers a question the docs do not cover with the not-found answer, without the model', async () => {
    const asked = llm.received.length;
    const answer = answerOf(await ask(dev, 'What is a good recipe for lasagna?'));
    expect(answer.text).toBe('I could not find this in the docs. You can write to [help@widgets.example](mailto:help@widgets.example).');
    expect(llm.received.length).toBe(asked);
  });

  it('answers the discovery search and page routes from the same live index', async () => {
    const search = await send(dev, '/v1/search/local', { query: 'quokka gauge', pageSize: 3 });
    expect(search.status).toBe(200);
    const hits = JSON.parse(search.text) as { path: string; content: string; metadata: { anchor: string; title: string } }[];
    expect(hits[0]).toMatchObject({ path: '/guides/install', content: 'Align the quokka gauge with the flux mark before first use.', metadata: { anchor: 'calibrate', title: 'Install widgets' } });
    const page = await send(dev, '/v1/page/local', { path: '/guides/install' });
    expect(JSON.parse(page.text)).toMatchObject({ path: '/guides/install' });
    expect(JSON.parse(page.text).content).toContain('## Calibrate');
    expect((await send(dev, '/v1/page/local', { path: '/nowhere' })).text).toContain('ASSISTANT_PAGE_NOT_FOUND');
    // The v1 data stream of the API (here the page is compiled by now: its Markdown, the note as a quote, is indexed).
    const v1 = await send(dev, '/v1/assistant/local/message', { fp: 'x', messages: [{ role: 'user', content: 'What do I need to install widgets?' }] });
    const lines = v1.text.trim().split('\n');
    expect(lines.filter((l) => l.startsWith('0:')).map((l) => JSON.parse(l.slice(2)) as string).join('')).toBe('The docs say: > **Note** ([source](/guides/install#requirements))');
    expect(lines.find((l) => l.startsWith('h:'))).toContain('"url":"/guides/install#requirements"');
  });

  it('under a base path: the routes are under it, and the citations too', async () => {
    const based = await startDevServer({ root, port: 0, basePath: '/docs', siteRoute: devAssistant({ FOLIO_LLM_BASE_URL: llm.baseUrl, FOLIO_LLM_API_KEY: 'test-key', FOLIO_ASSISTANT_MODEL: 'docs-model' }, () => {}).route });
    try {
      expect(JSON.parse((await send(based, '/docs/__folio/assistant/config')).text)).toEqual({ enabled: true });
      const reply = await send(based, '/docs/__folio/assistant/message', { fp: 'x', currentPath: '/guides/install', messages: [{ role: 'user', content: 'What do I need to install widgets?' }] });
      const answer = answerOf(reply);
      expect(answer.sources).toEqual(['/docs/guides/install#requirements']);
      expect(answer.text).toContain('([source](/docs/guides/install#requirements))');
      // The discovery API stays at the server's root, as on folio serve.
      expect(JSON.parse((await send(based, '/v1/search/local', { query: 'sprocket wrench' })).text)[0]).toMatchObject({ path: '/guides/install' });
    } finally {
      await based.close();
    }
  });

  it('refuses a question from a page of another origin', async () => {
    const reply = await send(dev, '/__folio/assistant/message', { fp: 'x', messages: [{ role: 'user', content: 'hello' }] }, { Origin: 'https://elsewhere.example' });
    expect(reply.status).toBe(403);
    expect(JSON.parse(reply.text)).toMatchObject({ code: 'ASSISTANT_ORIGIN_REFUSED' });
  });

  it('answers the discovery API to pages of other local origins, with CORS, and no other origin', async () => {
    const preflight = await fetch(dev.url + '/v1/search/local', { method: 'OPTIONS', headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Content-Type/i);
    const search = await fetch(dev.url + '/v1/search/local', { method: 'POST', headers: { Origin: 'http://127.0.0.1:5173', 'Content-Type': 'application/json' }, body: JSON.stringify({ query: 'sprocket wrench' }) });
    expect(search.status).toBe(200);
    expect(search.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(((await search.json()) as { path: string }[])[0]?.path).toBe('/guides/install');
    // A page elsewhere, even one whose name points at this machine, keeps its own origin: refused.
    for (const origin of ['https://elsewhere.example', 'http://localhost.elsewhere.example', 'null']) {
      const refused = await fetch(dev.url + '/v1/search/local', { method: 'POST', headers: { Origin: origin, 'Content-Type': 'application/json' }, body: JSON.stringify({ query: 'sprocket wrench' }) });
      expect(refused.status, origin).toBe(403);
      expect(refused.headers.get('access-control-allow-origin'), origin).toBeNull();
      const denied = await fetch(dev.url + '/v1/search/local', { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' } });
      expect(denied.status, origin).toBe(403);
    }
    // The widget's own routes stay this server's.
    const widget = await send(dev, '/__folio/assistant/message', { fp: 'x', messages: [{ role: 'user', content: 'hello' }] }, { Origin: 'http://localhost:5173' });
    expect(widget.status).toBe(403);
  });

  it('without a model: the widget stays off, a question is refused with its code, search still answers', async () => {
    expect(JSON.parse((await send(bare, '/__folio/assistant/config')).text)).toEqual({ enabled: false });
    const reply = await ask(bare, 'What do I need to install widgets?');
    expect(reply.status).toBe(503);
    expect(JSON.parse(reply.text)).toMatchObject({ code: 'ASSISTANT_NOT_CONFIGURED' });
    const hits = JSON.parse((await send(bare, '/v1/search/local', { query: 'sprocket wrench' })).text) as { path: string }[];
    expect(hits[0]?.path).toBe('/guides/install');
  });

  it('describes each page as the build\'s retrieval file does', async () => {
    const out = `${root}-out`;
    expect((await buildSite({ root, outDir: out, cache: false, search: false, threads: 1 })).ok).toBe(true);
    // A header line, then a line per page.
    const [header, ...lines] = fs.readFileSync(path.join(out, RETRIEVAL_FILE), 'utf8').trimEnd().split('\n');
    const built = { ...JSON.parse(header!), pages: lines.map((line) => JSON.parse(line)) } as RetrievalFile;
    // The same pages: a `searchable: false` page is in neither.
    expect(built.pages.map((p) => p.href).sort()).toEqual(['/guides/clean', '/guides/install', '/guides/tune', '/index']);
    for (const page of built.pages) expect((await send(dev, '/v1/page/local', { path: page.href })).status).toBe(200);
    expect(JSON.parse((await send(dev, '/v1/page/local', { path: '/guides/internal' })).text)).toMatchObject({ code: 'ASSISTANT_PAGE_NOT_FOUND' });
    expect(JSON.stringify(JSON.parse((await send(dev, '/v1/search/local', { query: 'drawer code' })).text))).not.toContain('/guides/internal');
    const { retrievalPageMeta } = await import('../../src/site-build/index.js');
    const { loadSite } = await import('../../src/site/index.js');
    const { site } = await loadSite(root, { keepSource: true });
    for (const page of built.pages) {
      const { key: _key, sections, ...meta } = page as typeof page & { key: string };
      expect(retrievalPageMeta(site!, site!.model.pages.get(page.href)!)).toEqual(meta);
      expect(sections.length).toBeGreaterThan(0);
    }
  }, 60_000);
});

describe('the limits of the assistant in folio dev (in memory)', () => {
  let llm: Awaited<ReturnType<typeof startChatStandIn>>;
  beforeAll(async () => {
    llm = await startChatStandIn(model, 'test-key');
  });
  afterAll(() => llm?.close());

  const other = (n: number) => ({ href: `/notes/${n}`, title: `Note ${n}`, sections: [{ anchor: '', heading: '', text: `Gardening tip number ${n}: water the roses.` }] });
  const index = new SectionIndex([{ href: '/guides/install', title: 'Install widgets', sections: [{ anchor: 'requirements', heading: 'Requirements', text: 'You need a sprocket wrench to install widgets.' }] }, ...[1, 2, 3, 4].map(other)], { siteName: 'Widgets' });
  const at = { sitePath: '/__folio/assistant/message', basePath: '', retrieval: async () => index, pageMarkdown: async () => null };
  const question = (threadId?: string) =>
    new Request('http://localhost:3000/__folio/assistant/message', { method: 'POST', headers: { host: 'localhost:3000', 'content-type': 'application/json' }, body: JSON.stringify({ fp: 'x', threadId, messages: [{ role: 'user', content: 'What do I need to install widgets?' }] }) });
  /** Status, code and (read whole, so the turn is counted) the stream's thread id. */
  const ask = async (route: LocalSiteRoute, threadId?: string) => {
    const res = (await route(at, question(threadId)))!;
    const text = await res.text();
    return { status: res.status, retry: res.headers.get('retry-after'), code: res.ok ? null : (JSON.parse(text) as { code: string }).code, threadId: res.headers.get('x-folio-thread-id') };
  };
  const env = (limits: Record<string, string>) => assistantOptionsFromEnv({ FOLIO_LLM_BASE_URL: llm.baseUrl, FOLIO_LLM_API_KEY: 'test-key', FOLIO_ASSISTANT_MODEL: 'docs-model', ...limits });

  it('counts questions a minute and the day\'s tokens in the process, each refused with its code', async () => {
    let now = Date.UTC(2026, 0, 1, 12);
    // Two rounds of 15 tokens an answer: two answers use 60 of the day's 45.
    const route = localAssistantRoute(env({ FOLIO_ASSISTANT_PER_SITE: '2', FOLIO_ASSISTANT_DAILY_TOKENS: '45' }), { now: () => now });
    const asked = llm.received.length;
    expect((await ask(route)).status).toBe(200);
    expect((await ask(route)).status).toBe(200);
    expect(llm.received.length).toBe(asked + 4);
    expect(await ask(route)).toMatchObject({ status: 429, code: 'ASSISTANT_RATE_LIMITED', retry: '60' });
    now += 61_000;
    // 12:01:01 UTC: the day ends in 11 h 58 min 59 s.
    expect(await ask(route)).toMatchObject({ status: 429, code: 'ASSISTANT_BUDGET_EXHAUSTED', retry: String(11 * 3600 + 58 * 60 + 59) });
    now += 24 * 3600_000;
    expect((await ask(route)).status).toBe(200);
  });

  it('holds a thread to its question limit', async () => {
    const route = localAssistantRoute(env({ FOLIO_ASSISTANT_MAX_THREAD_QUESTIONS: '1' }));
    const first = await ask(route);
    expect(first.threadId).toBeTruthy();
    expect(await ask(route, first.threadId!)).toMatchObject({ status: 409, code: 'ASSISTANT_THREAD_FULL' });
  });
});
