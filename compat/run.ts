/**
 * `npm run compat [-- --corpus NAME]... [--no-build] [--json] [--check]`: Folio against every real docs
 * repository in ../shared/corpora. For each: `folio validate` (exit code, errors, warnings),
 * `folio nav --json` compared with ../shared/oracle-nav (href recall, title and order agreement),
 * and `folio build` (exit code, wall time, pages, problems by code, and the AI files: every page's
 * `.md`, llms.txt, the full text; `ai-files.ts`). Each command runs as its
 * own process, as a user would run it. Prints one table; `--json` prints the rows instead.
 * Corpora that pass every check but are not yet in compat/passing.json are named at the end, so
 * the ratchet the tests use can grow. `--check` exits 1 when a corpus listed there no longer passes
 * its check (the ratchet only grows).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compareNavigation, type NavAgreement } from './oracle.js';
import { CORPORA_DIR, ORACLE_DIR, PASSING, NAV_THRESHOLD } from './corpora.js';
import { aiFileProblems } from './ai-files.js';
import { loadSite } from '../src/site/index.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLI = ['--import', 'tsx', path.join(ROOT, 'src/cli/main.ts')];

interface Row {
  corpus: string;
  validate: { exit: number | null; errors: number; warnings: number };
  nav: (NavAgreement & { exit: number | null }) | null;
  build: { exit: number | null; seconds: number; pages: number; errors: number; warnings: number; byCode: string; ai: string[] } | null;
}

function folio(args: string[], timeoutMs = 30 * 60_000) {
  const started = performance.now();
  const r = spawnSync(process.execPath, [...CLI, ...args], { cwd: ROOT, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024, timeout: timeoutMs, env: { ...process.env, NODE_ENV: 'production' } });
  return { exit: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '', seconds: (performance.now() - started) / 1000 };
}

async function runCorpus(corpus: string, build: boolean): Promise<Row> {
  const dir = path.join(CORPORA_DIR, corpus);
  const v = folio(['validate', dir, '--json']);
  let validate = { exit: v.exit, errors: -1, warnings: -1 };
  try {
    const parsed = JSON.parse(v.stdout) as { errors: unknown[]; warnings: unknown[] };
    validate = { exit: v.exit, errors: parsed.errors.length, warnings: parsed.warnings.length };
  } catch {
    // unreadable output: counts stay -1
  }
  let nav: Row['nav'] = null;
  const oracleFile = path.join(ORACLE_DIR, `${corpus}.json`);
  const n = folio(['nav', dir, '--json']);
  if (existsSync(oracleFile)) {
    try {
      nav = { exit: n.exit, ...compareNavigation(JSON.parse(readFileSync(oracleFile, 'utf8')), JSON.parse(n.stdout)) };
    } catch {
      nav = null;
    }
  }
  let built: Row['build'] = null;
  if (build) {
    const out = mkdtempSync(path.join(os.tmpdir(), `folio-compat-${corpus}-`));
    try {
      const b = folio(['build', dir, '--out', out, '--no-search', '--no-cache']);
      const summary = /(\d+) pages.*?, (\d+) error\(s\), (\d+) warning\(s\)/.exec(b.stderr);
      const byCode = /^by code: (.*)$/m.exec(b.stderr)?.[1] ?? '';
      built = {
        exit: b.exit,
        seconds: b.seconds,
        pages: summary ? Number(summary[1]) : -1,
        errors: summary ? Number(summary[2]) : -1,
        warnings: summary ? Number(summary[3]) : -1,
        byCode,
        // The files AI tools read: every page's .md, llms.txt and the full text (compat/ai-files.ts).
        ai: await loadSite(dir).then(({ site }) => (site ? aiFileProblems(site, out) : ['the site did not load'])),
      };
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }
  return { corpus, validate, nav, build: built };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const only = argv.flatMap((a, i) => (a === '--corpus' && argv[i + 1] ? [argv[i + 1]!] : []));
  const build = !argv.includes('--no-build');
  const json = argv.includes('--json');
  const corpora = readdirSync(CORPORA_DIR)
    .filter((d) => existsSync(path.join(CORPORA_DIR, d, 'docs.json')) || existsSync(path.join(CORPORA_DIR, d, 'mint.json')))
    .filter((d) => only.length === 0 || only.includes(d))
    .sort();
  const rows: Row[] = [];
  for (const corpus of corpora) {
    const row = await runCorpus(corpus, build);
    rows.push(row);
    if (!json) process.stderr.write(`${corpus}: done\n`);
  }
  if (json) {
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return;
  }
  const lines = [
    '| corpus | validate exit (err/warn) | nav pages (oracle/folio) | href recall | titles | order | build exit | s | pages | errors | warnings | AI files |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const nav = r.nav ? `${r.nav.expected}/${r.nav.actual} | ${pct(r.nav.recall)} | ${pct(r.nav.titles)} | ${pct(r.nav.order)}` : 'n/a | | |';
    const b = r.build ? `${r.build.exit} | ${r.build.seconds.toFixed(1)} | ${r.build.pages} | ${r.build.errors} | ${r.build.warnings} | ${r.build.ai.length ? `${r.build.ai.length} problem(s)` : 'ok'}` : 'skipped | | | | |';
    lines.push(`| ${r.corpus} | ${r.validate.exit} (${r.validate.errors}/${r.validate.warnings}) | ${nav} | ${b} |`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
  for (const r of rows) {
    if (r.build?.byCode) process.stdout.write(`${r.corpus} build problems: ${r.build.byCode}\n`);
    if (r.build?.ai.length) process.stdout.write(`${r.corpus} AI files: ${r.build.ai.slice(0, 3).join('; ')}\n`);
    if (r.nav && (r.nav.missing.length || r.nav.titleDiffs.length || r.nav.extra.length)) {
      process.stdout.write(`${r.corpus} nav: missing ${r.nav.missing.slice(0, 3).join('; ')} | extra ${r.nav.extra.slice(0, 3).join('; ')} | titles ${r.nav.titleDiffs.slice(0, 3).join('; ')}\n`);
    }
  }
  const grow = (kind: 'validate' | 'nav' | 'build', ok: (r: Row) => boolean) =>
    rows.filter((r) => ok(r) && !PASSING[kind].includes(r.corpus)).map((r) => r.corpus);
  const suggestions = {
    validate: grow('validate', (r) => r.validate.exit === 0),
    nav: grow('nav', navAgrees),
    build: build ? grow('build', buildPasses) : [],
  };
  for (const [kind, names] of Object.entries(suggestions)) {
    if (names.length) process.stdout.write(`\nnow passing ${kind}, add to compat/passing.json: ${names.join(', ')}`);
  }
  process.stdout.write('\n');
  if (argv.includes('--check')) {
    const regressions = [
      ...rows.filter((r) => PASSING.validate.includes(r.corpus) && r.validate.exit !== 0).map((r) => `${r.corpus}: validate`),
      ...rows.filter((r) => PASSING.nav.includes(r.corpus) && !navAgrees(r)).map((r) => `${r.corpus}: nav`),
      ...(build ? rows.filter((r) => PASSING.build.includes(r.corpus) && !buildPasses(r)).map((r) => `${r.corpus}: build`) : []),
    ];
    if (regressions.length) {
      process.stdout.write(`\nREGRESSED (listed in compat/passing.json, no longer passing): ${regressions.join(', ')}\n`);
      process.exitCode = 1;
    }
  }
}

/** Built without errors, and the AI files are whole. */
function buildPasses(r: Row): boolean {
  return r.build?.exit === 0 && r.build.errors === 0 && r.build.ai.length === 0;
}

function navAgrees(r: Row): boolean {
  return !!r.nav && r.nav.recall >= NAV_THRESHOLD && r.nav.titles >= NAV_THRESHOLD && r.nav.order >= NAV_THRESHOLD;
}

await main();
