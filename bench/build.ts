/**
 * `npm run bench:build`: cold and warm builds of generated corpora (`bench/corpus.ts`) or of a real
 * one, each in a child process of its own so peak RSS is that build's. Prints, for each: wall
 * time, CPU (this process and its worker threads), peak RSS, output bytes, HTML bytes per page,
 * client JS per page (gzipped; plus the shared sidebar files, fetched once per section), and the
 * time of one-page edits rebuilt as `folio build --watch` does (`WatchBuild`, search on unless --no-search), with the machine's load average.
 *
 * Usage: tsx bench/build.ts [1000 3000 10000 50000 ...] [--shape one-section|tabs|languages|real] [--languages N] [--versions N]
 *        [--corpus NAME] [--no-search] [--no-llms] [--no-retrieval] [--no-warm] [--keep] [--og-images]
 * `--og-images` draws a social image per page (cold build: all drawn; edits: the edited page's).
 * `--languages N` gives the languages shape N languages (default 25, up to 40; issue 36's site has 35).
 * `--shape real` builds the visible corpora's own pages replicated into languages (default 35) and
 * versions (`--versions N`, default 2) up to the size (`bench/real-corpus.ts`); it skips, saying why,
 * when the corpora are absent. Peak RSS is the build process's own (`maxRSS`: its worker threads
 * included, Pagefind's processes not).
 * Sizes default to 1000 and 3000. `--corpus NAME` builds ../shared/corpora/NAME (copied first,
 * so the edit does not touch it) instead of a generated corpus. `--no-llms` builds without the
 * Markdown export (`<page>.md`, llms files), to measure what it costs; `--no-retrieval` without the
 * retrieval file (`.folio-cache/retrieval.jsonl`). Files go under the temporary
 * folder (TMPDIR chooses the disk).
 *
 * Before and after: `--checkout DIR` builds with another Folio checkout (a git worktree of an older
 * commit, with its own node_modules or a link to one) from the same generated corpus; `--compare DIR`
 * alternates cold builds with DIR and with this checkout (`--runs N` each, default 3; before, now,
 * before, now, ...) and prints best and median CPU and wall of each side and their ratio. Page
 * weights are read from one page's HTML: the scripts and stylesheets it loads (raw and gzipped) and
 * its inline script and style. Example (issues 14 and 18, see /work/notes/bench1418.md):
 *   git worktree add --detach ../wt-before18 e4f0e4b && ln -s $PWD/node_modules ../wt-before18/
 *   TMPDIR=/dev/shm npm run bench:build -- 1000 --shape tabs --no-search --no-warm --compare ../wt-before18
 * `--compare-llms` alternates cold builds with the Markdown export off (before) and on (now) the same
 * way, for what the export costs (issue 16's figure): `npm run bench:build -- 3000 --no-search --no-warm --compare-llms`.
 * Each build with the export on also times the export inside itself (the pages' Markdown and the
 * llms files) and prints its share of that build's CPU, which two builds' difference cannot give
 * within their run-to-run noise.
 *
 * Disks: on ext4 without a journal (this project's VMs), a new file costs the kernel more the more
 * files were deleted there in the last minutes (it skips recently freed inodes one by one), so the
 * deletions of one run slow the next run's writes (measured: the same 3,000 folders and files took
 * 153, 270, 592, 738 ms of sys time in four rounds, each after the last's removal; tmpfs 60-133
 * ms). The first line prints the temporary folder's file system; `TMPDIR=/dev/shm` gives Folio's
 * own cost, the default disk what a build there costs. Alternated runs keep their folders until
 * the last one, so no run pays for another's removal (earlier commands' removals still count).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statfsSync } from 'node:fs';
import { appendFile, cp, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { corpusDir } from '../compat/corpora.js';
import { endedChildrenCpuMs } from '../src/site-build/cpu-split.js';
import { generateCorpus, MAX_LANGUAGES, SHAPES, type Shape } from './corpus.js';
import { generateRealCorpus, REAL_DEFAULT_LANGUAGES, REAL_DEFAULT_VERSIONS, realCorpusMissing } from './real-corpus.js';

// Production React, as `folio build` runs it; must be set before React loads.
process.env.NODE_ENV ??= 'production';

interface Job {
  pages: number;
  shape: Shape | 'real';
  /** Languages of the `languages` and `real` shapes (`--languages`). */
  languages?: number;
  /** Versions per language of the `real` shape (`--versions`). */
  versions?: number;
  /** The `real` shape's corpus, written once by the parent: its folder, and the page the edits change. */
  real?: { dir: string; sample: string; sampleFile: string };
  corpus?: string;
  search: boolean;
  llms: boolean;
  /** Write the retrieval file (`--no-retrieval`: not). */
  retrieval: boolean;
  warm: boolean;
  keep: boolean;
  og: boolean;
  /** Build with the Folio checkout at this path instead of this one. */
  checkout?: string;
}

/** What one page loads: its HTML, the scripts and stylesheets it links (raw and gzipped), its inline script and style. */
interface PageWeights {
  page: string;
  html: number;
  htmlGz: number;
  js: number;
  jsGz: number;
  jsFiles: number;
  inlineJs: number;
  css: number;
  cssGz: number;
  cssFiles: number;
  inlineCss: number;
}

interface Figures {
  label: string;
  pages: number;
  wallMs: number;
  cpuMs: number;
  /** CPU of the build's child processes (Pagefind) that ended during it; Linux only (`/proc/self/stat`), 0 elsewhere. */
  childrenCpuMs?: number;
  /** The kernel's part of `cpuMs` (file creation, writes, mkdir): what a file system charges per file shows here. */
  sysMs?: number;
  rssMb: number;
  outputBytes: number;
  /** Files and folders the build made (without the cache): each new one costs the file system an inode. */
  outputFiles?: number;
  outputFolders?: number;
  htmlFiles: number;
  htmlPerPage: number;
  jsGz: number;
  /** Folio's stylesheet and the Tailwind one (when pages write classes), gzipped. */
  cssGz: number;
  twGz: number;
  navFiles: number;
  navGz: number;
  ok: boolean;
  problems: string;
  searchMode: string;
  searchMs: number;
  load: string;
  /** Time of the internal link and anchor checks (cold build). */
  linksMs: number;
  /** The llms files after the pages (wall and CPU ms); absent without the export or in older checkouts. */
  llms?: { ms: number; cpuMs: number };
  /** The retrieval file (wall and CPU ms, pages cut); absent with it off or in older checkouts. */
  retrieval?: { ms: number; cpuMs: number; pages: number; cut: number };
  /** The pages' Markdown measured inside the build (conversion, assembly, `.md` writes); absent without the export or in older checkouts. */
  markdownPages?: { files: number; ms: number; writeMs?: number };
  og?: { drawn: number; reused: number; ms: number; bytes: number };
  /** Where the build's CPU went (`BuildStats.split`, ms per phase), with the phases' labels; absent in older checkouts. */
  split?: { phase: string; label: string; ms: number }[];
  edit?: { wallMs: number; cpuMs: number; compiled: number };
  warmEdit?: { wallMs: number; cpuMs: number; compiled: number };
  kept?: string;
  checkout?: string;
  weights?: PageWeights;
}

/** Every file under `dir` but the build cache: total bytes, and the pages' HTML. */
async function outputSizes(dir: string): Promise<{ bytes: number; files: number; folders: number; htmlFiles: number; htmlBytes: number; navFiles: string[]; ogBytes: number }> {
  let bytes = 0;
  let files = 0;
  let folders = 0;
  let ogBytes = 0;
  let htmlFiles = 0;
  let htmlBytes = 0;
  const navFiles: string[] = [];
  const walk = async (rel: string): Promise<void> => {
    for (const entry of await readdir(path.join(dir, rel), { withFileTypes: true })) {
      const child = path.join(rel, entry.name);
      if (entry.isDirectory()) {
        if (child !== '.folio-cache') folders++, await walk(child);
        continue;
      }
      files++;
      const size = (await stat(path.join(dir, child))).size;
      bytes += size;
      if (child.startsWith('assets/og/')) ogBytes += size;
      if (/^assets\/nav\.[0-9a-f]+\.html$/.test(child)) navFiles.push(child);
      else if (child.endsWith('index.html') && child !== 'index.html' && !child.startsWith('pagefind')) {
        htmlFiles++;
        htmlBytes += size;
      }
    }
  };
  await walk('');
  return { bytes, files, folders, htmlFiles, htmlBytes, navFiles, ogBytes };
}

/** The weights of the built page at `href` (site-relative, no leading slash). */
async function pageWeights(out: string, href: string): Promise<PageWeights | undefined> {
  const html = await readFile(path.join(out, href, 'index.html'), 'utf8').catch(() => null);
  if (html === null) return undefined;
  const linked = async (urls: string[]) => {
    let raw = 0;
    let gz = 0;
    for (const url of urls) {
      const bytes = await readFile(path.join(out, url.split(/[?#]/)[0]!)).catch(() => null);
      if (bytes) (raw += bytes.length), (gz += gzipSync(bytes).length);
    }
    return { raw, gz, files: urls.length };
  };
  const local = (re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!).filter((u) => u.startsWith('/') && !u.startsWith('//'));
  const scripts = await linked(local(/<script\b[^>]*\ssrc="([^"]+)"/g));
  const sheets = await linked(local(/<link\b(?=[^>]*\brel="stylesheet")[^>]*\shref="([^"]+)"/g));
  const inline = (re: RegExp) => [...html.matchAll(re)].reduce((n, m) => n + m[1]!.length, 0);
  return {
    page: href,
    html: Buffer.byteLength(html),
    htmlGz: gzipSync(html).length,
    js: scripts.raw,
    jsGz: scripts.gz,
    jsFiles: scripts.files,
    inlineJs: inline(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g),
    css: sheets.raw,
    cssGz: sheets.gz,
    cssFiles: sheets.files,
    inlineCss: inline(/<style\b[^>]*>([\s\S]*?)<\/style>/g),
  };
}

/** One build job, in this (child) process. */
async function runJob(job: Job): Promise<Figures> {
  // Another checkout's modules (same relative layout); its worker threads load its own files.
  const from = (rel: string) => (job.checkout ? path.join(path.resolve(job.checkout), rel.replace(/\.js$/, '.ts')) : new URL(`../${rel}`, import.meta.url).href);
  const { buildSite, WatchBuild, SPLIT_PHASES, SPLIT_LABELS } = (await import(from('src/site-build/index.js'))) as Partial<typeof import('../src/site-build/index.js')> & Pick<typeof import('../src/site-build/index.js'), 'buildSite'>;
  const { loadSite } = (await import(from('src/site/index.js'))) as typeof import('../src/site/index.js');
  const dir = await mkdtemp(path.join(os.tmpdir(), `folio-bench-${job.corpus ?? job.shape}-${job.pages}-`));
  const root = path.join(dir, 'docs');
  const out = path.join(dir, '_site');
  try {
    let edited: string;
    let sample: string;
    if (job.corpus) {
      const from = corpusDir(job.corpus);
      if (!existsSync(from)) throw new Error(`no corpus at ${from}`);
      await cp(from, root, { recursive: true, filter: (f) => path.basename(f) !== '.git' });
      const { site } = await loadSite(root);
      const first = [...(site?.model.pages.values() ?? [])].find((r) => r.kind === 'page' && r.file);
      edited = path.join(root, first?.file ?? 'index.mdx');
      sample = first?.path ?? 'index';
    } else if (job.real) {
      // Written by the parent process (its reading of the corpora stays out of this build's peak RSS).
      await cp(job.real.dir, root, { recursive: true });
      sample = job.real.sample;
      edited = path.join(root, job.real.sampleFile);
    } else {
      const corpus = await generateCorpus(root, job.pages, job.shape as Shape, { languages: job.languages });
      sample = corpus.pages[Math.floor(corpus.pages.length / 2)]!;
      edited = path.join(root, `${sample}.mdx`);
    }
    const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
    const cpu0 = process.cpuUsage();
    const children0 = endedChildrenCpuMs();
    const t0 = performance.now();
    const cold = await buildSite({ root, outDir: out, search: job.search, markdown: job.llms, retrieval: job.retrieval, ogImages: job.og || undefined });
    const wallMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    // The build has closed Pagefind's processes; once they have exited (and been waited for) their CPU is counted.
    await childrenExited(5000);
    const childrenMs = endedChildrenCpuMs() - children0;
    const rssMb = Math.round(process.resourceUsage().maxRSS / 1024);
    const sizes = await outputSizes(out);
    const js = await readFile(path.join(out, cold.stats!.assets.js));
    let navGz = 0;
    for (const f of sizes.navFiles) navGz += gzipSync(await readFile(path.join(out, f))).length;
    const figures: Figures = {
      label: `${job.corpus ?? job.shape}${job.languages ? ` (${job.languages} languages)` : ''}${job.versions ? ` (${job.versions} versions)` : ''}${job.llms ? '' : ' (no Markdown export)'}${job.retrieval ? '' : ' (no retrieval file)'}${job.checkout ? ` [checkout ${job.checkout}]` : ''}`,
      pages: cold.pages,
      wallMs,
      cpuMs: (cpu.user + cpu.system) / 1000,
      childrenCpuMs: childrenMs,
      sysMs: cpu.system / 1000,
      rssMb,
      outputBytes: sizes.bytes,
      outputFiles: sizes.files,
      outputFolders: sizes.folders,
      htmlFiles: sizes.htmlFiles,
      htmlPerPage: sizes.htmlFiles ? sizes.htmlBytes / sizes.htmlFiles : 0,
      jsGz: gzipSync(js).length,
      cssGz: gzipSync(await readFile(path.join(out, cold.stats!.assets.css))).length,
      twGz: await readdir(path.join(out, 'assets')).then(async (files) => {
        const tw = files.find((f) => /^tw\.[0-9a-f]+\.css$/.test(f));
        return tw ? gzipSync(await readFile(path.join(out, 'assets', tw))).length : 0;
      }),
      navFiles: sizes.navFiles.length,
      navGz,
      ok: cold.ok,
      problems: cold.ok ? '' : `${cold.diagnostics.filter((d) => d.severity === 'error').length} errors; first: ${cold.diagnostics.find((d) => d.severity === 'error')?.message ?? ''}`,
      searchMode: cold.stats!.searchMode,
      searchMs: cold.stats!.searchMs,
      load,
      // Checkouts older than the link checks have no figure for them.
      linksMs: cold.stats!.linksMs ?? 0,
      llms: (cold.stats as { llms?: { ms: number; cpuMs: number } }).llms,
      retrieval: (cold.stats as { retrieval?: Figures['retrieval'] }).retrieval,
      markdownPages: (cold.stats as { markdownPages?: { files: number; ms: number; writeMs?: number } }).markdownPages,
      split: cold.stats?.split && SPLIT_PHASES && SPLIT_LABELS ? SPLIT_PHASES.map((phase) => ({ phase, label: SPLIT_LABELS[phase], ms: cold.stats!.split![phase] })) : undefined,
      weights: await pageWeights(out, sample),
      og: cold.stats!.og ? { drawn: cold.stats!.og.drawn, reused: cold.stats!.og.reused, ms: cold.stats!.og.ms, bytes: sizes.ogBytes } : undefined,
    };
    if (job.warm) {
      // One-page body edits as `folio build --watch` rebuilds them: one `WatchBuild` in this process
      // (its first build from the cache, then each edit with the changed file), search as the build
      // had it. A checkout without `WatchBuild` rebuilds the whole site each time, without search.
      const options = { root, outDir: out, search: WatchBuild ? job.search : false, markdown: job.llms, ogImages: job.og || undefined };
      const watch = WatchBuild ? new WatchBuild(options) : null;
      await watch?.build();
      // The edit path warms up right after the build (Pagefind's delta process, one compile per code
      // language); a person does not type within that second, so the first edit waits for it.
      await (watch as { warmed?: Promise<void> } | null)?.warmed;
      const rel = path.relative(root, edited).split(path.sep).join('/');
      const edit = async (n: number) => {
        await appendFile(edited, `\nOne more sentence after edit ${n}.\n`);
        const c0 = process.cpuUsage();
        const w0 = performance.now();
        const r = watch ? await watch.build([rel]) : await buildSite(options);
        const c = process.cpuUsage(c0);
        return { wallMs: performance.now() - w0, cpuMs: (c.user + c.system) / 1000, compiled: r.stats?.compiled ?? 0 };
      };
      figures.edit = await edit(0);
      const runs = [await edit(1), await edit(2), await edit(3), await edit(4), await edit(5)].sort((a, b) => a.wallMs - b.wallMs);
      figures.warmEdit = runs[2];
    }
    if (job.keep) figures.kept = dir;
    return figures;
  } finally {
    if (!job.keep) await rm(dir, { recursive: true, force: true });
  }
}

/** Resolves when this process has no Pagefind process left (Linux `/proc/self/task/<tid>/children`), or after `ms`. */
async function childrenExited(ms: number): Promise<void> {
  const until = Date.now() + ms;
  const pagefindLeft = () => {
    try {
      const children = readdirSync('/proc/self/task').flatMap((tid) => readFileSync(`/proc/self/task/${tid}/children`, 'utf8').trim().split(' ').filter(Boolean));
      // Other children (tsx's esbuild service) live as long as this process.
      return children.some((pid) => readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('pagefind'));
    } catch {
      return false;
    }
  };
  while (pagefindLeft() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** The kind of file system at `dir` (its magic number, as statfs gives it). */
function fileSystemOf(dir: string): string {
  const kinds: Record<number, string> = { 0xef53: 'ext2/3/4', 0x01021994: 'tmpfs', 0x58465342: 'xfs', 0x9123683e: 'btrfs', 0x794c7630: 'overlayfs' };
  const type = statfsSync(dir).type;
  return kinds[type] ?? `file system 0x${type.toString(16)}`;
}

/** The export's share of a build's CPU, from its own timings: the pages' Markdown and the llms files. */
function exportShare(f: Figures): number | undefined {
  if (!f.markdownPages || !f.llms || !f.cpuMs) return undefined;
  return ((f.markdownPages.ms + f.llms.cpuMs) / (f.cpuMs + (f.childrenCpuMs ?? 0))) * 100;
}

/**
 * The CPU split: each phase's milliseconds per page and share of the build's CPU (this process and
 * Pagefind's), Pagefind's processes as a phase of their own, and the remainder no phase accounts for.
 */
function printSplit(f: Figures): void {
  const total = f.cpuMs + (f.childrenCpuMs ?? 0);
  const pages = Math.max(1, f.pages);
  const measured = f.split!.reduce((n, s) => n + s.ms, 0);
  const rows = [...f.split!.map((s) => ({ label: s.label, ms: s.ms })), ...(f.childrenCpuMs ? [{ label: "Pagefind's processes (indexing, writing the index)", ms: f.childrenCpuMs }] : []), { label: 'not in any phase (GC between phases, event loop, thread pool)', ms: Math.max(0, f.cpuMs - measured) }];
  console.log(`  CPU split       ${(total / pages).toFixed(2)} ms/page in all (timed inside the build; see src/site-build/cpu-split.ts)`);
  // The phases are hr-time around code: a thread the machine's other work kept waiting counts the wait.
  if (measured > f.cpuMs * 1.05) console.log(`    (the phases add up to ${Math.round((measured / f.cpuMs) * 100)} % of this process's CPU: the machine was busy and the thread waited inside them; read them as shares)`);
  for (const r of rows) if (r.ms > 0) console.log(`    ${(r.ms / pages).toFixed(3).padStart(7)} ms/page ${((r.ms / total) * 100).toFixed(1).padStart(5)} %  ${r.label}`);
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function print(f: Figures): void {
  console.log(`${f.label}, ${f.pages} pages${f.ok ? '' : ` (build not ok: ${f.problems})`}; load average before: ${f.load}`);
  console.log(`  wall            ${(f.wallMs / 1000).toFixed(2)} s (${Math.round(f.pages / (f.wallMs / 1000))} pages/s; search ${f.searchMode}${f.searchMs ? `, ${(f.searchMs / 1000).toFixed(2)} s after the last page` : ''})`);
  console.log(`  CPU             ${(f.cpuMs / 1000).toFixed(2)} s${f.sysMs === undefined ? '' : ` (user ${((f.cpuMs - f.sysMs) / 1000).toFixed(2)} s, sys ${(f.sysMs / 1000).toFixed(2)} s)`} (this process and its worker threads)${f.childrenCpuMs ? `; with Pagefind's processes ${((f.cpuMs + f.childrenCpuMs) / 1000).toFixed(2)} s` : ''}`);
  console.log(`  link checks     ${Math.round(f.linksMs)} ms (internal links, anchors, assets)`);
  if (f.llms) console.log(`  llms files      ${f.llms.ms} ms, ${f.llms.cpuMs} ms CPU (llms.txt, llms-full.txt and its parts, after the pages)`);
  if (f.retrieval) console.log(`  retrieval file  ${f.retrieval.ms} ms, ${f.retrieval.cpuMs} ms CPU = ${((f.retrieval.cpuMs / (f.cpuMs + (f.childrenCpuMs ?? 0))) * 100).toFixed(1)} % of this build's CPU (${f.retrieval.pages} pages, ${f.retrieval.cut} cut)`);
  const share = exportShare(f);
  if (share !== undefined) console.log(`  Markdown export ${f.markdownPages!.ms} ms for ${f.markdownPages!.files} .md files${f.markdownPages!.writeMs === undefined ? '' : ` (${f.markdownPages!.writeMs} ms of it writing them)`} + ${f.llms!.cpuMs} ms llms files = ${share.toFixed(1)} % of this build's CPU${f.childrenCpuMs ? ' with Pagefind' : ''} (measured inside the build)`);
  if (f.og) console.log(`  social images   ${f.og.drawn} drawn, ${f.og.reused} kept in ${(f.og.ms / 1000).toFixed(2)} s (${Math.round(f.og.ms / Math.max(1, f.og.drawn))} ms each; ${(f.og.bytes / 1024 / 1024).toFixed(1)} MB)`);
  if (f.split) printSplit(f);
  console.log(`  peak RSS        ${f.rssMb} MB`);
  console.log(`  output          ${(f.outputBytes / 1024 / 1024).toFixed(1)} MB${f.outputFiles === undefined ? '' : ` in ${f.outputFiles} files and ${f.outputFolders} folders`} (without .folio-cache)`);
  console.log(`  HTML/page       ${kb(f.htmlPerPage)} (${f.htmlFiles} page files)`);
  console.log(`  CSS/site        ${kb(f.cssGz)} gzipped${f.twGz ? ` + Tailwind ${kb(f.twGz)} gzipped` : ''}`);
  console.log(`  JS/page         ${kb(f.jsGz)} gzipped${f.navFiles ? `; shared sidebars: ${f.navFiles} file(s), ${kb(f.navGz)} gzipped, fetched once per section` : ''}`);
  const w = f.weights;
  if (w) console.log(`  page ${w.page}: HTML ${kb(w.html)} (${kb(w.htmlGz)} gz); JS ${kb(w.js)} (${kb(w.jsGz)} gz, ${w.jsFiles} file(s)) + ${kb(w.inlineJs)} inline; CSS ${kb(w.css)} (${kb(w.cssGz)} gz, ${w.cssFiles} file(s)) + ${kb(w.inlineCss)} inline`);
  if (f.edit) console.log(`  1-page edit     ${Math.round(f.edit.wallMs)} ms wall, ${Math.round(f.edit.cpuMs)} ms CPU (${f.edit.compiled} compiled; first rebuild in this process)`);
  if (f.warmEdit) console.log(`  warm edit       ${Math.round(f.warmEdit.wallMs)} ms wall, ${Math.round(f.warmEdit.cpuMs)} ms CPU (median of 5 more)`);
  if (f.kept) console.log(`  kept ${f.kept}`);
}

const args = process.argv.slice(2);
const childArg = args.indexOf('--child');
if (childArg >= 0) {
  const figures = await runJob(JSON.parse(args[childArg + 1]!) as Job);
  console.log('FIGURES ' + JSON.stringify(figures));
} else {
  const value = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const shape = (value('--shape') ?? 'one-section') as Shape | 'real';
  if (shape !== 'real' && !SHAPES.includes(shape)) throw new Error(`--shape must be one of ${[...SHAPES, 'real'].join(', ')}`);
  const realMissing = shape === 'real' ? realCorpusMissing() : null;
  if (realMissing) {
    console.log(`skipped: --shape real needs the corpora (${realMissing}; put them at ../shared/corpora or set FOLIO_CORPORA)`);
    process.exit(0);
  }
  const corpus = value('--corpus');
  const sizes = args.filter((a, i) => /^\d+$/.test(a) && !['--shape', '--corpus', '--runs', '--languages', '--versions'].includes(args[i - 1] ?? '')).map(Number);
  const languages = value('--languages') === undefined ? (shape === 'real' ? REAL_DEFAULT_LANGUAGES : undefined) : Number(value('--languages'));
  if (languages !== undefined && ((shape !== 'languages' && shape !== 'real') || !(languages >= 1 && languages <= MAX_LANGUAGES))) throw new Error(`--languages goes with --shape languages or real and is 1 to ${MAX_LANGUAGES}`);
  const versions = value('--versions') === undefined ? (shape === 'real' ? REAL_DEFAULT_VERSIONS : undefined) : Number(value('--versions'));
  if (versions !== undefined && (shape !== 'real' || !(versions >= 1 && versions <= 9))) throw new Error('--versions goes with --shape real and is 1 to 9');
  const list = corpus ? [0] : sizes.length ? sizes : [1000, 3000];
  const absolute = (dir: string | undefined) => (dir ? path.resolve(dir) : undefined);
  const compare = absolute(value('--compare'));
  const checkout = absolute(value('--checkout'));
  for (const dir of [compare, checkout]) if (dir && !existsSync(path.join(dir, 'src', 'site-build', 'index.ts'))) throw new Error(`${dir} is not a Folio checkout (no src/site-build/index.ts)`);
  const compareLlms = args.includes('--compare-llms');
  if (compare && compareLlms) throw new Error('--compare and --compare-llms do not go together');
  const runs = compare || compareLlms ? Math.max(1, Number(value('--runs') ?? 3)) : 1;
  console.log(`${os.availableParallelism()} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB; files under ${os.tmpdir()} (${fileSystemOf(os.tmpdir())})`);
  /** One build in a child process of its own (peak RSS is that build's alone); null when it gave no figures. */
  const build = (job: Job): Figures | null => {
    // In the checkout's folder: tsx compiles its files with its own tsconfig (JSX runtime).
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--child', JSON.stringify(job)], { cwd: job.checkout ?? process.cwd(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024 });
    const line = child.stdout.split('\n').find((l) => l.startsWith('FIGURES '));
    if (line) return JSON.parse(line.slice(8)) as Figures;
    console.log(`${job.corpus ?? job.shape}, ${job.pages} pages${job.checkout ? ` [checkout ${job.checkout}]` : ''}: the build process ended without figures (status ${child.status}, signal ${child.signal})`);
    console.log(child.stdout.slice(-2000));
    return null;
  };
  for (const pages of list) {
    let real: Job['real'];
    if (shape === 'real') {
      const dir = await mkdtemp(path.join(os.tmpdir(), `folio-bench-real-source-${pages}-`));
      const t0 = performance.now();
      const corpus = await generateRealCorpus(dir, pages, { languages, versions });
      const sample = corpus.pages[Math.floor(corpus.pages.length / 2)]!;
      const sampleFile = existsSync(path.join(dir, `${sample}.mdx`)) ? `${sample}.mdx` : `${sample}.md`;
      console.log(`real-page corpus: ${corpus.pages.length} pages from ${corpus.pool} distinct pages of ${corpus.corpora.join(', ')}; ${corpus.languages} languages x ${corpus.versions} versions, ${corpus.perSlot} pages each (written in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
      real = { dir, sample, sampleFile };
    }
    const job: Job = { ...(real ? { real } : {}), pages, shape, ...(languages ? { languages } : {}), ...(versions ? { versions } : {}), corpus, search: !args.includes('--no-search'), llms: !args.includes('--no-llms'), retrieval: !args.includes('--no-retrieval'), warm: !args.includes('--no-warm'), keep: args.includes('--keep'), og: args.includes('--og-images'), ...(checkout ? { checkout } : {}) };
    if (!compare && !compareLlms) {
      const f = build(job);
      if (f) print(f);
      if (real) await rm(real.dir, { recursive: true, force: true });
      continue;
    }
    // Alternate the two checkouts so the load of a shared machine falls on both alike.
    const sides: { name: string; figures: Figures[] }[] = compareLlms ? [{ name: 'Markdown export off', figures: [] }, { name: 'Markdown export on', figures: [] }] : [{ name: `before (${compare})`, figures: [] }, { name: 'now (this checkout)', figures: [] }];
    // Every run's folder is kept until the last run: on ext4 without a journal, removing one run's
    // ~6,000 files would make the next run's new files cost more (see the header).
    const made: string[] = [];
    for (let run = 0; run < runs; run++) {
      for (const [i, side] of sides.entries()) {
        const f = build({ ...(compareLlms ? { ...job, llms: i === 1 } : i === 0 ? { ...job, checkout: compare } : { ...job, checkout: undefined }), keep: true });
        if (!f) continue;
        if (f.kept && !job.keep) made.push(f.kept), delete f.kept;
        print(f);
        side.figures.push(f);
      }
    }
    for (const dir of [...made, ...(real ? [real.dir] : [])]) await rm(dir, { recursive: true, force: true });
    const median = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
    };
    const summary = sides.map(({ figures }) => {
      // The whole build's CPU: this process and, where counted, Pagefind's processes.
      const cpu = figures.map((f) => (f.cpuMs + (f.childrenCpuMs ?? 0)) / 1000);
      const sys = figures.map((f) => (f.sysMs ?? 0) / 1000);
      const wall = figures.map((f) => f.wallMs / 1000);
      return { runs: figures.length, cpuBest: Math.min(...cpu), cpuMedian: median(cpu), sysMedian: median(sys), wallBest: Math.min(...wall), wallMedian: median(wall), rss: Math.max(...figures.map((f) => f.rssMb)), load: figures.map((f) => f.load.split(' ')[0]).join(', ') };
    });
    console.log(`\n${corpus ?? shape}, ${pages} pages: ${runs} cold build(s) each, alternated; CPU is the build's with its Pagefind processes`);
    sides.forEach((side, i) => {
      const m = summary[i]!;
      if (m.runs) console.log(`  ${side.name.padEnd(28)} CPU best ${m.cpuBest.toFixed(2)} s, median ${m.cpuMedian.toFixed(2)} s (sys median ${m.sysMedian.toFixed(2)} s); wall best ${m.wallBest.toFixed(2)} s, median ${m.wallMedian.toFixed(2)} s; peak RSS ${m.rss} MB; load ${m.load}`);
    });
    const [before, now] = summary as [typeof summary[0], typeof summary[0]];
    if (before.runs && now.runs) {
      const pct = (a: number, b: number) => `${a >= b ? '+' : ''}${(((a - b) / b) * 100).toFixed(1)} %`;
      console.log(`  ${compareLlms ? 'export on vs off' : 'now vs before'}: CPU best ${pct(now.cpuBest, before.cpuBest)}, median ${pct(now.cpuMedian, before.cpuMedian)}; wall best ${pct(now.wallBest, before.wallBest)}, median ${pct(now.wallMedian, before.wallMedian)}`);
    }
    // The same cost timed inside each build with the export on: free of the run-to-run noise of two builds.
    const shares = sides[sides.length - 1]!.figures.map(exportShare).filter((x): x is number => x !== undefined);
    if (shares.length) console.log(`  export measured inside the builds: median ${median(shares).toFixed(1)} % of the build's CPU (${shares.map((x) => x.toFixed(1)).join(', ')} %)`);
  }
}
