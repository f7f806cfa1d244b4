/**
 * `npm run look [-- --corpus NAME]... [--pages 8] [--no-build] [--shots] [--lighthouse] [--json]`:
 * how every real repository in ../shared/corpora looks to a reader (issue 31). Each corpus is built
 * with `folio build` (kept in $TMPDIR/folio-look/<corpus>; `--no-build` reuses it), served as static
 * files, and `--pages` sampled pages (home, endpoint pages, an even spread) are opened in Chromium at
 * 390x844 and 1440x900, light and dark. Per view: does the page scroll sideways, which header/tab/
 * pager/endpoint-bar texts are under WCAG AA contrast, and axe-core's serious/critical violations,
 * then, where axe found any, axe again with the repository's own colours taken off (its stylesheets,
 * inline colour styles and colour classes in page bodies): what is left is Folio's, and fails the run.
 * Prints one row per corpus and the totals; `--shots` saves every view under
 * test-artifacts/look-corpora/<corpus>/. The dashboard's screens with 30 seeded days follow (look/dashboard-screens.ts: the
 * same measures, one row; `--no-dashboard` leaves them out, `--dashboard-only` measures only them); `--lighthouse` adds Lighthouse (mobile) scores for the home
 * and an endpoint page of three corpora (files are served gzipped, as hosts and `folio serve` do). `--details` lists every failure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchChromium } from '../test/browser/chromium.js';
import { serveStatic } from '../test/site/static-server.js';
import { CORPORA_DIR } from '../compat/corpora.js';
import { measurePage, runAxeWithoutRepositoryColours, type AxeFinding, type PageLook } from './measure.js';
import { samplePages } from './sample.js';
import { lighthouseScores, type LighthouseScores } from './lighthouse.js';
import { measureDashboardScreens, startSeededDashboard, type ScreenLook } from './dashboard-screens.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const VIEWS = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1440, height: 900 }],
] as const;

interface Args {
  corpora: string[];
  pages: number;
  build: boolean;
  shots: boolean;
  lighthouse: boolean;
  json: boolean;
  details: boolean;
  /** The dashboard's screens with seeded data too (default); `--no-dashboard` leaves them out, `--dashboard-only` measures only them. */
  dashboard: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { corpora: [], pages: 8, build: true, shots: false, lighthouse: false, json: false, details: false, dashboard: true };
  let dashboardOnly = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--corpus') args.corpora.push(argv[++i]!);
    else if (a === '--pages') args.pages = Number(argv[++i]);
    else if (a === '--no-build') args.build = false;
    else if (a === '--shots') args.shots = true;
    else if (a === '--lighthouse') args.lighthouse = true;
    else if (a === '--json') args.json = true;
    else if (a === '--details') args.details = true;
    else if (a === '--no-dashboard') args.dashboard = false;
    else if (a === '--dashboard-only') dashboardOnly = true;
    else throw new Error(`unknown argument ${a}`);
  }
  if (dashboardOnly) return { ...args, corpora: [], dashboard: true };
  if (args.corpora.length === 0 && existsSync(CORPORA_DIR)) args.corpora = readdirSync(CORPORA_DIR).filter((n) => existsSync(path.join(CORPORA_DIR, n))).sort();
  return args;
}

interface View extends PageLook {
  view: string;
  scheme: string;
  kind: string;
  /** axe-core's findings once the repository's own colours are taken off (what Folio draws). */
  axeFolio: AxeFinding[];
}

interface CorpusRow {
  corpus: string;
  views: View[];
  lighthouse: { page: string; scores: LighthouseScores }[];
}

function buildCorpus(corpus: string, out: string): void {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/cli/main.ts'), 'build', path.join(CORPORA_DIR, corpus), '-o', out], {
    cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, NODE_ENV: 'production' },
  });
  if (!existsSync(path.join(out, 'index.html'))) throw new Error(`${corpus}: build wrote no site (exit ${r.status})\n${r.stderr.slice(-2000)}`);
}

async function lookCorpus(corpus: string, args: Args, browser: Awaited<ReturnType<typeof launchChromium>>): Promise<CorpusRow> {
  const out = path.join(os.tmpdir(), 'folio-look', corpus);
  if (args.build || !existsSync(path.join(out, 'index.html'))) buildCorpus(corpus, out);
  const server = await serveStatic(out, { gzip: true });
  const row: CorpusRow = { corpus, views: [], lighthouse: [] };
  try {
    const pages = samplePages(out, args.pages);
    for (const [view, viewport] of VIEWS) {
      for (const scheme of ['light', 'dark'] as const) {
        const context = await browser.newContext({ viewport, colorScheme: scheme });
        const page = await context.newPage();
        for (const sampled of pages) {
          await page.goto(server.url + sampled.path, { waitUntil: 'load' });
          await page.waitForTimeout(50);
          const look = await measurePage(page);
          if (args.shots) {
            const dir = path.join(ROOT, 'test-artifacts/look-corpora', corpus);
            mkdirSync(dir, { recursive: true });
            const name = (sampled.path === '/' ? 'home' : sampled.path.slice(1).replace(/\//g, '_')).slice(0, 80);
            await page.screenshot({ path: path.join(dir, `${name}-${view}-${scheme}.png`) });
          }
          // Last, as it changes the page: which findings are left without the repository's own colours.
          const axeFolio = look.axe.length ? await runAxeWithoutRepositoryColours(page) : [];
          row.views.push({ ...look, axeFolio, url: sampled.path, view, scheme, kind: sampled.kind });
        }
        await context.close();
      }
    }
    if (args.lighthouse) {
      for (const sampled of pages.filter((p) => p.kind !== 'page').slice(0, 2)) {
        row.lighthouse.push({ page: sampled.path, scores: await lighthouseScores(server.url + sampled.path) });
      }
    }
  } finally {
    await server.close();
  }
  return row;
}

function summarise(row: CorpusRow) {
  const overflow = row.views.filter((v) => v.overflowPx > 0).length;
  const contrast = row.views.filter((v) => v.contrast.length > 0).length;
  const axe = row.views.reduce((n, v) => n + v.axe.length, 0);
  const axeContent = row.views.reduce((n, v) => n + v.axe.filter((a) => a.inContent).length, 0);
  const axeFolio = row.views.reduce((n, v) => n + v.axeFolio.length, 0);
  return { views: row.views.length, overflow, contrast, axe, axeContent, axeFolio };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const browser = await launchChromium();
  const rows: CorpusRow[] = [];
  const dashboardLooks: ScreenLook[] = [];
  try {
    for (const corpus of args.corpora) {
      const started = performance.now();
      try {
        rows.push(await lookCorpus(corpus, args, browser));
      } catch (err) {
        console.error(`${corpus}: ${(err as Error).message}`);
        continue;
      }
      if (!args.json) {
        const s = summarise(rows[rows.length - 1]!);
        console.error(`${corpus}: ${s.views} views, ${s.overflow} scroll sideways, ${s.contrast} with low-contrast controls, ${s.axe} axe violations, ${s.axeFolio} without the repository's colours (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      }
    }
    if (args.dashboard) {
      const started = performance.now();
      const dashboard = await startSeededDashboard();
      try {
        const looks = await measureDashboardScreens(dashboard, { browser, shotsDir: args.shots ? path.join(ROOT, 'test-artifacts/dashboard-look') : undefined, editor: true });
        dashboardLooks.push(...looks);
      } finally {
        await dashboard.close();
      }
      console.error(`dashboard: ${dashboardLooks.length} views of ${new Set(dashboardLooks.map((l) => l.screen)).size} screens (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
  } finally {
    await browser.close();
  }
  if (args.json) {
    console.log(JSON.stringify({ corpora: rows, dashboard: dashboardLooks }, null, 2));
    return;
  }
  const table = [['corpus', 'views', 'sideways', 'low contrast', 'axe serious/critical', 'of which in page bodies', 'left without the repository\'s colours', 'lighthouse perf/a11y/seo']];
  const total = { views: 0, overflow: 0, contrast: 0, axe: 0, axeContent: 0, axeFolio: 0 };
  for (const row of rows) {
    const s = summarise(row);
    total.views += s.views;
    total.overflow += s.overflow;
    total.contrast += s.contrast;
    total.axe += s.axe;
    total.axeContent += s.axeContent;
    total.axeFolio += s.axeFolio;
    const lh = row.lighthouse.map((l) => `${l.page}: ${l.scores.performance}/${l.scores.accessibility}/${l.scores.seo}`).join('; ');
    table.push([row.corpus, String(s.views), String(s.overflow), String(s.contrast), String(s.axe), String(s.axeContent), String(s.axeFolio), lh]);
  }
  if (dashboardLooks.length) {
    // The dashboard has no repository colours: everything on it is Folio's.
    const d = { views: dashboardLooks.length, overflow: dashboardLooks.filter((l) => l.overflowPx > 0 || l.error).length, contrast: dashboardLooks.filter((l) => l.contrast.length > 0).length, axe: dashboardLooks.filter((l) => l.axe.length > 0).length };
    total.views += d.views;
    total.overflow += d.overflow;
    total.contrast += d.contrast;
    total.axe += d.axe;
    total.axeFolio += d.axe;
    table.push([`dashboard (${new Set(dashboardLooks.map((l) => l.screen)).size} screens)`, String(d.views), String(d.overflow), String(d.contrast), String(d.axe), '0', String(d.axe), '']);
  }
  table.push(['all', String(total.views), String(total.overflow), String(total.contrast), String(total.axe), String(total.axeContent), String(total.axeFolio), '']);
  const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  for (const r of table) console.log(r.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd());
  if (args.details) {
    for (const row of rows) {
      for (const v of row.views) {
        const where = `${row.corpus} ${v.url} ${v.view} ${v.scheme}`;
        if (v.overflowPx > 0) console.log(`${where}: scrolls ${v.overflowPx}px sideways (${v.overflowCulprit ?? '?'})`);
        for (const c of v.contrast) console.log(`${where}: contrast ${c.ratio} < ${c.needed} "${c.text}" ${c.selector} ${c.fg} on ${c.bg}`);
        for (const a of v.axe) console.log(`${where}: axe ${a.impact} ${a.id} ×${a.nodes} ${a.target}${a.inContent ? ' (page body)' : ''}`);
        for (const a of v.axeFolio) console.log(`${where}: left without the repository's colours: axe ${a.impact} ${a.id} ×${a.nodes} ${a.target}`);
      }
      for (const l of row.lighthouse) {
        const m = l.scores.metrics;
        console.log(`${row.corpus} ${l.page} lighthouse: FCP ${m.fcp} ms, LCP ${m.lcp} ms, SI ${m.si} ms, TBT ${m.tbt} ms, CLS ${m.cls}; below 90: ${l.scores.failing.join(', ') || 'none'}`);
      }
    }
  }
  if (args.details) {
    for (const l of dashboardLooks) {
      const where = `dashboard ${l.screen} ${l.view} ${l.scheme}`;
      if (l.error) console.log(`${where}: not shown: ${l.error}`);
      if (l.overflowPx > 0) console.log(`${where}: scrolls ${l.overflowPx}px sideways (${l.overflowCulprit ?? '?'})`);
      for (const c of l.contrast) console.log(`${where}: contrast ${c.ratio} < ${c.needed} "${c.text}" ${c.selector} ${c.fg} on ${c.bg}`);
      for (const a of l.axe) console.log(`${where}: axe ${a.impact} ${a.id} ×${a.nodes} ${a.target}`);
    }
  }
  // Fails on what Folio draws; findings that go with the repository's own colours are printed, not failed.
  if (total.overflow + total.contrast + total.axeFolio > 0) process.exitCode = 1;
}

await main();
