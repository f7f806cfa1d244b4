import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchRemoteSpec, loadOpenApiSpecs, RemoteFetchError } from '../../src/openapi/index.js';

const SPEC = JSON.stringify({ openapi: '3.1.0', info: { title: 'Remote', version: '1' }, paths: { '/ping': { get: { summary: 'Ping', responses: { '200': { description: 'OK' } } } } } });

let server: http.Server;
let base: string;
let port: number;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/spec.json') return void res.end(SPEC);
    if (req.url === '/redirect-private') {
      res.writeHead(302, { location: `http://127.0.0.2:${port}/spec.json` });
      return void res.end();
    }
    if (req.url === '/redirect-local') {
      res.writeHead(302, { location: '/spec.json' });
      return void res.end();
    }
    if (req.url === '/big') {
      res.writeHead(200);
      return void res.end('x'.repeat(64 * 1024));
    }
    if (req.url === '/slow') return; // never answers
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Only the test server's exact address passes; everything else stays refused. */
const onlyTestServer = (address: string) => address === '127.0.0.1';

async function refusal(promise: Promise<unknown>): Promise<RemoteFetchError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RemoteFetchError);
  return error as RemoteFetchError;
}

describe('remote spec fetching', () => {
  it('refuses loopback URLs by default, by IP literal and by name', async () => {
    expect((await refusal(fetchRemoteSpec(`${base}/spec.json`))).kind).toBe('refused');
    const byName = await refusal(fetchRemoteSpec(`http://localhost:${port}/spec.json`));
    expect(byName.kind).toBe('refused');
    expect(byName.message).toMatch(/private, loopback or link-local/);
    expect((await refusal(fetchRemoteSpec(`http://[::1]:${port}/spec.json`))).kind).toBe('refused');
  });

  it('refuses other schemes and credentials', async () => {
    expect((await refusal(fetchRemoteSpec('file:///etc/passwd'))).kind).toBe('refused');
    expect((await refusal(fetchRemoteSpec('ftp://example.com/spec.json'))).kind).toBe('refused');
    expect((await refusal(fetchRemoteSpec('http://user:pw@example.com/spec.json'))).kind).toBe('refused');
  });

  it('fetches when the address policy allows it, and follows allowed redirects', async () => {
    expect(await fetchRemoteSpec(`${base}/spec.json`, { isAllowedAddress: onlyTestServer })).toBe(SPEC);
    expect(await fetchRemoteSpec(`${base}/redirect-local`, { isAllowedAddress: onlyTestServer })).toBe(SPEC);
  });

  it('checks every redirect target again', async () => {
    const error = await refusal(fetchRemoteSpec(`${base}/redirect-private`, { isAllowedAddress: onlyTestServer }));
    expect(error.kind).toBe('refused');
    expect(error.message).toContain('127.0.0.2');
  });

  it('caps size, time and redirects', async () => {
    const big = await refusal(fetchRemoteSpec(`${base}/big`, { isAllowedAddress: onlyTestServer, maxBytes: 1024 }));
    expect(big.message).toMatch(/limit/);
    const slow = await refusal(fetchRemoteSpec(`${base}/slow`, { isAllowedAddress: onlyTestServer, timeoutMs: 200 }));
    expect(slow.message).toMatch(/timed out/);
    const loop = await refusal(fetchRemoteSpec(`${base}/redirect-local`, { isAllowedAddress: onlyTestServer, maxRedirects: 0 }));
    expect(loop.message).toMatch(/redirects/);
  });

  it('reports refused spec URLs in docs.json as OPENAPI_URL_REFUSED and loads allowed ones', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-openapi-remote-'));
    try {
      const refused = await loadOpenApiSpecs(root, [`${base}/spec.json`, 'file:///etc/passwd'], { discover: false });
      expect(refused.diagnostics.map((d) => d.code)).toEqual(['OPENAPI_URL_REFUSED', 'OPENAPI_URL_REFUSED']);
      expect(refused.provider.endpoints(`${base}/spec.json`)).toEqual([]);
      const allowed = await loadOpenApiSpecs(root, [`${base}/spec.json`], { discover: false, fetch: { isAllowedAddress: onlyTestServer } });
      expect(allowed.diagnostics).toEqual([]);
      expect(allowed.provider.endpoints(`${base}/spec.json`).map((e) => e.href)).toEqual(['/api-reference/ping']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('a spec that cannot be downloaded', () => {
  it('is one OPENAPI_FETCH_FAILED warning, not an error: the site builds without it', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-openapi-remote-'));
    try {
      const missing = await loadOpenApiSpecs(root, [`${base}/gone.json`], { discover: false, fetch: { isAllowedAddress: onlyTestServer } });
      expect(missing.diagnostics.map((d) => [d.severity, d.code])).toEqual([['warning', 'OPENAPI_FETCH_FAILED']]);
      expect(missing.diagnostics[0]!.message).toContain(`OpenAPI URL ${base}/gone.json could not be loaded`);
      expect(missing.provider.endpoints(`${base}/gone.json`)).toEqual([]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('openapi: frontmatter that names no endpoint', () => {
  it('is a warning: the page is built from its own content', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-openapi-frontmatter-'));
    try {
      fs.writeFileSync(path.join(root, 'openapi-cloud.json'), SPEC);
      const { provider } = await loadOpenApiSpecs(root, ['openapi-cloud.json'], { discover: false });
      const result = provider.frontmatterEndpoint('/openapi-cloud.json', '/cloud/openapi');
      expect(result).toEqual({ diagnostic: expect.objectContaining({ severity: 'warning', code: 'OPENAPI_BAD_ENTRY' }) });
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('local spec confinement', () => {
  it('refuses a spec that is a symlink to a file outside the docs root', async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-openapi-outside-'));
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-openapi-root-'));
    try {
      fs.writeFileSync(path.join(outside, 'secret.json'), SPEC);
      fs.symlinkSync(path.join(outside, 'secret.json'), path.join(root, 'spec.json'));
      const { provider, diagnostics } = await loadOpenApiSpecs(root, ['spec.json', '../secret.json'], { discover: false });
      expect(diagnostics.map((d) => d.code)).toEqual(['OPENAPI_SOURCE_OUTSIDE_ROOT', 'OPENAPI_SOURCE_OUTSIDE_ROOT']);
      expect(provider.endpoints('spec.json')).toEqual([]);
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
