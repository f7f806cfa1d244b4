process.env.NODE_ENV ??= 'production';
import os from 'node:os'; import path from 'node:path'; import { mkdtemp, rm } from 'node:fs/promises';
import inspector from 'node:inspector/promises';
import { generateCorpus } from './corpus.js';
const { buildSite } = await import('../src/site-build/index.js');
const N = Number(process.argv[2] ?? 10000);
const dir = await mkdtemp(path.join(os.tmpdir(), 'folio-heap-'));
await generateCorpus(path.join(dir, 'docs'), N, 'one-section');
const session = new inspector.Session(); session.connect();
await session.post('HeapProfiler.startSampling', { samplingInterval: 8192 });
let report: Promise<void> | null = null;
const take = async () => {
  const { profile } = (await session.post('HeapProfiler.stopSampling')) as { profile: any };
  const by = new Map<string, number>(); let sum = 0;
  const walk = (n: any, stack: string[]) => {
    const here = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/.*node_modules\//, '').replace(/.*\/src\//, 'src/')}:${n.callFrame.lineNumber}`;
    const st = [...stack, here];
    if (n.selfSize) { const key = st.filter((s) => s.includes('src/')).slice(-2).join(' <- ') || st.slice(-3).join(' <- '); by.set(key, (by.get(key) ?? 0) + n.selfSize); sum += n.selfSize; }
    for (const c of n.children) walk(c, st);
  };
  walk(profile.head, []);
  console.log(`live sampled ${(sum / 1048576).toFixed(0)} MB; ${(sum / N / 1024).toFixed(1)} KB per page`);
  for (const [k, v] of [...by].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`${(v / 1048576).toFixed(1).padStart(7)} MB  ${k.slice(0, 230)}`);
};
const r = await buildSite({ root: path.join(dir, 'docs'), outDir: path.join(dir, '_site'), progress: (d, t) => { if (d >= t && !report) report = take(); } });
await report;
console.log('ok', r.ok);
await rm(dir, { recursive: true, force: true });
