import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../site/index.js';
import { releaseSources, rereadBody } from './page-plan.js';

describe('rereadBody (page texts read again when compiled)', () => {
  let root: string;
  const text = '---\ntitle: A page\n---\n\nThe body.\n';
  const planned = { file: 'guide/a.mdx', bodyOffset: text.indexOf('\nThe body'), sourceHash: createHash('sha1').update(text).digest('hex') };
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'folio-reread-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('gives the body of the file as planned', async () => {
    await writeFile(path.join(root, 'b.mdx'), text);
    expect(rereadBody(root, { ...planned, file: 'b.mdx' })).toEqual({ body: '\nThe body.\n', changed: false });
  });

  it('says when the file changed since it was planned, and gives the new body after its frontmatter', async () => {
    await writeFile(path.join(root, 'c.mdx'), '---\ntitle: A longer title\n---\nEdited.\n');
    expect(rereadBody(root, { ...planned, file: 'c.mdx' })).toEqual({ body: 'Edited.\n', changed: true });
  });

  it('is null when the file is gone', () => {
    expect(rereadBody(root, { ...planned, file: 'missing.mdx' })).toBeNull();
  });
});

describe('releaseSources (page texts let go only when many)', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'folio-release-'));
    await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Release', theme: 'mint', colors: { primary: '#0a7' }, navigation: { pages: ['a', 'b'] } }));
    await writeFile(path.join(root, 'a.mdx'), '---\ntitle: A\n---\n\nFirst body.\n');
    await writeFile(path.join(root, 'b.mdx'), '---\ntitle: B\n---\n\nSecond body.\n');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const sources = async (keepChars?: number) => {
    const { site } = await loadSite(root, { keepSource: 'hash' });
    releaseSources(site!, [], keepChars);
    return [...site!.index.pages.values()].map((p) => p.source);
  };

  it('keeps the texts of a site below the bound (reading them again costs more than holding them)', async () => {
    expect(await sources()).toEqual([expect.stringContaining('First body.'), expect.stringContaining('Second body.')]);
  });

  it('lets them go past the bound, to be read again when compiled', async () => {
    expect(await sources(10)).toEqual([undefined, undefined]);
  });
});
