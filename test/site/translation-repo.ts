/** A 15-language docs repository with a real git history, made at test time: English at the root, 14 translated folders. */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const LANGS = ['fr', 'de', 'es', 'it', 'pt-BR', 'ja', 'ko', 'zh-Hans', 'ru', 'nl', 'sv', 'pl', 'tr', 'ar'];
export const PAGES = ['index', 'quickstart', 'guides/install', 'guides/config', 'guides/deploy', 'reference/cli'];
const DAY = 86_400;
const START = 1_760_000_000;

/** The pages of a language: `ar` lacks the CLI reference; `ja` names its deploy page differently (paired by position). */
export function pagesOf(lang: string): string[] {
  if (lang === 'ar') return PAGES.filter((p) => p !== 'reference/cli');
  if (lang === 'ja') return PAGES.map((p) => (p === 'guides/deploy' ? 'guides/hosting' : p));
  return PAGES;
}

function groupsOf(prefix: string, pages: readonly string[]) {
  const at = (p: string) => prefix + p;
  return [
    { group: prefix ? `Start ${prefix}` : 'Start', pages: pages.filter((p) => !p.includes('/')).map(at) },
    { group: prefix ? `Guides ${prefix}` : 'Guides', pages: pages.filter((p) => p.includes('/')).map(at) },
  ];
}

export interface TranslationRepo {
  dir: string;
  git(...args: string[]): string;
  /** Commit everything as of `day` days after the first commit. */
  commitAll(message: string, day: number): void;
}

/** English pages committed on day 0, the 14 translations on day 2. */
export async function translationRepo(extra: Record<string, unknown> = {}): Promise<TranslationRepo> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'folio-translations-'));
  let day = 0;
  const git = (...args: string[]) => {
    const date = `${START + day * DAY} +0000`;
    return execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], {
      cwd: dir,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', HOME: dir, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
    });
  };
  const commitAll = (message: string, atDay: number) => {
    day = atDay;
    git('add', '-A');
    git('commit', '-q', '-m', message);
  };
  git('init', '-q', '-b', 'main');
  const languages = [{ language: 'en', default: true, groups: groupsOf('', PAGES) }, ...LANGS.map((code) => ({ language: code, groups: groupsOf(code.toLowerCase() + '/', pagesOf(code)) }))];
  await writeFile(path.join(dir, 'docs.json'), JSON.stringify({ name: 'Fifteen', colors: { primary: '#123456' }, navigation: { languages }, ...extra }, null, 2));
  for (const p of PAGES) {
    await mkdir(path.dirname(path.join(dir, p)), { recursive: true });
    await writeFile(path.join(dir, `${p}.mdx`), `---\ntitle: ${p}\n---\n\nEnglish text of ${p}.\n`);
  }
  commitAll('English pages', 0);
  for (const code of LANGS) {
    for (const p of pagesOf(code)) {
      const file = path.join(dir, code.toLowerCase(), `${p}.mdx`);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, `---\ntitle: ${code} ${p}\n---\n\n${code} text of ${p}.\n`);
    }
  }
  commitAll('Translations', 2);
  return { dir, git, commitAll };
}
