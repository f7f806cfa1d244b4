import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSite } from './serve-site.js';

/** `folio serve` answers the playground's proxy route on every hosted site (before any file lookup). */
let api: Server;
let upstream: string;
beforeAll(async () => {
  api = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ path: req.url, auth: req.headers.authorization }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  upstream = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));

const proxyRequest = (body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  new Request('http://docs.localhost/__folio/api-proxy', { method: 'POST', headers: { host: 'docs.localhost', ...headers }, body: JSON.stringify(body) });

describe('hosted playground proxy', () => {
  it('forwards to an API the operator allows and refuses loopback by default', async () => {
    const body = { method: 'GET', url: `${upstream}/v1/me`, headers: [['Authorization', 'Bearer abc']] };
    const allowed = await serveSite('/nonexistent', 'docs', proxyRequest(body), null, { apiProxy: { isAllowedAddress: () => true } });
    expect(allowed.status).toBe(200);
    const answer = (await allowed.json()) as { status: number; body: string };
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ path: '/v1/me', auth: 'Bearer abc' });
    const refused = await serveSite('/nonexistent', 'docs', proxyRequest(body));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('OPENAPI_PROXY_REFUSED');
  });

  it('answers JSON requests from the site itself only', async () => {
    const body = { method: 'GET', url: `${upstream}/`, headers: [] };
    const form = await serveSite('/nonexistent', 'docs', proxyRequest(body, { 'content-type': 'text/plain' }), null, { apiProxy: { isAllowedAddress: () => true } });
    expect(form.status).toBe(403);
    const foreign = await serveSite('/nonexistent', 'docs', proxyRequest(body, { 'content-type': 'application/json', origin: 'https://evil.example' }), null, { apiProxy: { isAllowedAddress: () => true } });
    expect(foreign.status).toBe(403);
    const get = await serveSite('/nonexistent', 'docs', new Request('http://docs.localhost/__folio/api-proxy'));
    expect(get.status).toBe(405);
  });
});
