/**
 * `npm run look:dashboard [-- --shots] [--serve] [--screen NAME]... [--json]`: every dashboard screen
 * with 30 seeded days (look/dashboard-seed.ts), signed in as the owner, at 390x844 and 1440x900,
 * light and dark. Per view: sideways scrolling, controls under WCAG AA contrast, axe-core
 * serious/critical violations. Prints one row per screen and the totals (exit 1 when any is not 0);
 * `--shots` saves each view under test-artifacts/dashboard-look/; `--serve` keeps the seeded
 * dashboard running and prints its address, for a person to try.
 */
import fs from 'node:fs';
import path from 'node:path';
import { measureDashboardScreens, startSeededDashboard, type ScreenLook } from './dashboard-screens.js';

const args = process.argv.slice(2);
const shots = args.includes('--shots');
const only = args.flatMap((a, i) => (args[i - 1] === '--screen' ? [a] : []));
const dashboard = await startSeededDashboard();
if (args.includes('--serve')) {
  console.log(`dashboard: ${dashboard.url}/dashboard/login  (${dashboard.owner.email} / ${dashboard.owner.password})`);
  await new Promise(() => {});
}
const dir = path.resolve('test-artifacts/dashboard-look');
if (shots) fs.mkdirSync(dir, { recursive: true });
let looks: ScreenLook[] = [];
try {
  looks = await measureDashboardScreens(dashboard, { only: only.length ? only : undefined, shotsDir: shots ? dir : undefined, editor: true });
} finally {
  await dashboard.close();
}
if (args.includes('--json')) console.log(JSON.stringify(looks, null, 2));
const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log(`${pad('screen', 16)}${pad('view', 16)}${pad('sideways px', 13)}${pad('contrast', 10)}axe serious/critical`);
for (const l of looks) console.log(`${pad(l.screen, 16)}${pad(`${l.view} ${l.scheme}`, 16)}${pad(l.overflowPx, 13)}${pad(l.contrast.length, 10)}${l.axe.length}${l.axe.length ? `  ${l.axe.map((a) => `${a.id} (${a.target})`).join(', ')}` : ''}${l.error ? `  FAILED: ${l.error}` : ''}${l.status >= 400 ? `  HTTP ${l.status}` : ''}`);
const sideways = looks.filter((l) => l.overflowPx > 0).length;
const contrast = looks.reduce((n, l) => n + l.contrast.length, 0);
const axe = looks.reduce((n, l) => n + l.axe.length, 0);
const failed = looks.filter((l) => l.error || l.status >= 400).length;
console.log(`\n${looks.length} views of ${new Set(looks.map((l) => l.screen)).size} screens: ${sideways} scroll sideways, ${contrast} controls under AA contrast, ${axe} serious/critical axe violations, ${failed} not shown`);
process.exitCode = sideways + contrast + axe + failed > 0 ? 1 : 0;
