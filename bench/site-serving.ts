// Static site requests per second through `folio serve` (a child process, as deployed): one server
// on local storage, and two servers sharing S3 (s3rver) and PostgreSQL. "cold": a freshly started
// server's first pass over every page (for S3, each file comes from the bucket); "cached": the home
// page for BENCH_SECONDS with 32 connections (for S3, from the server's LRU of file contents).
// Part of `npm run bench:api`; the S3 rows need TEST_DATABASE_URL.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import S3rver from 's3rver';
import { openDatabase, randomBase36 } from '../src/db/index.js';
import { LocalSiteStore, S3SiteStore, parseStorage } from '../src/hosting/index.js';
import { buildSite } from '../src/site-build/index.js';
import { createFreshPostgresDatabase } from '../test/db/helpers.js';
import { startFolioServe, type ServeProcess } from '../test/hosting/serve-process.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const AUTOCANNON = fileURLToPath(new URL('../node_modules/autocannon/autocannon.js', import.meta.url));


const stop = (s: ServeProcess) => new Promise<void>((resolve) => (s.child.exitCode !== null ? resolve() : (s.child.once('exit', () => resolve()), s.child.kill('SIGTERM'))));

/** Every page of a built site as a URL path. */
function pagesOf(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      if (e.name.startsWith('.')) continue;
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(r);
      else if (e.name.endsWith('.html') && e.name !== '404.html') out.push('/' + r.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, ''));
    }
  };
  walk('');
  return out;
}

/** One pass over `pages` with 16 requests in flight; requests per second and how many were not 200. */
async function firstPass(url: string, host: string, pages: string[]): Promise<{ rps: number; bad: number; badPaths: string[] }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  let next = 0;
  let bad = 0;
  const badPaths: string[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < pages.length) {
        const page = pages[next++]!;
        const status = await new Promise<number>((resolve, reject) => {
          http.get(`${url}${page}`, { agent, headers: { Host: host } }, (res) => res.resume().on('end', () => resolve(res.statusCode ?? 0))).on('error', reject);
        });
        if (status !== 200) {
          bad++;
          badPaths.push(`${page} ${status}`);
        }
      }
    }),
  );
  agent.destroy();
  return { rps: pages.length / ((performance.now() - started) / 1000), bad, badPaths };
}

async function cached(url: string, host: string, seconds: number): Promise<{ rps: number; p99: number; non2xx: number }> {
  const { stdout } = await run(process.execPath, [AUTOCANNON, '--json', '--duration', String(seconds), '-c', '32', '-H', `host=${host}`, `${url}/`], { maxBuffer: 64 * 1024 * 1024 });
  const r = JSON.parse(stdout);
  return { rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx };
}

const row = (name: string, rps: number, note = '') => console.log(`sites    ${name.padEnd(40)} ${rps.toFixed(0).padStart(8)} req/s${note ? `   ${note}` : ''}`);

export async function benchSiteServing(seconds: number): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-sites-'));
  const servers: ServeProcess[] = [];
  try {
    const built = path.join(tmp, 'built');
    const result = await buildSite({ root: path.join(ROOT, 'examples'), outDir: built, cache: false, threads: 1 });
    if (!result.ok) throw new Error('the examples site did not build');
    const pages = pagesOf(built);
    const projectId = `bench${randomBase36(6)}`;
    const host = `${projectId}.localhost`;
    console.log(`sites    examples/ built: ${pages.length} pages; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);

    // One server, local storage (embedded database).
    const localData = path.join(tmp, 'local');
    const local = new LocalSiteStore(localData);
    const site = { projectId, preview: null };
    const dir = local.buildDir(site, 'b1')!;
    fs.cpSync(built, dir, { recursive: true });
    await local.publish(site, 'b1', dir);
    const one = await startFolioServe(localData, { DATABASE_URL: '' });
    servers.push(one);
    const localCold = await firstPass(one.url, host, pages);
    row('local, 1 server, cold (first pass)', localCold.rps, localCold.bad ? `(not 200: ${localCold.badPaths.join(', ')})` : '');
    const localHot = await cached(one.url, host, seconds);
    row('local, 1 server, cached (home page)', localHot.rps, `p99 ${localHot.p99} ms${localHot.non2xx ? `, non-2xx ${localHot.non2xx}` : ''}`);
    await stop(one);

    if (!process.env.TEST_DATABASE_URL) {
      console.log('sites    S3: skipped (set TEST_DATABASE_URL to include two servers sharing S3)');
      return;
    }
    const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(tmp, 's3'), configureBuckets: [{ name: 'sites', configs: [] }] });
    const info = await s3.run();
    const fresh = await createFreshPostgresDatabase();
    const db = await openDatabase({ databaseUrl: fresh.url });
    const env = { DATABASE_URL: fresh.url, FOLIO_S3_ENDPOINT: `http://127.0.0.1:${info.port}`, FOLIO_S3_ACCESS_KEY_ID: 'S3RVER', FOLIO_S3_SECRET_ACCESS_KEY: 'S3RVER' };
    try {
      await db.query('INSERT INTO projects (id, name, repo_url) VALUES ($1, $2, $3)', [projectId, 'Bench', 'https://example.test/bench.git']);
      const store = new S3SiteStore(db, parseStorage('s3://sites/bench', env)!, path.join(tmp, 's3-work'));
      const upload = store.buildDir(site, 'b1')!;
      fs.cpSync(built, upload, { recursive: true });
      const started = performance.now();
      await store.publish(site, 'b1', upload);
      console.log(`sites    S3 publish of the built site: ${Math.round(performance.now() - started)} ms (${store.stats.uploads} objects)`);
      await store.close();
      const a = await startFolioServe(path.join(tmp, 'a'), env, ['--storage', 's3://sites/bench']);
      servers.push(a);
      const b = await startFolioServe(path.join(tmp, 'b'), env, ['--storage', 's3://sites/bench']);
      servers.push(b);
      const s3Cold = await firstPass(a.url, host, pages);
      row('S3, 1 server, cold (first pass)', s3Cold.rps, s3Cold.bad ? `(not 200: ${s3Cold.badPaths.join(', ')})` : '');
      const s3Hot = await cached(a.url, host, seconds);
      row('S3, 1 server, cached (home page)', s3Hot.rps, `p99 ${s3Hot.p99} ms${s3Hot.non2xx ? `, non-2xx ${s3Hot.non2xx}` : ''}`);
      await firstPass(b.url, host, pages);
      const [onA, onB] = await Promise.all([cached(a.url, host, seconds), cached(b.url, host, seconds)]);
      row('S3, 2 servers, cached (home page, sum)', onA.rps + onB.rps, `${onA.rps.toFixed(0)} + ${onB.rps.toFixed(0)}; p99 ${Math.max(onA.p99, onB.p99)} ms`);
    } finally {
      for (const s of servers) await stop(s);
      await db.close();
      await fresh.drop();
      await s3.close();
    }
  } finally {
    for (const s of servers) await stop(s);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
