import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPageIndex, readPage } from './page-index.js';

describe("'hash' mode keeps page text while the index holds little of it", () => {
  let root: string;
  const body = '---\ntitle: A\n---\n\nA plain page, nothing the load reads whole.\n';
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'folio-text-budget-'));
    await writeFile(path.join(root, 'a.mdx'), body);
    await writeFile(path.join(root, 'b.mdx'), body.replace('A plain', 'Another plain'));
    await writeFile(path.join(root, 'c.mdx'), "---\ntitle: C\n---\nimport { X } from '/snippets/x.mdx';\n\n<X />\n");
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('keeps the text (and hash) of a small site, so the build need not read each file again', async () => {
    const index = await buildPageIndex(root, { keepSource: 'hash' });
    for (const page of index.pages.values()) {
      expect(page.sourceHash).toMatch(/^[0-9a-f]{40}$/);
      expect(page.source).toContain('title:');
    }
  });

  it('drops a plain page text once the budget is spent, and pays for each text it keeps', () => {
    const budget = { chars: body.length };
    // The files are unchanged since the test above, so these are read-cache hits: the budget applies to them too.
    const first = readPage(root, 'a.mdx', 'hash', undefined, budget).page!;
    expect(first.source).toBe(body);
    expect(budget.chars).toBe(0);
    const second = readPage(root, 'b.mdx', 'hash', undefined, budget).page!;
    expect(second.source).toBeUndefined();
    expect(second.sourceHash).toMatch(/^[0-9a-f]{40}$/);
  });

  it('always keeps the text of a page the load reads whole (imports), budget or not', () => {
    const page = readPage(root, 'c.mdx', 'hash', undefined, { chars: 0 }).page!;
    expect(page.source).toContain('import { X }');
  });

  it('keeps no text without a hash mode', () => {
    expect(readPage(root, 'a.mdx', false, undefined, { chars: 1e9 }).page!.source).toBeUndefined();
  });
});
