/**
 * Lighthouse (mobile profile, its default) on one URL with Debian's Chromium: performance,
 * accessibility and SEO scores out of 100. Chromium is started for each run with a debugging port,
 * as Lighthouse's own CLI does, with the flags this closed network needs.
 */
import { createServer } from 'node:net';
import { chromium } from 'playwright-core';
import lighthouse from 'lighthouse';
import { CHROMIUM } from '../test/browser/chromium.js';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  seo: number;
  /** Audits that cost points, worst first, for the report. */
  failing: string[];
  /** The performance metrics behind the score: first and largest contentful paint, speed index (ms), total blocking time (ms), layout shift. */
  metrics: { fcp: number; lcp: number; si: number; tbt: number; cls: number };
}

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

/** `headers`: sent with every request (a signed-in dashboard page: its session cookie). */
export async function lighthouseScores(url: string, { headers }: { headers?: Record<string, string> } = {}): Promise<LighthouseScores> {
  const port = await freePort();
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
