/**
 * The child process behind `lighthouseScores` (look/lighthouse.ts): `node --import tsx look/lighthouse-run.ts
 * '{"url":…,"headers":…}'` runs Lighthouse (mobile profile, its default) on one URL with Debian's Chromium and
 * prints one JSON line of `LighthouseScores`.
 *
 * It is a process of its own because Lighthouse 12 can leave a promise behind: when its wait for an idle CPU is
 * cancelled while one of its page evaluations is in flight, that evaluation rejects later ("Session closed")
 * with nothing listening. In a test runner that stray rejection fails the run after every test passed; here it
 * is reported on stderr and the process's result is what Lighthouse returned.
 */
import { createServer } from 'node:net';
import { chromium } from 'playwright-core';
import lighthouse from 'lighthouse';
import { CHROMIUM } from '../test/browser/chromium.js';
import type { LighthouseScores } from './lighthouse.js';

process.on('unhandledRejection', (reason) => {
  process.stderr.write(`lighthouse left a rejected promise behind (ignored): ${reason instanceof Error ? reason.message : String(reason)}\n`);
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function run(url: string, headers: Record<string, string> | undefined): Promise<LighthouseScores> {
  const port = await freePort();
  // Started with a debugging port as Lighthouse's own CLI starts Chromium, with the flags this closed network needs.
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--remote-debugging-port=${port}`],
  });
  try {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'seo'], ...(headers ? { extraHeaders: headers } : {}) });
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const failing: string[] = [];
    for (const id of ['performance', 'accessibility', 'seo']) {
      for (const ref of categories[id]?.auditRefs ?? []) {
        const audit = audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) failing.push(`${id}:${ref.id}(${Math.round((audit.score ?? 0) * 100)})`);
      }
    }
    const value = (id: string) => Math.round((audits[id]?.numericValue ?? 0) * (id === 'cumulative-layout-shift' ? 1000 : 1)) / (id === 'cumulative-layout-shift' ? 1000 : 1);
    const metrics = { fcp: value('first-contentful-paint'), lcp: value('largest-contentful-paint'), si: value('speed-index'), tbt: value('total-blocking-time'), cls: value('cumulative-layout-shift') };
    return { performance: score('performance'), accessibility: score('accessibility'), seo: score('seo'), failing, metrics };
  } finally {
    await browser.close();
  }
}

const { url, headers } = JSON.parse(process.argv[2] ?? '{}') as { url?: string; headers?: Record<string, string> };
if (!url) {
  process.stderr.write('usage: lighthouse-run.ts \'{"url":"http://…","headers":{…}}\'\n');
  process.exit(2);
}
const scores = await run(url, headers);
process.stdout.write(`${JSON.stringify(scores)}\n`);
// Lighthouse's leftover timers must not keep the process (and its caller) waiting.
process.exit(0);
