/**
 * `folio export pdf` on real content: mintlify-docs cut down to one group of its navigation
 * (Deployments, six pages; the other pages' files are removed so the build takes seconds, not the
 * whole site's five minutes), printed as the group and as one page, and read back with the checks
 * `npm run bench:pdf` runs on the whole site (pdf-checks.ts): every page once in navigation order
 * under its title, the contents numbered with the sheets the pages start on, and a link between two
 * pages that stays inside the PDF. Skipped without the corpus or Chromium.
 */
import { cp, mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusDir, haveCorpora } from '../../compat/corpora.js';
import { exportPdf, planPdf, type PdfSelection } from '../../src/pdf/index.js';
import { loadSite } from '../../src/site/index.js';
import { hasChromium } from '../browser/chromium.js';
import { checkPdf } from './pdf-checks.js';

const haveMintlify = haveCorpora('mintlify-docs');
if (!haveMintlify) console.log('pdf-corpus: skipped: the mintlify-docs corpus is not here');
const GROUP = 'Deployments';

/** The first group of that name in a docs.json navigation, as written. */
function findGroup(node: unknown, name: string): Record<string, unknown> | null {
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = findGroup(child, name);
      if (found) return found;
    }
    return null;
  }
  if (!node || typeof node !== 'object') return null;
  const record = node as Record<string, unknown>;
  if (record.group === name) return record;
  for (const value of Object.values(record)) {
    const found = findGroup(value, name);
    if (found) return found;
  }
  return null;
}

async function mdxFiles(dir: string, base = dir): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'snippets' && !entry.name.startsWith('.')) out.push(...(await mdxFiles(full, base)));
    } else if (/\.mdx?$/.test(entry.name)) out.push(path.relative(base, full));
  }
  return out;
}

describe.skipIf(!hasChromium || !haveMintlify)('folio export pdf of mintlify-docs content', () => {
  let dir = '';
  let root = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-pdf-corpus-'));
    root = path.join(dir, 'site');
    await cp(corpusDir('mintlify-docs'), root, { recursive: true, filter: (src) => !src.includes(`${path.sep}.git`) });
    const config = JSON.parse(await readFile(path.join(root, 'docs.json'), 'utf8')) as Record<string, unknown>;
    const group = findGroup(config.navigation, GROUP);
    if (!group) throw new Error(`mintlify-docs has no group ${GROUP} any more: choose another`);
    config.navigation = { groups: [group] };
    await writeFile(path.join(root, 'docs.json'), JSON.stringify(config, null, 2));
    const kept = new Set([group.root, ...(group.pages as unknown[])].filter((p): p is string => typeof p === 'string'));
    for (const file of await mdxFiles(root)) {
      if (!kept.has(file.replace(/\.mdx?$/, '').split(path.sep).join('/'))) await unlink(path.join(root, file));
    }
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const plan = async (selection: PdfSelection) => planPdf((await loadSite(root)).site!.model, selection);

  it('prints the group: every page under its title, the contents numbered, a link between pages inside the PDF', async () => {
    const selection = { group: GROUP };
    const pages = (await plan(selection)).pages;
    expect(pages.length).toBeGreaterThanOrEqual(5);
    const output = path.join(dir, 'group.pdf');
    const result = await exportPdf({ root, output, buildDir: path.join(dir, 'build'), selection });
    expect(result.missing).toEqual([]);
    expect(result.pages).toBe(pages.length);
    const checked = await checkPdf(output, pages, { internalLink: true });
    expect(checked.problems).toEqual([]);
    expect(checked.contents.map((c) => c.number)).toEqual(checked.starts.map((s) => s + 1));
    expect(checked.link).not.toBeNull();
  }, 90_000);

  it('prints one page of it, with no contents', async () => {
    const selection = { page: 'deploy/ghes' };
    const pages = (await plan(selection)).pages;
    const output = path.join(dir, 'page.pdf');
    // The group's build is reused: nothing is built again.
    const result = await exportPdf({ root, output, built: path.join(dir, 'build'), selection });
    expect(result.pages).toBe(1);
    const checked = await checkPdf(output, pages);
    expect(checked.problems).toEqual([]);
    expect(checked.starts).toEqual([1]);
    expect(checked.contents).toEqual([]);
  }, 60_000);
});
