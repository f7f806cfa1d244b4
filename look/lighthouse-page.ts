/** `npx tsx look/lighthouse-page.ts <site-dir> <path>`: Lighthouse (mobile) on one page of a built site, served gzipped; scores, metrics and what costs points. */
import { serveStatic } from '../test/site/static-server.js';
import { lighthouseScores } from './lighthouse.js';

const [dir, p] = process.argv.slice(2);
const server = await serveStatic(dir!, { gzip: true });
try {
  const s = await lighthouseScores(server.url + (p ?? '/'));
  console.log(`performance ${s.performance}, accessibility ${s.accessibility}, SEO ${s.seo}`);
  console.log(`FCP ${s.metrics.fcp} ms, LCP ${s.metrics.lcp} ms, SI ${s.metrics.si} ms, TBT ${s.metrics.tbt} ms, CLS ${s.metrics.cls}`);
  console.log(`below 90: ${s.failing.join(', ') || 'none'}`);
} finally {
  await server.close();
}
