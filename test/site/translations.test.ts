/**
 * Translation state on a 15-language repository made at test time (a real git history: English pages,
 * then 14 translated folders), through `readTranslationReport` and `folio check --translations`; then
 * one English page edited (its 14 translations turn stale), then the translations recorded as
 * updated (current again); and comfyui's corpus (4 languages) through the command.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTranslations } from '../../src/cli/commands/check.js';
import { SiteRenderer } from '../../src/render/index.js';
import { gitBlobId, languagePagesOf, loadSite, readTranslationReport, staleNoticeHrefs, withTranslationRecord, type TranslationReport } from '../../src/site/index.js';

const LANGS = ['fr', 'de', 'es', 'it', 'pt-BR', 'ja', 'ko', 'zh-Hans', 'ru', 'nl', 'sv', 'pl', 'tr', 'ar'];
const PAGES = ['index', 'quickstart', 'guides/install', 'guides/config', 'guides/deploy', 'reference/cli'];
const DAY = 86_400;
const START = 1_760_000_000;
const COMFY = '/work/shared/corpora/comfyui';

let dir: string;
let day = 0;

function git(...args: string[]): string {
  const date = `${START + day * DAY} +0000`;
  return execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', HOME: dir, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
  });
}

async function commitAll(message: string, atDay: number): Promise<void> {
  day = atDay;
  git('add', '-A');
  git('commit', '-q', '-m', message);
}

function groupsOf(prefix: string, pages: readonly string[]) {
  const at = (p: string) => prefix + p;
  return [
    { group: prefix ? `Start ${prefix}` : 'Start', pages: pages.filter((p) => !p.includes('/')).map(at) },
    { group: prefix ? `Guides ${prefix}` : 'Guides', pages: pages.filter((p) => p.includes('/')).map(at) },
  ];
}

/** The folder and pages of a language: `ar` lacks the CLI reference; `ja` names its deploy page differently (paired by position). */
function pagesOf(lang: string): string[] {
  if (lang === 'ar') return PAGES.filter((p) => p !== 'reference/cli');
  if (lang === 'ja') return PAGES.map((p) => (p === 'guides/deploy' ? 'guides/hosting' : p));
  return PAGES;
}

const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'check', ...args], { encoding: 'utf8' });

/** The command's work in this process (a spawned CLI costs seconds): exit code and what it printed. */
async function check(root: string, flags: { strict?: boolean; json?: boolean } = {}): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const status = await checkTranslations(root, flags, { out: (t) => (stdout += t), err: (t) => (stderr += t) });
  return { status, stdout, stderr };
}

async function report(): Promise<TranslationReport> {
  const { site } = await loadSite(dir, { openapi: false });
  return readTranslationReport(site!);
}

const counts = (r: TranslationReport) => Object.fromEntries(r.languages.map((l) => [l.code, l.counts]));
const staleFiles = (r: TranslationReport) => r.entries.filter((e) => e.state === 'stale').map((e) => e.translation!.file).sort();

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'folio-translations-'));
  git('init', '-q', '-b', 'main');
  const languages = [
    { language: 'en', default: true, groups: groupsOf('', PAGES) },
    ...LANGS.map((code) => ({ language: code, groups: groupsOf(code.toLowerCase() + '/', pagesOf(code)) })),
  ];
  await writeFile(path.join(dir, 'docs.json'), JSON.stringify({ name: 'Fifteen', colors: { primary: '#123456' }, navigation: { languages }, translations: { staleNotice: true } }, null, 2));
  for (const p of PAGES) {
    await mkdir(path.dirname(path.join(dir, p)), { recursive: true });
    await writeFile(path.join(dir, `${p}.mdx`), `---\ntitle: ${p}\n---\n\nEnglish text of ${p}.\n`);
  }
  await commitAll('English pages', 0);
  for (const code of LANGS) {
    for (const p of pagesOf(code)) {
      const file = path.join(dir, code.toLowerCase(), `${p}.mdx`);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, `---\ntitle: ${code} ${p}\n---\n\n${code} text of ${p}.\n`);
    }
  }
  await commitAll('Translations', 2);
});

afterAll(() => rm(dir, { recursive: true, force: true }));

describe('translation state on 15 languages', () => {
  it('pairs every language with English by folder, and by position where the path differs', async () => {
    const { site } = await loadSite(dir, { openapi: false });
    const langs = languagePagesOf(site!);
    expect(langs.map((l) => [l.code, l.folder, l.isDefault])[0]).toEqual(['en', '', true]);
    expect(langs.find((l) => l.code === 'zh-Hans')!.folder).toBe('zh-hans/');
    const r = await readTranslationReport(site!);
    expect(r.defaultLanguage).toBe('en');
    expect(r.languages).toHaveLength(14);
    const ja = r.entries.find((e) => e.language === 'ja' && e.source.path === 'guides/deploy')!;
    expect([ja.translation?.path, ja.pairedBy, ja.state]).toEqual(['ja/guides/hosting', 'position', 'current']);
    for (const l of r.languages) expect(l.counts).toEqual(l.code === 'ar' ? { current: 5, stale: 0, missing: 1 } : { current: 6, stale: 0, missing: 0 });
    expect(r.entries.find((e) => e.language === 'ar' && e.state === 'missing')!.source.file).toBe('reference/cli.mdx');
  });

  it('turns exactly one page’s 14 translations stale when that English page changes, and current again once recorded', async () => {
    await writeFile(path.join(dir, 'quickstart.mdx'), `---\ntitle: quickstart\n---\n\nEnglish text of quickstart, rewritten.\n`);
    await commitAll('Rewrite the quickstart', 12);
    const stale = await report();
    expect(staleFiles(stale)).toEqual(LANGS.map((c) => `${c.toLowerCase()}/quickstart.mdx`).sort());
    for (const e of stale.entries.filter((x) => x.state === 'stale')) {
      expect([e.source.file, e.basis, e.behind]).toEqual(['quickstart.mdx', 'git', { commits: 1, days: 10 }]);
    }
    expect(counts(stale).fr).toEqual({ current: 5, stale: 1, missing: 0 });

    // Readers of a stale page see the notice in its language, linking to the source page; not with the setting off.
    const { site } = await loadSite(dir, { openapi: false });
    const body = { html: '<p>Texte</p>', headings: [], features: [] };
    const assets = { css: '/a.css', js: '/a.js', base: '/' };
    const renderWith = (config: typeof site.config) => new SiteRenderer({ ...site!, config }, assets, { staleTranslations: notices }).render(site!.model.pages.get(frRoute)!, body);
    const notices = (await staleNoticeHrefs(site!))!;
    const frRoute = '/fr/quickstart';
    expect(notices.get(frRoute)).toBe('/quickstart');
    expect(notices.size).toBe(14);
    const on = renderWith(site!.config);
    expect(on).toMatch(/<aside class="translation-notice" role="note"[^>]*>Cette traduction [^<]*<a href="\/quickstart">Lire la page d’origine<\/a><\/aside>/);
    expect(renderWith({ ...site!.config, translations: undefined })).not.toContain('translation-notice');
    expect(new SiteRenderer(site!, assets, { staleTranslations: notices }).render(site!.model.pages.get('/fr/index')!, body)).not.toContain('translation-notice');

    // The command: counts per language, one line per stale translation; exit 0 unless --strict.
    const plain = run(dir, '--translations');
    expect(plain.status).toBe(0);
    const lines = plain.stdout.trim().split('\n');
    expect(lines[0]).toBe('fr: 5 current, 1 stale, 0 missing');
    expect(lines.filter((l) => l.includes(': stale,'))).toHaveLength(14);
    expect(lines).toContain('de/quickstart.mdx: stale, 1 commit / 10 days behind (source quickstart.mdx)');
    const strict = await check(dir, { strict: true, json: true });
    expect(strict.status).toBe(1);
    expect(staleFiles(JSON.parse(strict.stdout) as TranslationReport)).toEqual(staleFiles(stale));

    // Translators bring them up to date and record the source version they followed.
    const blob = gitBlobId(await readFile(path.join(dir, 'quickstart.mdx')));
    expect(blob).toBe(git('hash-object', 'quickstart.mdx').trim());
    for (const code of LANGS) {
      const file = path.join(dir, code.toLowerCase(), 'quickstart.mdx');
      await writeFile(file, withTranslationRecord(await readFile(file, 'utf8'), blob));
    }
    const recorded = await report();
    expect(staleFiles(recorded)).toEqual([]);
    expect(recorded.entries.filter((e) => e.basis === 'record')).toHaveLength(14);

    // The record decides from then on, whatever the commit order: another English edit makes them stale, one commit behind.
    await commitAll('Record the quickstart translations', 13);
    await writeFile(path.join(dir, 'quickstart.mdx'), `---\ntitle: quickstart\n---\n\nEnglish text of quickstart, again.\n`);
    await commitAll('Quickstart again', 20);
    const again = await report();
    expect(staleFiles(again)).toEqual(staleFiles(stale));
    expect(again.entries.find((e) => e.state === 'stale')!.behind).toEqual({ commits: 1, days: 8 });
  });

  it('writes the record into existing frontmatter, or a new block, leaving the rest as it was', () => {
    const blob = 'a'.repeat(40);
    expect(withTranslationRecord('---\ntitle: X\n---\nBody\n', blob)).toBe(`---\ntitle: X\ntranslatedFrom: ${blob}\n---\nBody\n`);
    expect(withTranslationRecord(`---\ntranslatedFrom: ${'b'.repeat(40)}\ntitle: X\n---\nBody\n`, blob)).toBe(`---\ntranslatedFrom: ${blob}\ntitle: X\n---\nBody\n`);
    expect(withTranslationRecord('Body\n', blob)).toBe(`---\ntranslatedFrom: ${blob}\n---\nBody\n`);
  });

  it.skipIf(!existsSync(path.join(COMFY, 'docs.json')))('runs comfyui’s four languages through the command', async () => {
    const out = await check(COMFY);
    expect(out.status, out.stderr).toBe(0);
    expect(out.stdout.split('\n').slice(0, 3).map((l) => l.split(':')[0])).toEqual(['zh', 'ja', 'ko']);
    expect(out.stderr).toContain('3 language(s) beside en');
  });
});
