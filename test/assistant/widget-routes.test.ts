/**
 * The embeddable widget's server side through the app as a value: `GET /__folio/widget.js` (a script
 * any page may load, revalidated by ETag, within 25 KB gzipped), and CORS of the keyed assistant
 * routes: a preflight (which carries no key) is answered only for an origin some live key of the
 * site's project allows (a key without origins allows any, as before), refused 403 without CORS
 * headers otherwise, also once the only key allowing it is revoked; the widget's session route reads
 * its key from the query and tells a refused origin why. PGlite always, PostgreSQL too when set.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssistantKey, createProject, revokeAssistantKey } from '../../src/db/index.js';
import { bundleWidget } from '../../src/assistant/widget-routes.js';
import { backends } from '../db/helpers.js';
import { startTestServer, type TestServer } from '../server/helpers.js';

const WIDGET_BUDGET_GZ = 25 * 1024;

describe('widget bundle', () => {
  it(`stays within ${WIDGET_BUDGET_GZ / 1024} KB gzipped`, async () => {
    const { js } = await bundleWidget();
    const size = gzipSync(js).length;
    console.log(`widget.js: ${js.length} bytes, ${size} bytes gzipped`);
    expect(size).toBeLessThanOrEqual(WIDGET_BUDGET_GZ);
    // A classic script (no `import`/`export` at top level): a plain `<script src>` tag runs it.
    expect(js).not.toMatch(/^\s*(import|export)\b/m);
  }, 60_000);
});

describe.each(backends)('widget routes and CORS (%s)', (kind) => {
  let t: TestServer;
  let key: string;
  const preflight = (domain: string, origin: string, route = 'v2/assistant') =>
    t.app.request(`/${route}/${domain}${route.includes('assistant') ? '/message' : ''}`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' } });

  beforeAll(async () => {
    t = await startTestServer(kind);
    key = (await createAssistantKey(t.db, { projectId: t.project.id, name: 'app', allowedOrigins: ['https://app.example.com'] })).key;
  }, 60_000);
  afterAll(() => t?.cleanup());

  it('serves the widget script to any page, with an ETag that revalidates', async () => {
    const res = await t.app.request('/__folio/widget.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await res.text()).toContain('attachShadow');
    const again = await t.app.request('/__folio/widget.js', { headers: { 'If-None-Match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it("answers the preflight only for an origin the project's keys allow; others 403 without CORS headers", async () => {
    const allowed = await preflight(t.project.id, 'https://app.example.com');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(allowed.headers.get('access-control-allow-headers')).toContain('Authorization');
    const refused = await preflight(t.project.id, 'https://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(await refused.json()).toMatchObject({ code: 'ASSISTANT_ORIGIN_REFUSED' });
    // The search route's preflight too.
    expect((await preflight(t.project.id, 'https://evil.example', 'v1/search')).status).toBe(403);
    // The request itself from a refused origin: 403, no CORS headers.
    const message = await t.app.request(`/v2/assistant/${t.project.id}/message`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, Origin: 'https://evil.example', 'Content-Type': 'application/json' }, body: '{}' });
    expect(message.status).toBe(403);
    expect(message.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets any origin through for a project with a key that lists none, until that key is revoked', async () => {
    const open = await createProject(t.db, { name: 'Open', repoUrl: 'https://example.test/open.git' });
    const made = await createAssistantKey(t.db, { projectId: open.id });
    expect((await preflight(open.id, 'https://anywhere.example')).status).toBe(204);
    await revokeAssistantKey(t.db, open.id, made.row.id);
    // The cache holds rows a few seconds: a fresh app sees the revocation at once.
    await new Promise((r) => setTimeout(r, 5_100));
    expect((await preflight(open.id, 'https://anywhere.example')).status).toBe(403);
  }, 20_000);

  it("tells the widget's session of a refused origin why, readable there; an allowed origin gets the session", async () => {
    const refused = await t.app.request(`/v1/assistant/${t.project.id}/session?key=${key}`, { headers: { Origin: 'https://evil.example' } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBe('https://evil.example');
    expect(await refused.json()).toMatchObject({ code: 'ASSISTANT_ORIGIN_REFUSED' });
    const noKey = await t.app.request(`/v1/assistant/${t.project.id}/session`, { headers: { Origin: 'https://app.example.com' } });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ code: 'ASSISTANT_KEY_MALFORMED' });
    // Nothing is published for the project: the allowed origin is past the key and origin checks.
    const allowed = await t.app.request(`/v1/assistant/${t.project.id}/session?key=${key}`, { headers: { Origin: 'https://app.example.com' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(await allowed.json()).toMatchObject({ code: 'ASSISTANT_SITE_NOT_FOUND' });
  });
});
