import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleProxyRoute } from './api-proxy.js';

/** A local API that echoes what it received, answers slowly on /slow and hugely on /big. */
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    if (req.url === '/slow') return void setTimeout(() => res.end('late'), 2000);
    if (req.url === '/big') return void res.end('x'.repeat(4096));
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      res.writeHead(201, { 'content-type': 'application/json', 'x-echo': 'yes' });
      res.end(JSON.stringify({ method: req.method, url: req.url, auth: req.headers.authorization ?? null, cookie: req.headers.cookie ?? null, body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const allowLocal = { isAllowedAddress: () => true };
const call = (value: unknown, options = {}) => handleProxyRoute(typeof value === 'string' ? value : JSON.stringify(value), options);

describe('playground proxy', () => {
  it('refuses loopback and private targets unless the operator allows them', async () => {
    expect(await call({ method: 'GET', url: `${base}/x`, headers: [] })).toEqual({ status: 403, json: { error: { code: 'OPENAPI_PROXY_REFUSED', message: '127.0.0.1 is a private, loopback or link-local address; the proxy only reaches public APIs' } } });
    const named = await call({ method: 'GET', url: base.replace('127.0.0.1', 'localhost') + '/x', headers: [] });
    expect(named.status).toBe(403);
    expect(JSON.stringify(named.json)).toContain('OPENAPI_PROXY_REFUSED');
    for (const url of ['file:///etc/passwd', 'http://user:pw@example.com/', 'http://10.0.0.1/', 'http://[::1]/', 'http://169.254.169.254/latest/meta-data']) {
      expect((await call({ method: 'GET', url, headers: [] })).status, url).toBe(403);
    }
  });

  it('forwards method, typed headers and body, and returns status, headers and body', async () => {
    const answer = await call({ method: 'post', url: `${base}/items/7?verbose=true`, headers: [['Authorization', 'Bearer t0k'], ['Host', 'evil.test'], ['Cookie', 'k=v']], body: '{"a":1}' }, allowLocal);
    expect(answer.status).toBe(200);
    const json = answer.json as { status: number; headers: [string, string][]; body: string; encoding: string; timeMs: number };
    expect(json.status).toBe(201);
    expect(json.encoding).toBe('utf8');
    expect(json.headers).toContainEqual(['x-echo', 'yes']);
    expect(JSON.parse(json.body)).toEqual({ method: 'POST', url: '/items/7?verbose=true', auth: 'Bearer t0k', cookie: 'k=v', body: '{"a":1}' });
    expect(json.timeMs).toBeGreaterThanOrEqual(0);
  });

  it('caps time and size and rejects malformed requests', async () => {
    expect(await call({ method: 'GET', url: `${base}/slow`, headers: [] }, { ...allowLocal, timeoutMs: 200 })).toMatchObject({ status: 504, json: { error: { code: 'OPENAPI_PROXY_FAILED' } } });
    expect(await call({ method: 'GET', url: `${base}/big`, headers: [] }, { ...allowLocal, maxResponseBytes: 1000 })).toMatchObject({ status: 502, json: { error: { code: 'OPENAPI_PROXY_FAILED' } } });
    expect(await call({ method: 'POST', url: `${base}/`, headers: [], body: 'x'.repeat(50) }, { ...allowLocal, maxRequestBytes: 10 })).toMatchObject({ status: 400, json: { error: { code: 'OPENAPI_PROXY_BAD_REQUEST' } } });
    expect((await call('not json')).status).toBe(400);
    expect((await call({ method: 'CONNECT', url: base, headers: [] })).status).toBe(400);
    expect((await call({ method: 'GET', url: base, headers: [['a']] })).status).toBe(400);
    expect((await call({ method: 'GET', url: '/relative', headers: [] })).status).toBe(400);
  });
});
