/**
 * Hosting vectors of issue 13: the build cache is not served, custom domains cannot claim IP
 * literals, `localhost`, the site domain or another project's name, a BOM in docs.json is no
 * syntax error, and one client cannot hold more than its share of connections.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocsConfig } from '../../src/config/index.js';
import { createProject, openDatabase, type Database } from '../../src/db/index.js';
import { HostMap, publishBuild, serveSite } from '../../src/hosting/index.js';
import { listen, MAX_CONNECTIONS_PER_CLIENT } from '../../src/server/index.js';
import { customDomainProblem } from '../../src/shared/index.js';

let data: string;
beforeAll(() => {
  data = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-hosting-sec-'));
});
afterAll(() => fs.rmSync(data, { recursive: true, force: true }));

describe('hosted sites', () => {
  it('never serves /.folio-cache/*', async () => {
    const site = path.join(data, 'sites', 'p');
    const build = path.join(site, 'builds', 'b1');
    fs.mkdirSync(path.join(build, '.folio-cache'), { recursive: true });
    fs.mkdirSync(path.join(build, '.well-known'), { recursive: true });
    fs.writeFileSync(path.join(build, '.folio-cache', 'manifest.json'), '{"pages":{"/hidden":"k"}}');
    fs.writeFileSync(path.join(build, '.well-known', 'security.txt'), 'Contact: x');
    fs.writeFileSync(path.join(build, '404.html'), 'MISSING');
    publishBuild(site, build);
    for (const url of ['/.folio-cache/manifest.json', '/.folio-cache/manifest', '/%2efolio-cache/manifest.json', '/a/../.folio-cache/manifest.json']) {
      const res = await serveSite(data, 'p', new Request(`http://p.localhost${url}`));
      expect([res.status, await res.text()]).toEqual([404, 'MISSING']);
    }
    expect((await serveSite(data, 'p', new Request('http://p.localhost/.well-known/security.txt'))).status).toBe(200);
  });
});

describe('custom domains', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ memory: true });
  });
  afterAll(() => db.close());

  it('refuses IP literals, localhost, the site domain and names under it, and the server’s own host', () => {
    const opts = { siteDomain: 'sites.example.com', ownHosts: ['folio.example.com'] };
    for (const bad of ['127.0.0.1', '10.0.0.1', '[::1]', '::1', 'localhost', 'api.localhost', 'sites.example.com', 'evil.sites.example.com', 'folio.example.com', 'no_underscores.example.com', 'single'])
      expect(customDomainProblem(bad, opts), bad).not.toBeNull();
    expect(customDomainProblem('docs.example.org', opts)).toBeNull();
  });

  it('ignores such names in stored projects, and a name two projects claim stays with the older', async () => {
    const first = await createProject(db, { name: 'a', repoUrl: 'https://example.test/a.git', hostNames: ['docs.example.org'] });
    await new Promise((r) => setTimeout(r, 5));
    const second = await createProject(db, { name: 'b', repoUrl: 'https://example.test/b.git', hostNames: ['docs.example.org', '127.0.0.1', 'localhost', 'x.sites.example.com', 'folio.example.com'] });
    const hosts = new HostMap(db, 'sites.example.com', 5_000, ['folio.example.com']);
    expect(await hosts.projectFor('docs.example.org')).toBe(first.id);
    for (const host of ['127.0.0.1:3000', 'localhost', 'folio.example.com']) expect(await hosts.projectFor(host), host).toBeNull();
    // Its own `<id>.<siteDomain>` still names the project; a two-label name under it names none.
    expect(await hosts.projectFor(`${second.id}.sites.example.com`)).toBe(second.id);
    expect(await hosts.projectFor('x.y.sites.example.com')).toBeNull();
  });
});

describe('docs.json with a byte-order mark', () => {
  it('reads like the same file without one', async () => {
    const root = path.join(data, 'bom');
    fs.mkdirSync(root);
    fs.writeFileSync(path.join(root, 'docs.json'), '\uFEFF' + JSON.stringify({ name: 'Bom', theme: 'mint', colors: { primary: '#000000' }, navigation: { pages: ['index'] } }));
    fs.writeFileSync(path.join(root, 'index.mdx'), '# Hi\n');
    const loaded = await loadDocsConfig(root);
    expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(loaded.config?.name).toBe('Bom');
  });
});

describe('folio serve connections', () => {
  it(`closes connections beyond ${MAX_CONNECTIONS_PER_CLIENT} from one client`, async () => {
    const server = await listen(() => new Response('ok'), { port: 0 });
    const sockets: net.Socket[] = [];
    try {
      const closed = { count: 0 };
      await Promise.all(
        Array.from({ length: MAX_CONNECTIONS_PER_CLIENT + 20 }, () =>
          new Promise<void>((resolve) => {
            const socket = net.connect(server.port, '127.0.0.1', () => resolve());
            socket.on('close', () => closed.count++);
            socket.on('error', () => resolve());
            sockets.push(socket);
          }),
        ),
      );
      await new Promise((r) => setTimeout(r, 500));
      expect(closed.count).toBe(20);
    } finally {
      for (const s of sockets) s.destroy();
      await server.close();
    }
  });
});
