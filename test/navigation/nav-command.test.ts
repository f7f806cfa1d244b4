import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProgram } from '../../src/cli/program.js';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');

/** Run `folio nav ...` in-process, capturing stdout, stderr and the exit code. */
async function nav(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
  try {
    process.exitCode = undefined;
    await (await createProgram()).exitOverride().parseAsync(['node', 'folio', 'nav', ...args]);
    return { stdout, stderr, code: Number(process.exitCode ?? 0) };
  } finally {
    out.mockRestore();
    err.mockRestore();
    process.exitCode = undefined;
  }
}

afterEach(() => vi.restoreAllMocks());

describe('folio nav', () => {
  it('--json prints the docs.json shape with pages resolved, exit 0', async () => {
    const { stdout, stderr, code } = await nav(path.join(FIXTURES, 'tabs-menu'), '--json');
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const json = JSON.parse(stdout) as { tabs: Array<Record<string, unknown>> };
    expect(json.tabs[0]).toEqual({ tab: 'Docs', pages: [{ href: '/index', title: 'Home' }] });
    expect(json.tabs[1]!.menu).toEqual([
      { item: 'Academy', href: 'https://learn.example.com', description: 'Self-paced lessons' },
      { item: 'Guides', icon: 'map', description: 'How-to guides', groups: [{ group: 'Overview', pages: [{ href: '/guides/index', title: 'Guides' }, { href: '/guides/two', title: 'Guide two' }] }] },
      { item: 'Tutorials', pages: [{ href: '/tutorials/one', title: 'Tutorial one' }, { href: 'https://example.com/changelog', title: 'https://example.com/changelog' }] },
    ]);
  });

  it('prints a readable tree without --json', async () => {
    const { stdout, code } = await nav(path.join(FIXTURES, 'groups'));
    expect(code).toBe(0);
    expect(stdout).toMatchInlineSnapshot(`
      "(site)
        ▸ Get started  ([BETA], directory accordion)
          Home  /index
          ▸ Concepts  (root /concepts/index, expanded, directory accordion)
            Concept A  /concepts/a
            Concept B  /concepts/b
            ▸ Deep  (collapsed, directory accordion)
              Deep page  /concepts/deep
          ▸ Cards  (root /cards/index, collapsed, directory card)
            Card one  /cards/one
            Card two  /cards/two
          ▸ No listing  (root /plain/index, collapsed)
            Plain one  /plain/one
          ▸ Collapsed  (collapsed, directory accordion)
            Collapsed one  /collapsed/one
        ▸ Top without root  (directory accordion)
          Top one  /top/one
      hidden pages (1): routable, in no sidebar
        /hidden/one
      "
    `);
  });

  it('reports problems like folio validate; warnings leave the exit code 0', async () => {
    const { stderr, code } = await nav(path.join(FIXTURES, 'excluded-pages'), '--json');
    expect(code).toBe(0);
    expect(stderr.trim().split('\n')).toEqual([
      'docs.json:10:7 warning `drafts/wip.mdx` is listed in the navigation but excluded from the site (by .mintignore, a default ignore such as README.md, or a snippets folder), so the entry is left out. Remove the entry, or stop excluding the file.',
      'docs.json:11:7 warning `snippets/intro.mdx` is listed in the navigation but excluded from the site (by .mintignore, a default ignore such as README.md, or a snippets folder), so the entry is left out. Remove the entry, or stop excluding the file.',
    ]);
  });

  it('exits 2 when there is no configuration', async () => {
    const { stderr, code } = await nav(path.join(FIXTURES, 'does-not-exist'));
    expect(code).toBe(2);
    expect(stderr).toContain('error');
  });
});
