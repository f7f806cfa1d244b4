/**
 * Translation state: for each page of a non-default language, its source page in the default language
 * and whether the translation keeps up with it (current), lags behind it (stale), or does not exist
 * (missing). Deciding only: `folio check --translations`, the reader notice and the dashboard's matrix
 * read the report.
 *
 * Pairing, per non-default language, in this order:
 * 1. by path: the page's path with its language folder swapped for the default language's folder
 *    (`fr/guides/setup` → `guides/setup` when the default language sits at the root, → `en/guides/setup`
 *    when it sits under `en/`; a language at the root swaps nothing away). A language's folder is a
 *    first path segment named after its code that at least half of its pages share, else none (the root).
 * 2. by position: a page left over takes the default page at the same place in the navigation (the same
 *    tab, group and index, labels ignored since they are translated), unless path pairing took it.
 *
 * What the translation was made from: the frontmatter key `translatedFrom`, the git blob id of the
 * source file as it was (`git hash-object <source>`). Equal to the source's blob now: current; else
 * stale. Without the key git history decides: stale when the source's last commit came after the
 * translation's (commit order, one `git log` pass for the whole repository).
 */
import { readFile } from 'node:fs/promises';
import type { SidebarNode } from '../navigation/index.js';
import { realPathInside } from '../shared/index.js';
import { gitBlobId, gitFileHistory, type FileChange, type FileHistory } from './file-history.js';
import type { Site } from './load-site.js';

/** The frontmatter key a translated page records its source's blob id under. */
export const TRANSLATION_RECORD_KEY = 'translatedFrom';

export type TranslationState = 'current' | 'stale' | 'missing';

/** A page of one language, as its navigation lists it. */
export interface LanguagePage {
  /** Page path as docs.json lists it (`fr/guides/setup`). */
  path: string;
  /** File relative to the docs root. */
  file: string;
  href: string;
  title: string;
  /** Where the navigation places it, labels left out: `tab:0/0.2` (first tab, first group, third entry). */
  position: string;
}

/** One language's pages in navigation order. */
export interface LanguagePages {
  code: string;
  isDefault: boolean;
  /** The folder its pages sit in (`fr/`), or `''` at the root. */
  folder: string;
  pages: LanguagePage[];
}

/** How far a stale translation lags: source commits it has not followed, and days between. Null when history cannot tell. */
export interface Behind {
  commits: number | null;
  days: number | null;
}

/** One (source page, language) cell. */
export interface TranslationStatus {
  language: string;
  source: LanguagePage;
  /** Null when missing. */
  translation: LanguagePage | null;
  state: TranslationState;
  pairedBy?: 'path' | 'position';
  /** What decided the state: the page's `translatedFrom` record, git history, or nothing (no history: current). */
  basis: 'record' | 'git' | 'none';
  behind?: Behind;
}

export interface LanguageSummary {
  code: string;
  folder: string;
  counts: Record<TranslationState, number>;
  /** Pages of the language that pair with no source page. */
  unpaired: string[];
}

export interface TranslationReport {
  /** Null when the site declares no languages. */
  defaultLanguage: string | null;
  /** Non-default languages in navigation order. */
  languages: LanguageSummary[];
  /** Per language, then in the default language's navigation order. */
  entries: TranslationStatus[];
  /** Whether git history was found (without it, unrecorded translations count as current). */
  history: boolean;
}

const DAY = 86_400_000;

/** Each language's navigation pages (files only, first listing of each), in order; empty for a site without languages. */
export function languagePagesOf(site: Site): LanguagePages[] {
  const byCode = new Map<string, LanguagePages>();
  let defaultCode: string | undefined;
  for (const section of site.model.sections) {
    const code = section.language?.code;
    if (!code) continue;
    defaultCode ??= section.switchers.languages.find((e) => e.isDefault)?.code;
    let lang = byCode.get(code);
    if (!lang) byCode.set(code, (lang = { code, isDefault: false, folder: '', pages: [] }));
    const trail = section.trail
      .filter((d) => d.kind !== 'language')
      .map((d) => `${d.kind}:${d.index}`)
      .join('/');
    collectPages(site, section.sidebar, trail + '/', lang.pages);
  }
  const langs = [...byCode.values()];
  if (langs.length === 0) return [];
  const chosen = langs.find((l) => l.code === defaultCode) ?? langs[0]!;
  chosen.isDefault = true;
  for (const lang of langs) {
    const seen = new Set<string>();
    lang.pages = lang.pages.filter((p) => !seen.has(p.path) && seen.add(p.path));
    lang.folder = folderOf(lang.code, lang.pages);
  }
  return langs;
}

function collectPages(site: Site, nodes: readonly SidebarNode[], at: string, out: LanguagePage[]): void {
  nodes.forEach((node, i) => {
    if (node.type === 'page') {
      const file = site.index.pages.get(node.path)?.file;
      if (file) out.push({ path: node.path, file, href: node.href, title: node.title, position: at + i });
    } else if (node.type === 'group') {
      const root = node.root ? site.model.pages.get(node.root) : undefined;
      if (root?.file) out.push({ path: root.path, file: root.file, href: root.href, title: node.name, position: `${at}${i}r` });
      collectPages(site, node.children, `${at}${i}.`, out);
    }
  });
}

/**
 * The folder a language's pages sit in: a first path segment named after its code (`fr/`; `zh/` or
 * `zh-hans/` for `zh-Hans`; `pt_br/` for `pt-BR`) that at least half of its pages share, else `''`
 * (the root). Only a segment named after the code counts: a default language at the root whose pages
 * mostly sit in one section (`built-in-nodes/`) has no folder.
 */
function folderOf(code: string, pages: readonly LanguagePage[]): string {
  const full = code.toLowerCase().replace(/_/g, '-');
  const primary = full.split('-')[0]!;
  const named = (segment: string) => {
    const s = segment.toLowerCase().replace(/_/g, '-');
    return s === full || s === primary;
  };
  const counts = new Map<string, number>();
  for (const p of pages) {
    const slash = p.path.indexOf('/');
    if (slash > 0 && named(p.path.slice(0, slash))) counts.set(p.path.slice(0, slash + 1), (counts.get(p.path.slice(0, slash + 1)) ?? 0) + 1);
  }
  let best = '';
  let most = 0;
  for (const [folder, n] of counts) if (n > most) [best, most] = [folder, n];
  return most > 0 && most * 2 >= pages.length ? best : '';
}

/** Pair each page of `lang` with a page of `source` (the default language): by swapped path first, then by position. */
export function pairPages(lang: LanguagePages, source: LanguagePages): { pairs: Map<string, { page: LanguagePage; by: 'path' | 'position' }>; unpaired: LanguagePage[] } {
  const byPath = new Map(source.pages.map((p) => [p.path, p]));
  const byPosition = new Map(source.pages.map((p) => [p.position, p]));
  const pairs = new Map<string, { page: LanguagePage; by: 'path' | 'position' }>();
  const left: LanguagePage[] = [];
  for (const page of lang.pages) {
    const rest = lang.folder && page.path.startsWith(lang.folder) ? page.path.slice(lang.folder.length) : page.path;
    const match = byPath.get(source.folder + rest);
    if (match && !pairs.has(match.path)) pairs.set(match.path, { page, by: 'path' });
    else left.push(page);
  }
  const unpaired: LanguagePage[] = [];
  for (const page of left) {
    const match = byPosition.get(page.position);
    if (match && !pairs.has(match.path)) pairs.set(match.path, { page, by: 'position' });
    else unpaired.push(page);
  }
  return { pairs, unpaired };
}

/** The `translatedFrom` record of a page: a 40- or 64-hex blob id, else undefined. */
export function translationRecordOf(site: Site, translationPath: string): string | undefined {
  const value = site.index.pages.get(translationPath)?.frontmatter[TRANSLATION_RECORD_KEY];
  return typeof value === 'string' && /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(value.trim()) ? value.trim() : undefined;
}

/** The git blob id of a repository file as it is now; undefined when it cannot be read inside the root. */
export async function currentBlobId(root: string, file: string): Promise<string | undefined> {
  const real = await realPathInside(root, file);
  if (!real.ok) return undefined;
  try {
    return gitBlobId(await readFile(real.path));
  } catch {
    // Gone or unreadable since the index was built: nothing to compare with.
    return undefined;
  }
}

/** The state of one translation by its record: the recorded blob against the source's blob now, history saying how far behind. */
function byRecord(recorded: string, now: string | undefined, changes: readonly FileChange[]): Pick<TranslationStatus, 'state' | 'basis' | 'behind'> {
  if (now === undefined || recorded === now) return { state: 'current', basis: 'record' };
  const base = changes.findIndex((c) => c.blob === recorded);
  if (base < 0) return { state: 'stale', basis: 'record', behind: { commits: null, days: null } };
  return { state: 'stale', basis: 'record', behind: { commits: base, days: base === 0 ? 0 : Math.floor((changes[0]!.time - changes[base]!.time) / DAY) } };
}

/** The state of one translation by history alone: stale when the source changed in a later commit than the translation's last. */
function byHistory(source: readonly FileChange[] | undefined, translation: readonly FileChange[] | undefined): Pick<TranslationStatus, 'state' | 'basis' | 'behind'> {
  if (!source?.length || !translation?.length) return { state: 'current', basis: source?.length || translation?.length ? 'git' : 'none' };
  const last = translation[0]!;
  const newer = source.filter((c) => c.seq < last.seq).length;
  if (newer === 0) return { state: 'current', basis: 'git' };
  return { state: 'stale', basis: 'git', behind: { commits: newer, days: Math.max(0, Math.floor((source[0]!.time - last.time) / DAY)) } };
}

/** The report for a site from a history read before (`gitFileHistory`); reads the source files of recorded translations. */
export async function translationReport(site: Site, history: FileHistory): Promise<TranslationReport> {
  const langs = languagePagesOf(site);
  const source = langs.find((l) => l.isDefault);
  const report: TranslationReport = { defaultLanguage: source?.code ?? null, languages: [], entries: [], history: history.size > 0 };
  if (!source) return report;
  const blobs = new Map<string, Promise<string | undefined>>();
  const blobOf = (file: string) => {
    let b = blobs.get(file);
    if (!b) blobs.set(file, (b = currentBlobId(site.root, file)));
    return b;
  };
  for (const lang of langs) {
    if (lang.isDefault) continue;
    const { pairs, unpaired } = pairPages(lang, source);
    const summary: LanguageSummary = { code: lang.code, folder: lang.folder, counts: { current: 0, stale: 0, missing: 0 }, unpaired: unpaired.map((p) => p.file) };
    for (const page of source.pages) {
      const pair = pairs.get(page.path);
      let entry: TranslationStatus;
      if (!pair) entry = { language: lang.code, source: page, translation: null, state: 'missing', basis: 'none' };
      else {
        const recorded = translationRecordOf(site, pair.page.path);
        const sourceChanges = history.get(page.file);
        const state = recorded ? byRecord(recorded, await blobOf(page.file), sourceChanges ?? []) : byHistory(sourceChanges, history.get(pair.page.file));
        entry = { language: lang.code, source: page, translation: pair.page, pairedBy: pair.by, ...state };
      }
      summary.counts[entry.state]++;
      report.entries.push(entry);
    }
    report.languages.push(summary);
  }
  return report;
}

/** `translationReport` with the history read now: one `git log` for the whole repository. */
export async function readTranslationReport(site: Site): Promise<TranslationReport> {
  return translationReport(site, languagePagesOf(site).length > 1 ? await gitFileHistory(site.root) : new Map());
}

/** "3 commits / 12 days behind", or what is known of it. */
export function describeBehind(behind: Behind | undefined): string {
  if (!behind || behind.commits === null) return 'source changed since the recorded version';
  if (behind.commits === 0) return 'source edited, not committed yet';
  const commits = `${behind.commits} commit${behind.commits === 1 ? '' : 's'}`;
  return behind.days === null ? `${commits} behind` : `${commits} / ${behind.days} day${behind.days === 1 ? '' : 's'} behind`;
}

/**
 * A page's text with its `translatedFrom` record set to `blob` (added to the frontmatter, or a
 * frontmatter block made for it): what a person or an automation writes after bringing a
 * translation up to date with its source. The rest of the text is kept byte for byte.
 */
export function withTranslationRecord(text: string, blob: string): string {
  const line = `${TRANSLATION_RECORD_KEY}: ${blob}`;
  const open = /^---\r?\n/.exec(text);
  if (!open) return `---\n${line}\n---\n${text}`;
  const close = /^---[ \t]*$/m;
  const rest = text.slice(open[0].length);
  const end = close.exec(rest);
  if (!end) return `---\n${line}\n---\n${text}`;
  const head = rest.slice(0, end.index);
  const existing = new RegExp(`^${TRANSLATION_RECORD_KEY}:.*$`, 'm');
  const newHead = existing.test(head) ? head.replace(existing, line) : `${head}${line}\n`;
  return open[0] + newHead + rest.slice(end.index);
}

/** Translation href → source href for every stale translation: what the reader notice links. */
export function staleTranslationHrefs(report: TranslationReport): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of report.entries) if (e.state === 'stale' && e.translation) out.set(e.translation.href, e.source.href);
  return out;
}

/** The stale translations of a site that turns the reader notice on (`translations.staleNotice`); undefined otherwise, without reading history. */
export async function staleNoticeHrefs(site: Site): Promise<Map<string, string> | undefined> {
  return site.config.translations?.staleNotice === true ? staleTranslationHrefs(await readTranslationReport(site)) : undefined;
}
