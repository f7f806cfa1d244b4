/** `npx tsx look/shifts.ts <site-dir> <path>`: the layout shifts of one page loading on a throttled phone (Lighthouse's mobile profile: 412x823, 150 ms, 1.6 Mbit/s, CPU ×4), each with the elements that moved. */
import { launchChromium } from '../test/browser/chromium.js';
import { serveStatic } from '../test/site/static-server.js';
const [dir, p] = process.argv.slice(2);
const server = await serveStatic(dir!, { gzip: true });
const browser = await launchChromium();
const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1.6 * 1024 * 1024 / 8, uploadThroughput: 750 * 1024 / 8 });
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await page.addInitScript(() => {
  (window as any).__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as any[]) (window as any).__shifts.push({ t: Math.round(e.startTime), v: e.value.toFixed(4), sources: (e.sources || []).map((s: any) => { const n = s.node; return n ? (n.nodeName + '.' + (n.className?.baseVal ?? n.className ?? '') + '#' + (n.id || '')).slice(0, 120) + ` ${JSON.stringify(s.previousRect)}→${JSON.stringify(s.currentRect)}` : '?'; }) });
  }).observe({ type: 'layout-shift', buffered: true });
});
await page.goto(server.url + p, { waitUntil: 'load' });
await page.waitForTimeout(3000);
console.log(JSON.stringify(await page.evaluate(() => (window as any).__shifts), null, 1).slice(0, 4000));
await browser.close(); await server.close();
