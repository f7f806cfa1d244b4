import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rereadBody } from './page-plan.js';

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
