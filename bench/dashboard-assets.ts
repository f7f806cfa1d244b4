/**
 * `npm run bench:dashboard-assets`: what the dashboard's pages download, gzipped: the stylesheet and
 * the main script every page loads, and the islands a page loads on demand (the chart: uPlot, on
 * the traffic and assistant screens; the calendar: cally, when the range picker is first opened).
 */
import { gzipSync } from 'node:zlib';
import { dashboardAssets } from '../src/dashboard/assets/version.js';

const assets = await dashboardAssets();
const size = (text: string) => ({ bytes: Buffer.byteLength(text), gzip: gzipSync(text, { level: 9 }).length });
const rows: [string, string, { bytes: number; gzip: number }][] = [
  ['app.css', 'every page', size(assets.css)],
  ['app.js (main)', 'every page', size(assets.scripts.main.code)],
  ['chart.js (uPlot)', 'traffic and assistant screens', size(assets.scripts.chart.code)],
  ['calendar.js (cally)', 'on opening the range picker', size(assets.scripts.calendar.code)],
];
const fonts = [...assets.fonts.values()].find((f) => /latin-wght-normal/.test(f.name));
console.log('asset                 loaded                          bytes     gzipped');
for (const [name, when, s] of rows) console.log(`${name.padEnd(22)}${when.padEnd(32)}${String(s.bytes).padStart(7)}  ${String(s.gzip).padStart(8)}`);
if (fonts) console.log(`Inter (latin, woff2) when text is drawn: ${fonts.name}`);
const page = rows[0]![2].gzip + rows[1]![2].gzip;
console.log(`\nA page without a chart: ${page} B gzipped; the chart island adds ${rows[2]![2].gzip} B, the calendar ${rows[3]![2].gzip} B.`);
