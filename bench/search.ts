// `npm run bench:search [-- PAGES]`: the discovery API's search under load (issue 32). A generated
// site of PAGES pages (default 1,000; `bench/corpus.ts`) is built once, with the CPU its retrieval
// index took against the whole build's (goal: under 10 %), then published for a project of a real
// app on PGlite. autocannon (in child processes, so the server's thread is measured, not the
// client's) sends `POST /v1/search/{project}` at a fixed 200 requests a second with an assistant key,
// for a query matching no section, one matching most of them asked again and again (answered from the
// index's kept answers after the first), and that one made distinct by a unique word per request
// (autocannon's [<id>]: every request ranks), each alone and while 10 more connections read pages at
// 100 a second, each after two uncounted seconds of the same load; prints rate, p50, p97.5, p99 and refusals of each (goal: search p99 < 50 ms at 200 requests/s
// while pages are served).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createAssistantKey, createProject, openDatabase } from '../src/db/index.js';
import { createAppBundle, listen } from '../src/server/index.js';
import { buildSite } from '../src/site-build/index.js';
import { generateCorpus } from './corpus.js';

const PAGES = Number(process.argv[2] ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const run = promisify(execFile);
const AUTOCANNON = fileURLToPath(new URL('../node_modules/autocannon/autocannon.js', import.meta.url));
// The generated pages share most of their words: the second query matches nearly every section (the worst case).
const QUERIES = { 'no match': 'how do I set up authentication', 'broad, repeated': 'page 12 overview', 'broad, each distinct': 'page 12 overview [<id>]' };

async function autocannon(args: string[]): Promise<{ rps: number; p50: number; p97_5: number; p99: number; non2xx: number }> {
  const { stdout } = await run(process.execPath, [AUTOCANNON, '--json', ...args], { maxBuffer: 64 * 1024 * 1024 });
  const r = JSON.parse(stdout);
  return { rps: r.requests.average, p50: r.latency.p50, p97_5: r.latency.p97_5, p99: r.latency.p99, non2xx: r.non2xx };
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-search-'));
try {
  const root = path.join(tmp, 'docs');
  await generateCorpus(root, PAGES, 'tabs');
  const out = path.join(tmp, 'out');
  const cpu = process.cpuUsage();
  const started = performance.now();
  const built = await buildSite({ root, outDir: out, search: false, threads: 1 });
  const used = process.cpuUsage(cpu);
  const buildCpuMs = (used.user + used.system) / 1000;
  const retrieval = built.stats.retrieval;
  if (!built.ok || !retrieval) throw new Error('the site did not build with its retrieval index');
  console.log(`build of ${PAGES} pages: ${((performance.now() - started) / 1000).toFixed(1)} s wall, ${(buildCpuMs / 1000).toFixed(1)} s CPU in this process; retrieval index ${retrieval.cpuMs.toFixed(0)} ms CPU = ${((retrieval.cpuMs / buildCpuMs) * 100).toFixed(1)} % of it (${retrieval.pages} pages)`);

  const dataDir = path.join(tmp, 'data');
  const db = await openDatabase({ memory: true });
  const project = await createProject(db, { name: 'Search', repoUrl: 'https://example.test/docs.git' });
  fs.mkdirSync(path.join(dataDir, 'sites', project.id), { recursive: true });
  fs.symlinkSync(out, path.join(dataDir, 'sites', project.id, 'current'), 'dir');
  const { key } = await createAssistantKey(db, { projectId: project.id, name: 'bench' });
  const bundle = createAppBundle({ db, dataDir, analytics: false, assistantLimits: { perAddress: 1_000_000, perKey: 1_000_000 } });
  const server = await listen(bundle.app.fetch, { port: 0 });
  const base = `http://127.0.0.1:${server.port}`;
  // The index loads on the first search: warm it, as a server that has answered once is.
  const warm = await fetch(`${base}/v1/search/${project.id}`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ query: QUERIES['no match'] }) });
  if (warm.status !== 200) throw new Error(`search answered ${warm.status}: ${await warm.text()}`);
  const searchArgs = (query: string) => [...(query.includes('[<id>]') ? ['-I'] : []), '-c', '10', '-R', '200', '-d', String(SECONDS), '-m', 'POST', '-H', `Authorization=Bearer ${key}`, '-H', 'Content-Type=application/json', '-b', JSON.stringify({ query, pageSize: 10 }), `${base}/v1/search/${project.id}`];
  try {
    // Pages read for two seconds first, not counted, as a server that has served its site is.
    await autocannon(['-c', '10', '-R', '100', '-d', '2', '-H', `Host=${project.id}.localhost:${server.port}`, `${base}/`]);
    for (const [kind, query] of Object.entries(QUERIES)) {
      // Two seconds of the same load first, not counted: the steady state is measured (a reader's very
      // first search is test/browser/search-first.test.ts's figure), not the query's first answers and JIT.
      await autocannon(searchArgs(query).map((a, i, all) => (all[i - 1] === '-d' ? '2' : a)));
      const alone = await autocannon(searchArgs(query));
      console.log(`search (${kind}: "${query}") alone: ${Math.round(alone.rps)} req/s, p50 ${alone.p50} ms, p97.5 ${alone.p97_5} ms, p99 ${alone.p99} ms, ${alone.non2xx} refused`);
      const pages = autocannon(['-c', '10', '-R', '100', '-d', String(SECONDS + 2), '-H', `Host=${project.id}.localhost:${server.port}`, `${base}/`]);
      await new Promise((r) => setTimeout(r, 1000));
      const during = await autocannon(searchArgs(query));
      const served = await pages;
      console.log(`search (${kind}) while pages are read at 100/s: ${Math.round(during.rps)} req/s, p50 ${during.p50} ms, p97.5 ${during.p97_5} ms, p99 ${during.p99} ms, ${during.non2xx} refused; pages ${Math.round(served.rps)} req/s, p99 ${served.p99} ms, ${served.non2xx} not 2xx`);
    }
  } finally {
    await server.close();
    await db.close();
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
