import { chromium } from 'playwright-core';
import lighthouse from 'lighthouse';
import { CHROMIUM } from './test/browser/chromium.js';
import { serveStatic } from './test/site/static-server.js';
const [dir, p] = process.argv.slice(2);
const server = await serveStatic(dir!);
const port = 9333;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', `--remote-debugging-port=${port}`] });
const result = await lighthouse(server.url + p, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
const a = result!.lhr.audits;
console.log('perf', result!.lhr.categories.performance.score, 'CLS', a['cumulative-layout-shift'].numericValue, 'FCP', a['first-contentful-paint'].numericValue, 'LCP', a['largest-contentful-paint'].numericValue);
for (const id of ['layout-shifts', 'largest-contentful-paint-element', 'render-blocking-resources', 'render-blocking-insight', 'network-requests', 'lcp-discovery-insight', 'cls-culprits-insight']) {
  const d = a[id]?.details as any;
  if (!d) continue;
  console.log('==', id);
  const items = d.items ?? [];
  for (const it of items.slice(0, 12)) console.log(JSON.stringify(it).slice(0, 400));
}
await browser.close(); await server.close();
