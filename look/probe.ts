/** `npx tsx look/probe.ts <site-dir> <path> [--phone] [--dark]`: the look measures of one page, printed. */
import { launchChromium } from '../test/browser/chromium.js';
import { serveStatic } from '../test/site/static-server.js';
import { measurePage } from './measure.js';

const [dir, p] = process.argv.slice(2);
const phone = process.argv.includes('--phone');
const server = await serveStatic(dir!);
const browser = await launchChromium();
const context = await browser.newContext({ viewport: phone ? { width: 390, height: 844 } : { width: 1440, height: 900 }, colorScheme: process.argv.includes('--dark') ? 'dark' : 'light' });
const page = await context.newPage();
await page.goto(server.url + (p ?? '/'), { waitUntil: 'load' });
console.log(JSON.stringify(await measurePage(page), null, 2));
await browser.close();
await server.close();
