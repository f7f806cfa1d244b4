/**
 * Readers of groups through real `folio serve` processes: two sharing PostgreSQL when
 * TEST_DATABASE_URL is set (else one on PGlite). A reader signed in (JWT handshake) on one server is
 * recognised on the other; alternating readers on one URL, across both servers, each get their own
 * answer (sidebar cut, personalized value), never stored for sharing. The site assistant, with a
 * stand-in model speaking streamed chat completions, cites a reader's restricted pages of their
 * groups and no one else's: what the model is handed for a reader outside a group holds none of
 * that group's text.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, openDatabase, updateProject } from '../../src/db/index.js';
import { publishBuild, siteDirFor } from '../../src/hosting/index.js';
import { buildSite } from '../../src/site-build/index.js';
import { startChatStandIn, type ReceivedRequest } from '../agent/llm-stand-in.js';
import { createFreshPostgresDatabase } from '../db/helpers.js';
import { startFolioServe, type ServeProcess } from './serve-process.js';

const TEAMS = ['alpha', 'beta', 'gamma'] as const;
const LOGIN = 'https://app.example.com/docs-login';

function writeDocs(root: string): void {
  fs.mkdirSync(root, { recursive: true });
  fs.writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'Teams', colors: { primary: '#225588' }, navigation: { groups: [{ group: 'Start', pages: ['index', 'guide', 'hello'] }, { group: 'Teams', pages: [...TEAMS] }] } }));
  fs.writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Welcome\n---\nWelcome to the team docs.\n');
  fs.writeFileSync(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\nThe open guide.\n');
  fs.writeFileSync(path.join(root, 'hello.mdx'), '---\ntitle: Hello\n---\nHello, {user.firstName ?? "reader"}.\n');
  for (const team of TEAMS) fs.writeFileSync(path.join(root, `${team}.mdx`), `---\ntitle: ${team} deploy keys\ngroups: ["${team}"]\n---\nIntro.\n\n## Deploy keys\n\nThe ${team} team rotates deploy keys with the ${team}rotate command.\n`);
}

/** The stand-in model: searches first, then answers citing the first URL the search returned. */
function model(request: ReceivedRequest) {
  const lastUser = request.messages.map((m) => m.role).lastIndexOf('user');
  const result = request.messages.slice(lastUser).find((m) => m.role === 'tool');
  if (!result) return { tools: [{ name: 'search', args: { query: 'rotate deploy keys' } }] };
  const url = /URL: (\/[^\s\\"]+)/.exec(JSON.stringify(result.content))?.[1] ?? '/nowhere';
  return { text: `Rotate them as [the handbook](${url}) says.` };
}

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

describe('readers of groups across folio serve processes', () => {
  const shared = Boolean(process.env.TEST_DATABASE_URL);
  let tmp: string;
  let servers: ServeProcess[] = [];
  let llm: Awaited<ReturnType<typeof startChatStandIn>>;
  let drop: (() => Promise<void>) | undefined;
  let ed: { privateKey: CryptoKey; publicKey: CryptoKey };
  const server = (i: number) => servers[i % servers.length]!;
  const send = (i: number, pathname: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) =>
    new Promise<Reply>((resolve, reject) => {
      const port = Number(new URL(server(i).url).port);
      const headers: Record<string, string> = { Host: `teams.localhost:${port}`, Accept: 'text/html', ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...init.headers };
      const req = http.request({ host: '127.0.0.1', port, path: pathname, method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'), headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      });
      req.on('error', reject);
      req.end(init.body === undefined ? undefined : JSON.stringify(init.body));
    });

  /** A JWT handshake on server `i`: the reader's session cookie. */
  async function signIn(i: number, claims: Record<string, unknown>): Promise<string> {
    const started = await send(i, '/__folio/sign-in');
    expect(started.status).toBe(303);
    const state = new URL(started.headers.location!).searchParams.get('state')!;
    const stateCookie = String(started.headers['set-cookie']![0]).split(';')[0]!;
    const token = await new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA' }).setSubject('reader').setExpirationTime('30s').sign(ed.privateKey);
    const done = await send(i, `/__folio/jwt/callback?state=${encodeURIComponent(state)}&token=${encodeURIComponent(token)}`, { headers: { Cookie: stateCookie } });
    expect(done.status).toBe(303);
    return String(done.headers['set-cookie']![0]).split(';')[0]!;
  }

  beforeAll(async () => {
    llm = await startChatStandIn(model, 'test-key', { chunkDelayMs: 1 });
    ed = await generateKeyPair('EdDSA', { extractable: true });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-reader-servers-'));
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
    await createProject(db, { id: 'teams', name: 'Teams', repoUrl: 'https://github.com/acme/teams', branch: 'main' });
    await updateProject(db, 'teams', { siteAccess: 'jwt', siteAccessScope: 'hidden', siteJwt: { loginUrl: LOGIN, algorithm: 'EdDSA', key: JSON.stringify(await exportJWK(ed.publicKey)) } });
    await db.close();
    const siteDir = siteDirFor(dataDir, 'teams', null)!;
    const out = path.join(siteDir, 'builds', 'b1');
    expect((await buildSite({ root: docs, outDir: out, cache: false, search: false, threads: 1, protect: 'hidden' })).ok).toBe(true);
    await publishBuild(siteDir, out);
    const env = { ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), FOLIO_LLM_BASE_URL: llm.baseUrl, FOLIO_LLM_API_KEY: 'test-key', FOLIO_ASSISTANT_MODEL: 'docs-model' };
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

  it('recognises a reader signed in on one server on the other, and never serves one reader another’s answer', async () => {
    const alpha = await signIn(0, { groups: ['alpha'], content: { firstName: 'Ada' } });
    const beta = await signIn(1, { groups: ['beta'], content: { firstName: 'Grace' } });
    for (let i = 0; i < 4; i++) {
      for (const [cookie, own, name] of [[alpha, 'alpha', 'Ada'], [beta, 'beta', 'Grace']] as const) {
        const page = await send(i, `/${own}`, { headers: { Cookie: cookie } });
        expect([i, own, page.status, page.text.includes(`${own}rotate`)]).toEqual([i, own, 200, true]);
        const guide = await send(i, '/guide', { headers: { Cookie: cookie } });
        expect(TEAMS.filter((team) => guide.text.includes(`href="/${team}"`))).toEqual([own]);
        expect(guide.headers['cache-control']).toBe('private, no-store');
        const hello = await send(i, '/hello', { headers: { Cookie: cookie } });
        expect(hello.text).toContain(`<span data-folio-user="firstName">${name}</span>`);
        expect(hello.headers['cache-control']).toBe('private, no-store');
        expect(hello.headers.vary).toContain('Cookie');
      }
    }
    // The other's page: refused on both servers.
    for (let i = 0; i < servers.length; i++) expect((await send(i, '/beta', { headers: { Cookie: alpha } })).status).toBe(403);
  });

  it('has the assistant cite only the restricted pages of the reader’s groups', async () => {
    const events = (sse: string) =>
      sse
        .split('\n\n')
        .map((block) => block.replace(/^data: /, ''))
        .filter((data) => data && data !== '[DONE]')
        .map((data) => JSON.parse(data) as Record<string, unknown> & { type: string });
    const readers: Record<string, string> = { none: await signIn(0, { groups: [] }) };
    for (const team of TEAMS) readers[team] = await signIn(0, { groups: [team] });
    let i = 0;
    for (const [name, cookie] of Object.entries(readers)) {
      i++;
      const asked = llm.received.length;
      const session = await send(i, '/__folio/assistant/session', { headers: { Cookie: cookie } });
      expect(session.status).toBe(200);
      const { token } = JSON.parse(session.text) as { token: string };
      const answer = await send(i, '/__folio/assistant/message', {
        headers: { Cookie: cookie, 'X-Folio-Page-Token': token },
        body: { fp: `reader-${name}`, currentPath: '/guide', messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: 'How do I rotate deploy keys?' }] }] },
      });
      expect([name, answer.status]).toEqual([name, 200]);
      expect(answer.headers['cache-control']).toBe('private, no-store');
      const parts = events(answer.text);
      const sources = parts.filter((p) => p.type === 'source-url').map((p) => String(p.url).split('#')[0]);
      const handed = JSON.stringify(llm.received.slice(asked).map((r) => r.messages));
      if (name === 'none') {
        expect(sources).toEqual([]);
        expect(parts.find((p) => p.type === 'finish')).toMatchObject({ outcome: 'not_found' });
      } else {
        expect([name, sources]).toEqual([name, [`/${name}`]]);
      }
      // What the model saw for this reader: their group's text only.
      expect([name, TEAMS.filter((team) => handed.includes(`${team}rotate`))]).toEqual([name, TEAMS.filter((team) => team === name)]);
    }
  });
});
