/**
 * The `real` bench shape (`bench:build -- 25000 --shape real [--languages 35] [--versions 2]`): the
 * pages of visible corpora (real MDX: long pages, code blocks, snippets, components), replicated into
 * languages and versions up to N pages, as a large translated, versioned site is laid out. Generated
 * pages understate such a site's build about 3× (issue 49); this corpus is the one to tune on.
 *
 * - The pool: every page of each corpus's navigation that has a file (in navigation order, corpus
 *   after corpus), without OpenAPI/AsyncAPI-generated ones (their specs are not carried over).
 * - Slots: each language holds `versions` versions; each (language, version) slot takes the next
 *   `ceil(N / slots)` pages of the pool, going round it, so every pool page is built at least once
 *   when N is large enough and the site stays deterministic. Files go to
 *   `<language>/<version>/<corpus>/<page>.mdx`, grouped per corpus, 20 pages a group.
 * - Imports of snippets and other MDX/JS files (outside code fences) point at a copy under
 *   `snippets/<corpus>/` (copied with their own imports rewritten the same way); root-absolute
 *   links to a pool page point at the first slot that holds it, so links resolve as in the corpus;
 *   the corpora's images and media are copied at their own paths (the first corpus's
 *   wins on a clash), so image paths resolve too.
 *
 * The corpora come from `compat/corpora.ts`; `realCorpusMissing` says why the shape cannot run.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { corpusDir, corporaMissing } from '../compat/corpora.js';
import { loadSite } from '../src/site/index.js';

/** Code-heavy corpora first (issue 49 names them), then long-page ones. */
export const REAL_CORPORA = ['prefect', 'mintlify-docs', 'polar', 'trigger-dev', 'fastmcp', 'pipecat', 'modelcontextprotocol', 'lancedb'];
// Codes of the language switcher (the spec's), 40 of them.
const LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'nl', 'pt-BR', 'ru', 'ko', 'jp', 'cn', 'zh-Hant', 'ar', 'cs', 'da', 'fi', 'he', 'hi', 'hu', 'id', 'pl', 'ro', 'sv', 'tr', 'uk', 'ca', 'lv', 'no', 'uz', 'vi', 'el', 'th', 'bg', 'sk', 'sl', 'hr', 'lt', 'et', 'ms', 'fa'];
export const REAL_DEFAULT_LANGUAGES = 35;
export const REAL_DEFAULT_VERSIONS = 2;
const PER_GROUP = 20;
const MEDIA = /\.(png|jpe?g|gif|svg|webp|avif|ico|mp4|webm|mov|mp3|pdf)$/i;
const SKIP = new Set(['.git', 'node_modules', '.github', '.mintlify']);

/** Why the real shape cannot be built here (one line), or null. */
export function realCorpusMissing(corpora: readonly string[] = REAL_CORPORA): string | null {
  return corporaMissing(corpora);
}

interface PoolPage {
  corpus: string;
  /** Site path in its corpus (no extension, no leading slash). */
  page: string;
  /** File in its corpus, root-relative. */
  file: string;
}

export interface RealCorpus {
  /** Page paths of the written site (no extension), in navigation order. */
  pages: string[];
  /** Pages of the pool (distinct real pages) and of each slot. */
  pool: number;
  perSlot: number;
  languages: number;
  versions: number;
  corpora: string[];
}

/** Every navigation page of `corpus` that has a file and no spec behind it, in navigation order. */
async function poolOf(corpus: string): Promise<PoolPage[]> {
  const root = corpusDir(corpus);
  const { site } = await loadSite(root, { openapi: false });
  if (!site) throw new Error(`corpus ${corpus} does not load`);
  const out: PoolPage[] = [];
  const seen = new Set<string>();
  for (const route of site.model.pages.values()) {
    if (route.kind !== 'page' || !route.file || seen.has(route.file) || !/\.mdx?$/.test(route.file)) continue;
    seen.add(route.file);
    const text = await readFile(path.join(root, route.file), 'utf8');
    const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
    if (/^\s*(openapi|asyncapi)\s*:/m.test(front)) continue;
    out.push({ corpus, page: route.path, file: route.file });
  }
  return out;
}

const FENCE = /^\s*(```|~~~)/;
const IMPORT = /^(\s*(?:import|export)\b[^'"\n]*?\bfrom\s*)(['"])([^'"]+)\2/;

/**
 * `text` with its imports (outside code fences) of files in the corpus pointed at their copies under
 * `snippets/<corpus>/`, and root-absolute links to pool pages pointed at `links`. `file` is the
 * text's own file (root-relative), for relative imports; `wanted` collects the imported files.
 */
function rewrite(text: string, corpus: string, file: string, links: Map<string, string> | null, wanted: Set<string>): string {
  const root = corpusDir(corpus);
  let fenced = false;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (FENCE.test(line)) fenced = !fenced;
    if (fenced) continue;
    let next = line.replace(IMPORT, (all, head: string, quote: string, spec: string) => {
      if (!spec.startsWith('/') && !spec.startsWith('.')) return all;
      const rel = path.posix.normalize(spec.startsWith('/') ? spec.slice(1) : path.posix.join(path.posix.dirname(file), spec));
      if (rel.startsWith('..') || !existsSync(path.join(root, rel))) return all;
      wanted.add(rel);
      return `${head}${quote}/snippets/${corpus}/${rel}${quote}`;
    });
    if (links) {
      next = next.replace(/(\]\(|\bhref=["'{]?["']?)(\/[^)"'\s#?]*)/g, (all, head: string, target: string) => {
        const key = target.replace(/\/$/, '').replace(/\.mdx?$/, '').replace(/^\//, '');
        const to = links.get(key === '' ? 'index' : key);
        return to ? `${head}${to}` : all;
      });
    }
    lines[i] = next;
  }
  return lines.join('\n');
}

/** Every file under `dir` (root-relative, posix), without the skipped folders. */
async function filesUnder(dir: string, rel = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(path.join(dir, rel), { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await filesUnder(dir, child)));
    else if (entry.isFile()) out.push(child);
  }
  return out;
}

/**
 * Write the real-page corpus of `pages` pages into `dir` (docs.json, pages, snippets, the corpora's
 * images and other files). Deterministic for the same corpora, size, languages and versions.
 */
export async function generateRealCorpus(dir: string, pages: number, options: { languages?: number; versions?: number; corpora?: string[] } = {}): Promise<RealCorpus> {
  const corpora = options.corpora ?? REAL_CORPORA;
  const missing = realCorpusMissing(corpora);
  if (missing) throw new Error(`the real shape needs the corpora: ${missing}`);
  const languageCount = options.languages ?? REAL_DEFAULT_LANGUAGES;
  const versionCount = options.versions ?? REAL_DEFAULT_VERSIONS;
  if (!(languageCount >= 1 && languageCount <= LANGUAGES.length)) throw new Error(`languages must be 1 to ${LANGUAGES.length}`);
  if (!(versionCount >= 1 && versionCount <= 9)) throw new Error('versions must be 1 to 9');
  const pool: PoolPage[] = [];
  for (const corpus of corpora) pool.push(...(await poolOf(corpus)));
  const slots = languageCount * versionCount;
  const perSlot = Math.max(1, Math.ceil(pages / slots));
  const languages = LANGUAGES.slice(0, languageCount);
  const versions = Array.from({ length: versionCount }, (_, v) => `v${versionCount - v}`);
  // Slot s holds pool pages [s * perSlot, (s + 1) * perSlot) round the pool, the last slot cut at `pages`.
  const slotPages = (s: number): PoolPage[] => {
    const count = Math.max(0, Math.min(perSlot, pages - s * perSlot));
    return Array.from({ length: count }, (_, i) => pool[(s * perSlot + i) % pool.length]!);
  };
  const prefix = (s: number) => `${languages[Math.floor(s / versionCount)]!.toLowerCase()}/${versions[s % versionCount]}`;
  // Where a link to a pool page goes: the first slot that holds it.
  const links = new Map<string, Map<string, string>>(corpora.map((c) => [c, new Map()]));
  for (let s = 0; s < slots; s++) {
    for (const p of slotPages(s)) {
      const map = links.get(p.corpus)!;
      if (!map.has(p.page)) map.set(p.page, `/${prefix(s)}/${p.corpus}/${p.page}`);
    }
  }
  await mkdir(dir, { recursive: true });
  // The corpora's other files (images, media, scripts), first corpus first; snippets are copied below.
  const copied = new Set<string>();
  for (const corpus of corpora) {
    for (const rel of await filesUnder(corpusDir(corpus))) {
      // Media only: the corpora's own scripts and stylesheets would style every page of the mix.
      if (!MEDIA.test(rel) || /(^|\/)(snippets|_snippets)\//.test(rel) || copied.has(rel)) continue;
      copied.add(rel);
      await mkdir(path.join(dir, path.dirname(rel)), { recursive: true });
      await copyFile(path.join(corpusDir(corpus), rel), path.join(dir, rel));
    }
  }
  const written: string[] = [];
  const languageNodes = [];
  // Each distinct page text is rewritten once and written to every slot that holds it.
  const texts = new Map<string, string>();
  const wanted = new Map<string, Set<string>>(corpora.map((c) => [c, new Set()]));
  for (let l = 0; l < languageCount; l++) {
    const versionNodes = [];
    for (let v = 0; v < versionCount; v++) {
      const s = l * versionCount + v;
      const here = slotPages(s);
      const groups: { group: string; pages: string[] }[] = [];
      for (const p of here) {
        const target = `${prefix(s)}/${p.corpus}/${p.page}`;
        const last = groups[groups.length - 1];
        const name = `${p.corpus} ${Math.floor(groups.filter((g) => g.group.startsWith(`${p.corpus} `)).length) + 1}`;
        if (last && last.group.startsWith(`${p.corpus} `) && last.pages.length < PER_GROUP) last.pages.push(target);
        else groups.push({ group: name, pages: [target] });
        const key = `${p.corpus}\0${p.file}`;
        let text = texts.get(key);
        if (text === undefined) {
          text = rewrite(await readFile(path.join(corpusDir(p.corpus), p.file), 'utf8'), p.corpus, p.file, links.get(p.corpus)!, wanted.get(p.corpus)!);
          texts.set(key, text);
        }
        await mkdir(path.join(dir, path.dirname(target)), { recursive: true });
        await writeFile(path.join(dir, `${target}${path.extname(p.file)}`), text);
        written.push(target);
      }
      if (here.length) versionNodes.push({ version: versions[v], groups });
    }
    if (versionNodes.length) languageNodes.push({ language: languages[l], ...(l === 0 ? { default: true } : {}), versions: versionNodes });
  }
  texts.clear();
  // The imported files, transitively, each with its own imports rewritten.
  for (const corpus of corpora) {
    const queue = [...wanted.get(corpus)!];
    const done = new Set<string>();
    while (queue.length) {
      const rel = queue.shift()!;
      if (done.has(rel)) continue;
      done.add(rel);
      const from = path.join(corpusDir(corpus), rel);
      const to = path.join(dir, 'snippets', corpus, rel);
      await mkdir(path.dirname(to), { recursive: true });
      if (/\.(mdx?|jsx?|tsx?)$/.test(rel)) {
        const more = new Set<string>();
        await writeFile(to, rewrite(await readFile(from, 'utf8'), corpus, rel, null, more));
        queue.push(...more);
      } else await copyFile(from, to);
    }
  }
  const config = { $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Real-page bench', colors: { primary: '#2563EB' }, navigation: { languages: languageNodes } };
  await writeFile(path.join(dir, 'docs.json'), JSON.stringify(config, null, 2));
  return { pages: written, pool: new Set(pool.map((p) => `${p.corpus}/${p.file}`)).size, perSlot, languages: languageCount, versions: versionCount, corpora };
}
