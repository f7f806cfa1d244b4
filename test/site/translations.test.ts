/**
 * Translation state on a 15-language repository made at test time (a real git history: English pages,
 * then 14 translated folders), through `readTranslationReport` and `folio check --translations`; then
 * one English page edited (its 14 translations turn stale), then the translations recorded as
 * updated (current again); and comfyui's corpus (4 languages) through the command.
 */
import { spawnSync } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTranslations } from '../../src/cli/commands/check.js';
import { SiteRenderer } from '../../src/render/index.js';
import { corpusDir, haveCorpora } from '../../compat/corpora.js';
import { LANGS, translationRepo, type TranslationRepo } from './translation-repo.js';
import { gitBlobId, languagePagesOf, loadSite, readTranslationReport, staleNoticeHrefs, withTranslationRecord, type TranslationReport } from '../../src/site/index.js';

const COMFY = corpusDir('comfyui');

let repo: TranslationRepo;
let dir: string;
const git = (...args: string[]) => repo.git(...args);
const commitAll = async (message: string, day: number) => repo.commitAll(message, day);

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
  repo = await translationRepo({ translations: { staleNotice: true } });
  dir = repo.dir;
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

  it.skipIf(!haveCorpora('comfyui'))('runs comfyui’s four languages through the command', async () => {
    const out = await check(COMFY);
    expect(out.status, out.stderr).toBe(0);
    expect(out.stdout.split('\n').slice(0, 3).map((l) => l.split(':')[0])).toEqual(['zh', 'ja', 'ko']);
    expect(out.stderr).toContain('3 language(s) beside en');
  });
});
