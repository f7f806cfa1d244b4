/**
 * `tsx bench/search-feed.ts <built site> [rounds] [modes]`: Pagefind's own CPU (Linux: its processes'
 * user + sys from /proc) for the pages of a built site, fed each way the search index could be fed
 * (issue 49), in fresh processes, modes alternated round by round, with the load average:
 * - `today`: `indexDocument`'s page through `addHTMLFile`, as the build does;
 * - `lean`: that page with only the markup Pagefind's parser reads (`leanArticle` below: inline tags
 *   without `id`/`data-pagefind-*` dropped, attributes it ignores dropped, skipped subtrees left out);
 * - `custom`: `addCustomRecord` with the page's text, title and version filter (no anchors, no weights:
 *   sub-results and heading weights are lost, so this one is for its cost only);
 * - `two`: today's pages over two processes, each an index of its own (the build's streamed shards).
 * Each line prints the build's CPU to prepare the pages (`prep`), Pagefind's CPU to add them and in all
 * (adding and writing), and the kernel's part of it (mostly Pagefind's allocator handing memory back
 * while writing, and its files). At the end, `lean` and `custom` are compared with `today` fragment by
 * fragment (the decompressed `pf_fragment` of every URL) and file by file: `lean` was identical on the
 * generated 1,000 pages, mintlify-docs and polar (only `pf_meta`/filter files differ, by order, as two
 * `today` runs do). Figures: docs/benchmarks.mdx.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { documentLang, indexDocument } from '../src/site-build/search-document.js';

type Pagefind = typeof import('pagefind');

/**
 * Pagefind's parser (1.5: `fossick/parser.rs`) joins the text of these elements with their
 * neighbours' and treats them only as carriers of a heading's anchor text, so an inline element
 * with no `id` and no `data-pagefind-*` attribute adds nothing but parsing work: a highlighted
 * code block is one `<span style=...>` per token.
 */
const INLINE = new Set(['a', 'abbr', 'acronym', 'b', 'bdo', 'big', 'cite', 'code', 'dfn', 'em', 'i', 'kbd', 'map', 'object', 'output', 'q', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'tt', 'var']);
/** Elements Pagefind skips with their content (an `id` on one still places an anchor). */
const SKIPPED = new Set(['style', 'script', 'noscript', 'label', 'form', 'svg', 'footer', 'nav', 'iframe', 'template']);
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const TAG = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']+|"[^"]*"|'[^']*')*)>/g;
const IMG = /<img((?:[^>"']+|"[^"]*"|'[^']*')*)>/gi;
const ATTR = /\s([^\s"'>/=]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;
/** Meta, filter and sort values that read an attribute (`folio_version[data-label]`) name it in brackets. */
const READS_CONTENT = /data-pagefind-(?:filter|meta|default-meta|sort)/;

/**
 * `indexDocument`'s page with only what Pagefind reads (see `leanArticle`): the same index,
 * fragment for fragment, from a fraction of the markup. Falls back to `indexDocument`'s page when
 * the article's tags do not nest cleanly.
 */
function leanIndexDocument(html: string, marker = ''): string | null {
  const doc = indexDocument(html, marker);
  if (!doc) return null;
  const start = doc.indexOf('<article');
  const end = doc.lastIndexOf('</article>') + '</article>'.length;
  const lean = leanArticle(doc.slice(start, end));
  return lean === null ? doc : doc.slice(0, start) + lean + doc.slice(end);
}

/**
 * The article with the markup Pagefind's parser ignores left out, its text untouched: inline
 * elements without an `id` or `data-pagefind-*` attribute lose their tags (their text stays in
 * place); other elements keep their tag with only `id`, `lang`, `data-pagefind-*`, the attributes
 * those read, and an image's `src`/`alt`; what Pagefind skips whole (`data-pagefind-ignore`,
 * `<svg>`, `<nav>`, ... see `SKIPPED`) is left out unless it holds metadata, filters or sort keys
 * (kept as it was), a skipped element's own `id` kept as an empty element. Null when a closing tag
 * does not match the open one (the caller then keeps the article as it was).
 */
function leanArticle(html: string): string | null {
  const open: { name: string; kept: boolean }[] = [];
  let out = '';
  let from = 0;
  const tags = new RegExp(TAG.source, 'g');
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    out += html.slice(from, m.index);
    from = tags.lastIndex;
    if (m[0].startsWith('<!--')) continue;
    const name = m[2]!.toLowerCase();
    const attrs = m[3]!;
    if (m[1]) {
      if (VOID.has(name)) return null;
      const top = open.pop();
      if (top?.name !== name) return null;
      if (top.kept) out += `</${name}>`;
      continue;
    }
    if (attrs.endsWith('/') && !VOID.has(name)) return null;
    const ignored = /\sdata-pagefind-ignore(?=[\s=>/]|$)/.test(attrs);
    if (ignored || SKIPPED.has(name)) {
      const end = VOID.has(name) ? from : closingEnd(html, name, from);
      if (end < 0) return null;
      const whole = html.slice(m.index, end);
      if (READS_CONTENT.test(whole) || (whole.includes('<img') && whole.includes('data-pagefind-ignore="all"'))) out += whole;
      else {
        const id = ignored ? undefined : /\sid=(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+)/.exec(attrs)?.[0];
        if (id) out += VOID.has(name) ? `<${name}${id}>` : `<${name}${id}></${name}>`;
        // Pagefind takes the page's image from the first <img> after its title, skipped or not.
        for (const img of whole.matchAll(IMG)) out += `<img${keptAttributes('img', img[1]!).replace(/\s(?:id|data-pagefind-[a-z-]+)=(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+)/g, '')}>`;
      }
      tags.lastIndex = from = end;
      continue;
    }
    const wanted = keptAttributes(name, attrs);
    const kept = !(INLINE.has(name) && !wanted) && !(VOID.has(name) && name !== 'br' && name !== 'img' && !wanted);
    if (kept) out += `<${name}${wanted}>`;
    if (!VOID.has(name)) open.push({ name, kept });
  }
  if (open.length) return null;
  return out + html.slice(from);
}

/** The attributes of a tag Pagefind reads, as written (with their leading space); '' when none. */
function keptAttributes(name: string, attrs: string): string {
  if (name !== 'img' && !attrs.includes('id=') && !attrs.includes('data-pagefind-') && !attrs.includes('lang=')) return '';
  const all = [...attrs.matchAll(ATTR)].map((a) => ({ text: a[0], name: a[1]!.toLowerCase() }));
  const read = new Set<string>();
  for (const a of all) {
    if (!a.name.startsWith('data-pagefind-')) continue;
    for (const r of a.text.matchAll(/\[([^\]]+)\]/g)) read.add(r[1]!.trim().toLowerCase());
    if (a.name === 'data-pagefind-index-attrs') for (const r of a.text.slice(a.text.indexOf('=') + 1).replace(/["']/g, '').split(',')) read.add(r.trim().toLowerCase());
  }
  let out = '';
  for (const a of all) {
    if (a.name === 'id' || a.name === 'lang' || a.name.startsWith('data-pagefind-') || read.has(a.name) || (name === 'img' && (a.name === 'src' || a.name === 'alt'))) out += a.text;
  }
  return out;
}

const closers = new Map<string, RegExp>();

/** The index just past the `</name>` that closes an element opened before `from`; -1 if none. */
function closingEnd(html: string, name: string, from: number): number {
  const raw = name === 'script' || name === 'style';
  let re = closers.get(name);
  if (!re) closers.set(name, (re = raw ? new RegExp(`</${name}\\s*>`, 'gi') : new RegExp(`<(/?)${name}(?=[\\s/>])(?:[^>"']+|"[^"]*"|'[^']*')*>`, 'gi')));
  re.lastIndex = from;
  let depth = 1;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (raw) return m.index + m[0].length;
    if (m[1]) depth--;
    else if (!m[0].endsWith('/>')) depth++;
    if (depth === 0) return m.index + m[0].length;
  }
  return -1;
}
const [site, roundsArg, modesArg] = process.argv.slice(2);
if (!site) throw new Error('usage: tsx bench/search-feed.ts <built site> [rounds] [today,lean,custom,two]');
const rounds = Number(roundsArg ?? 3);
const modes = (modesArg ?? 'today,lean,custom,two').split(',');
const names = (await readdir(site, { recursive: true })).filter((n) => n.endsWith('.html') && !/^(pagefind[^/]*|assets)\//.test(n));
const pages = await Promise.all(names.map(async (n) => ['/' + n.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, ''), await readFile(path.join(site, n), 'utf8')] as [string, string]));
const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
console.log(`${pages.length} HTML files in ${site}; load ${load()}`);

/** CPU ms of this process's Pagefind children (utime + stime at 100 Hz; stime alone with `kernel`). */
function pagefindCpu(kernel = false): Map<string, number> {
  const pids = readdirSync('/proc/self/task').flatMap((tid) => readFileSync(`/proc/self/task/${tid}/children`, 'utf8').trim().split(' ').filter(Boolean));
  const cpu = new Map<string, number>();
  for (const pid of pids) {
    try {
      if (!readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('pagefind')) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(pid, ((kernel ? 0 : Number(fields[11])) + Number(fields[12])) * 10);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return cpu;
}
const since = (before: Map<string, number>, kernel = false) => [...pagefindCpu(kernel)].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);
const cpuMs = (start: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(start);
  return (d.user + d.system) / 1000;
};

let instance = 100;
const loadPagefind = async () => (await import(`${import.meta.resolve('pagefind')}?instance=${instance++}`)) as Pagefind;

/** One record to add, prepared as `mode` does (null: the page is not indexed). */
function prepare(mode: string, url: string, html: string): { html: string } | { record: Parameters<NonNullable<Awaited<ReturnType<Pagefind['createIndex']>>['index']>['addCustomRecord']>[0] } | null {
  if (mode === 'lean') {
    const doc = leanIndexDocument(html);
    return doc ? { html: doc } : null;
  }
  const doc = indexDocument(html);
  if (!doc) return null;
  if (mode !== 'custom') return { html: doc };
  const body = doc.slice(doc.indexOf('<body>'));
  const content = body.replace(/<(script|style|svg)[\s\S]*?<\/\1>/g, ' ').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  const version = /data-pagefind-filter="folio_version\[data-label\]" data-label="([^"]*)"/.exec(doc)?.[1];
  return { record: { url, content, language: documentLang(html), meta: { title: /<title>([^<]*)<\/title>/.exec(doc)?.[1] ?? '' }, ...(version ? { filters: { folio_version: [version] } } : {}) } };
}

async function run(mode: string): Promise<{ prep: number; add: number; all: number; kernel: number; dir: string }> {
  const processes = mode === 'two' ? 2 : 1;
  const modules = await Promise.all(Array.from({ length: processes }, loadPagefind));
  const indexes = await Promise.all(modules.map(async (m) => (await m.createIndex({})).index!));
  const before = pagefindCpu();
  const kernelBefore = pagefindCpu(true);
  const adds: Promise<unknown>[] = [];
  let prep = 0;
  for (const [url, html] of pages) {
    const start = process.cpuUsage();
    const item = prepare(mode, url, html);
    prep += cpuMs(start);
    if (!item) continue;
    const index = indexes[adds.length % processes]!;
    adds.push('html' in item ? index.addHTMLFile({ url, content: item.html }) : index.addCustomRecord(item.record));
  }
  await Promise.all(adds);
  const add = since(before);
  const dir = mkdtempSync(path.join(os.tmpdir(), `search-feed-${mode}-`));
  await Promise.all(indexes.map((index, i) => index.writeFiles({ outputPath: path.join(dir, String(i)) })));
  // Pagefind answers before its background writes land; its CPU is read once they have.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const all = since(before);
  const kernel = since(kernelBefore, true);
  await Promise.all(modules.map((m) => m.close()));
  return { prep, add, all, kernel, dir };
}

const runs = new Map<string, { prep: number; add: number; all: number; kernel: number }[]>();
const lastDir = new Map<string, string>();
for (let round = 0; round < rounds; round++) {
  for (const mode of modes) {
    const r = await run(mode);
    runs.set(mode, [...(runs.get(mode) ?? []), r]);
    const old = lastDir.get(mode);
    if (old) rmSync(old, { recursive: true, force: true });
    lastDir.set(mode, r.dir);
    console.log(`round ${round + 1} ${mode.padEnd(6)} prep ${r.prep.toFixed(0).padStart(5)} ms; Pagefind add ${String(r.add).padStart(5)} ms, in all ${String(r.all).padStart(5)} ms (${(r.all / pages.length).toFixed(2)} ms/file; kernel ${r.kernel} ms of it); load ${load()}`);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
for (const [mode, list] of runs) console.log(`${mode.padEnd(6)} median: prep ${median(list.map((r) => r.prep)).toFixed(0)} ms, Pagefind ${median(list.map((r) => r.all))} ms (kernel ${median(list.map((r) => r.kernel))} ms)`);

/** Every file of a written index by path, and each fragment's JSON by its URL. */
async function written(dir: string): Promise<{ files: Set<string>; fragments: Map<string, string> }> {
  const files = new Set<string>();
  const fragments = new Map<string, string>();
  for (const name of await readdir(path.join(dir, '0'), { recursive: true })) {
    files.add(name);
    if (!name.endsWith('.pf_fragment')) continue;
    const text = gunzipSync(await readFile(path.join(dir, '0', name))).toString('utf8').slice('pagefind_dcd'.length);
    fragments.set((JSON.parse(text) as { url: string }).url, text);
  }
  return { files, fragments };
}
const today = lastDir.get('today');
if (today) {
  const base = await written(today);
  for (const mode of ['lean', 'custom']) {
    const dir = lastDir.get(mode);
    if (!dir) continue;
    const other = await written(dir);
    const same = [...base.fragments].filter(([url, text]) => other.fragments.get(url) === text).length;
    const differ = [...base.files].filter((f) => !other.files.has(f));
    console.log(`${mode} against today: ${same} of ${base.fragments.size} fragments identical; files only in today's index: ${differ.length}${differ.length ? ` (${differ.slice(0, 4).join(', ')}${differ.length > 4 ? ', ...' : ''})` : ''}`);
  }
}
for (const dir of lastDir.values()) rmSync(dir, { recursive: true, force: true });
