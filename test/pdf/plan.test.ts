/**
 * Which pages `folio export pdf` prints, from a loaded site with two languages and tabs: the whole
 * site in the default language, a tab, a group, one page, another language or all, and the coded
 * refusals (with the closest name) when a selection names nothing.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteModel } from '../../src/navigation/index.js';
import { planPdf, type PdfSelection } from '../../src/pdf/index.js';
import { loadSite } from '../../src/site/index.js';

const tabs = (prefix: string) => [
  { tab: 'Guides', groups: [{ group: 'Start', pages: [`${prefix}intro`, `${prefix}install`] }, { group: 'Deploy', pages: [`${prefix}deploy`] }] },
  { tab: 'Reference', groups: [{ group: 'CLI', pages: [`${prefix}cli`] }] },
];
const config = {
  name: 'Acme',
  theme: 'mint',
  colors: { primary: '#123456' },
  navigation: { languages: [{ language: 'en', default: true, tabs: tabs('') }, { language: 'fr', tabs: tabs('fr/') }] },
};

let dir = '';
let model: SiteModel;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'folio-pdf-plan-'));
  await writeFile(path.join(dir, 'docs.json'), JSON.stringify(config));
  await mkdir(path.join(dir, 'fr'));
  for (const page of ['intro', 'install', 'deploy', 'cli']) {
    await writeFile(path.join(dir, `${page}.mdx`), `---\ntitle: ${page}\n---\n\nText.\n`);
    await writeFile(path.join(dir, 'fr', `${page}.mdx`), `---\ntitle: ${page} (fr)\n---\n\nTexte.\n`);
  }
  model = (await loadSite(dir)).site!.model;
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const hrefs = (selection: PdfSelection) => planPdf(model, selection).pages.map((p) => p.href);
const refusal = (selection: PdfSelection) => {
  try {
    planPdf(model, selection);
  } catch (error) {
    return { code: (error as { code: string }).code, message: (error as Error).message };
  }
  throw new Error('not refused');
};

describe('planPdf', () => {
  it('prints the default language in navigation order, a chapter per tab and group', () => {
    const plan = planPdf(model);
    expect(plan.chapters.map((c) => [c.label, c.pages.map((p) => p.href)])).toEqual([
      ['Guides › Start', ['/intro', '/install']],
      ['Guides › Deploy', ['/deploy']],
      ['Reference › CLI', ['/cli']],
    ]);
    expect(plan.scope).toBe('');
  });

  it('narrows to a tab, a group, one page, another language or all of them', () => {
    expect(hrefs({ tab: 'reference' })).toEqual(['/cli']);
    expect(hrefs({ group: 'Start' })).toEqual(['/intro', '/install']);
    expect(hrefs({ tab: 'Guides', group: 'Deploy', language: 'fr' })).toEqual(['/fr/deploy']);
    expect(hrefs({ page: '/install.mdx' })).toEqual(['/install']);
    expect(hrefs({ language: 'all' })).toHaveLength(8);
  });

  it('refuses a name that matches nothing, with its code and the closest name', () => {
    expect(refusal({ tab: 'Guide' })).toEqual({ code: 'PDF_UNKNOWN_TAB', message: 'No tab "Guide" in the navigation (tabs: Guides, Reference). Did you mean "Guides"?' });
    expect(refusal({ group: 'Instal' })).toMatchObject({ code: 'PDF_UNKNOWN_GROUP' });
    expect(refusal({ page: 'instal' })).toEqual({ code: 'PDF_UNKNOWN_PAGE', message: 'No page "instal" in the site. Did you mean "/install"?' });
    expect(refusal({ language: 'de' })).toMatchObject({ code: 'PDF_UNKNOWN_LANGUAGE', message: expect.stringContaining('(it has en, fr)') });
  });
});
