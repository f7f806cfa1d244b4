/**
 * AsyncAPI channel pages in one real build of a small site: a 3.x YAML document generates a page
 * per channel for the tab that names it, a 2.x JSON document for a group with `{ source, directory }`;
 * `asyncapi:` frontmatter lays a channel's reference around the page's body (with and without the
 * document's path); an unknown channel is a located warning and the page still builds. The
 * Markdown export carries the same reference. Loading problems (missing file, bad version, syntax)
 * are checked without a build.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asyncApiFromText, loadAsyncApiSpecs } from '../../src/openapi/index.js';
import { loadSite } from '../../src/site/index.js';
import { buildSite } from '../../src/site-build/index.js';
import { corpusDir, haveCorpora } from '../../compat/corpora.js';

const FIXTURES = path.join(import.meta.dirname, 'fixtures/asyncapi');
let root: string;
let result: Awaited<ReturnType<typeof buildSite>>;
const out = (file: string) => readFile(path.join(root, 'out', file), 'utf8');

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'folio-asyncapi-'));
  await cp(FIXTURES, root, { recursive: true });
  await mkdir(path.join(root, 'live'));
  await mkdir(path.join(root, 'chat'));
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({
    theme: 'mint', name: 'Market', colors: { primary: '#0D9373' },
    api: { asyncapi: 'events-v3.yaml' },
    navigation: {
      tabs: [
        { tab: 'Guides', pages: ['index', 'live/ticker', 'live/heartbeat', 'live/bad-channel'] },
        { tab: 'Events', asyncapi: '/events-v3.yaml' },
        { tab: 'Chat', groups: [{ group: 'Chat', pages: ['chat/overview'], asyncapi: { source: 'chat-v2.json', directory: 'chat-api' } }] },
      ],
    },
  }));
  await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nHi.\n');
  await writeFile(path.join(root, 'live/ticker.mdx'), '---\ntitle: Live ticker\nasyncapi: "/events-v3.yaml tickerUpdates"\n---\n\nConnect and **subscribe**.\n');
  await writeFile(path.join(root, 'live/heartbeat.mdx'), '---\nasyncapi: heartbeat\n---\n\nKeeps the connection open.\n');
  await writeFile(path.join(root, 'live/bad-channel.mdx'), '---\ntitle: Bad\ndescription: x\nasyncapi: "events-v3.yaml tickerUpdate"\n---\n\nStill here.\n');
  await writeFile(path.join(root, 'chat/overview.mdx'), '---\ntitle: Chat overview\n---\n\nRooms.\n');
  result = await buildSite({ root, outDir: path.join(root, 'out'), search: false, cache: false });
}, 120_000);

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('AsyncAPI channel pages', () => {
  it('builds with no errors; the unknown channel and the broken $ref are located warnings', () => {
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const bad = result.diagnostics.find((d) => d.code === 'ASYNCAPI_CHANNEL_NOT_FOUND');
    expect(bad).toMatchObject({ file: 'live/bad-channel.mdx', line: 4, severity: 'warning' });
    expect(bad!.message).toContain('did you mean "tickerUpdates"');
    const ref = result.diagnostics.find((d) => d.code === 'ASYNCAPI_BAD_REF');
    expect(ref).toMatchObject({ file: 'chat-v2.json', severity: 'warning' });
    expect(ref!.line).toBeGreaterThan(1);
  });

  it('generates a 3.x channel page: address, servers, parameters, operations, messages, examples', async () => {
    const page = await out('api-reference/tickerupdates/index.html');
    expect(page).toContain('<h1 class="page-title">Ticker updates</h1>');
    expect(page).toContain('<span class="api-method api-method-channel">WS</span><code class="api-path" data-folio-copy-source="">/ticker<wbr/>/{symbol}</code>');
    const main = page.slice(page.indexOf('class="api-main"'), page.indexOf('class="api-examples"'));
    expect(main).toContain('wss://stream.market.test/v1');
    expect(main).toContain('Binding <code>ws</code>');
    expect(main).toMatch(/id="param-channel-symbol"[\s\S]*Allowed values:[\s\S]*<code>ACME<\/code><code>INIT<\/code>/);
    // `action: send` and `action: receive`, each linking to the message it carries.
    expect(main).toMatch(/api-action-send">send<\/span><code class="api-field-name">receiveTicks<\/code>[\s\S]*?href="#message-tick"/);
    expect(main).toMatch(/api-action-receive">receive<\/span><code class="api-field-name">subscribe<\/code>[\s\S]*?href="#message-subscribe"/);
    // The first message open with its payload (a referenced array item schema included) and headers.
    expect(main).toMatch(/<details class="api-response api-message" id="message-tick" open="">/);
    expect(main).toContain('array&lt;Trade&gt;');
    expect(main).toContain('Shares traded.');
    expect(main).toContain('x-sequence');
    const examples = page.slice(page.indexOf('class="api-examples"'));
    expect(examples).toContain('aria-label="Messages"');
    // The spec's example for Tick; one made from the schema for Subscribe.
    expect(examples).toContain('12.5');
    expect(examples).toMatch(/subscribe/);
    // The TOC lists the sections; the playground island is not asked for.
    expect(page).toMatch(/href="#api-servers"[\s\S]*href="#api-operations"[\s\S]*href="#api-messages"/);
    expect(page).not.toContain('data-api-try');
    // The sidebar lists both channels of the document with a WS badge.
    expect(page).toMatch(/method-ws">WS<\/span><span class="nav-text">Ticker updates/);
    expect(page).toMatch(/method-ws">WS<\/span><span class="nav-text">heartbeat/);
  });

  it('reads a multi-format payload (3.x `schema` + `schemaFormat`) and its schema examples', async () => {
    const page = await out('api-reference/heartbeat/index.html');
    expect(page).toContain('<code class="api-path" data-folio-copy-source="">/heartbeat</code>');
    expect(page).toContain('ping-42');
  });

  it('reads 2.x documents: publish is receive, subscribe is send, oneOf messages, channel bindings, in the given directory', async () => {
    const page = await out('chat-api/room-roomid/index.html');
    expect(page).toContain('<code class="api-path" data-folio-copy-source="">room<wbr/>/{roomId}</code>');
    expect(page).toContain('ws://chat.example.test/socket');
    expect(page).toMatch(/api-action-receive">receive<\/span><code class="api-field-name">postMessage<\/code>/);
    expect(page).toMatch(/api-action-send">send<\/span><code class="api-field-name">roomEvents<\/code>[\s\S]*?#message-chatmessage[\s\S]*?#message-userjoined/);
    expect(page).toContain('string&lt;uuid&gt;');
    expect(page).toContain('unresolved reference: #/components/schemas/Nope');
    expect(page).toContain('Ada');
    expect(page).toContain('"bindingVersion": "0.1.0"');
    // The group's own page stays, the channel follows it.
    expect(page).toMatch(/Chat overview[\s\S]*method-ws">WS<\/span><span class="nav-text">room\/\{roomId\}/);
  });

  it('lays the channel reference around an asyncapi: page body, found with or without the document path', async () => {
    const ticker = await out('live/ticker/index.html');
    expect(ticker).toContain('<h1 class="page-title">Live ticker</h1>');
    const main = ticker.slice(ticker.indexOf('class="api-main"'), ticker.indexOf('class="api-examples"'));
    expect(main).toMatch(/<div class="api-mdx-body"><p>Connect and <strong>subscribe<\/strong>/);
    expect(main).toContain('receiveTicks');
    expect(ticker).toContain('href="#api-messages"');
    // `asyncapi: heartbeat` alone is looked up in api.asyncapi; with no title the page takes the channel's.
    const heartbeat = await out('live/heartbeat/index.html');
    expect(heartbeat).toContain('<h1 class="page-title">heartbeat</h1>');
    expect(heartbeat).toContain('Keeps the connection open.');
    expect(heartbeat).toContain('/heartbeat</code>');
    const bad = await out('live/bad-channel/index.html');
    expect(bad).toContain('Still here.');
    expect(bad).not.toContain('api-channel');
  });

  it('exports channel pages as Markdown with the same reference', async () => {
    const md = await out('chat-api/room-roomid.md');
    expect(md).toContain('## Operations');
    expect(md).toContain('- **receive** `postMessage`: Post a message to the room. (messages: chatMessage)');
    expect(md).toContain('- `text` (string, max length 2000)');
    expect(md).toContain('### userJoined');
    const ticker = await out('live/ticker.md');
    expect(ticker).toContain('Connect and **subscribe**.');
    expect(ticker).toContain('Channel `tickerUpdates`, address `/ticker/{symbol}` (AsyncAPI 3.0.0).');
    expect(ticker).toContain('- `price` (number, required, >= 0)');
    expect(await out('llms.txt')).toContain('/api-reference/tickerupdates');
  });
});

describe('AsyncAPI loading problems', () => {
  it('reports unsupported versions, bad channels and syntax errors at their position', () => {
    const old = asyncApiFromText('old.yaml', 'asyncapi: 1.2.0\nchannels: {}\n');
    expect(old.spec).toBeUndefined();
    expect(old.diagnostics).toMatchObject([{ code: 'ASYNCAPI_INVALID', line: 1, severity: 'error' }]);
    expect(asyncApiFromText('none.yaml', 'info: {}\n').diagnostics[0]!.message).toContain('missing `asyncapi` version field');
    expect(asyncApiFromText('list.yaml', 'asyncapi: 3.0.0\nchannels:\n  - a\n').diagnostics).toMatchObject([{ code: 'ASYNCAPI_INVALID', line: 2 }]);
    expect(asyncApiFromText('broken.json', '{"asyncapi": "3.0.0",\n "channels": }').diagnostics).toMatchObject([{ code: 'ASYNCAPI_PARSE_ERROR', line: 2 }]);
  });

  it('reports a missing document where docs.json names it, and a channel-only value with no document', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'folio-asyncapi-missing-'));
    try {
      await writeFile(path.join(dir, 'docs.json'), '{\n  "name": "X",\n  "theme": "mint",\n  "colors": { "primary": "#000000" },\n  "navigation": { "tabs": [{ "tab": "Events", "asyncapi": "gone.yaml" }, { "tab": "Docs", "pages": ["index"] }] }\n}\n');
      await writeFile(path.join(dir, 'index.mdx'), '---\ntitle: Home\nasyncapi: someChannel\n---\n\nHi.\n');
      const { site } = await loadSite(dir, { keepSource: true });
      expect(site!.diagnostics.find((d) => d.code === 'ASYNCAPI_SOURCE_NOT_FOUND')).toMatchObject({ file: 'docs.json', line: 5, path: 'navigation.tabs[0].asyncapi' });
      const { provider } = await loadAsyncApiSpecs(dir, [], { discover: true });
      expect(provider.frontmatterChannel('someChannel', '/index')).toMatchObject({ diagnostic: { code: 'ASYNCAPI_NO_SPEC' } });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

const MINTLIFY = corpusDir('mintlify-docs');

describe.skipIf(!haveCorpora('mintlify-docs'))('mintlify-docs asyncapi.yaml', () => {
  it('finds the channel its WebSocket playground pages name, in every language', async () => {
    for (const spec of ['asyncapi.yaml', 'es/asyncapi.yaml', 'fr/asyncapi.yaml']) {
      const { provider, diagnostics } = await loadAsyncApiSpecs(MINTLIFY, [spec], { discover: false });
      expect(diagnostics).toEqual([]);
      const found = provider.frontmatterChannel(`/${spec} channelOne`, '/api-playground/websocket-playground');
      if (!('page' in found)) throw new Error(found.diagnostic.message);
      expect(found.page.address).toBe('/');
      expect(found.page.servers.map((s) => s.url)).toEqual(['wss://echo-websocket.hoppscotch.io', 'wss://echo.websocket.org']);
      expect(found.page.operations.map((o) => `${o.action} ${o.id} ${o.messages.join(',')}`)).toEqual(['receive sendTestMessage TestMessage', 'send receiveTestMessage TestMessage', 'send receiveTimestamp Timestamp']);
      // The Timestamp payload is a multi-format object whose schema is a component reference.
      expect(found.page.messages.find((m) => m.name === 'Timestamp')!.payload).toMatchObject({ type: 'string', refName: 'Timestamp' });
    }
  });
});
