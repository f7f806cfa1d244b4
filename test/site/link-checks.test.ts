/**
 * The build's link checks on a small site with one of each problem, and `folio check` on it:
 * findings at file:line:column with a code, exit 1 only with --strict (warnings) or on errors.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/site-build/index.js';
import { formatDiagnostic } from '../../src/shared/index.js';

const GUIDE = `---
title: Guide
---
## Set up the thing

See [intro](/intro#first-steps), [missing anchor](/intro#nope) and [here](#set-up-the-thing).
A [broken link](/not-a-page) and a [relative one](intro), a [redirected](/old) and a [file](/files/spec.yaml).
![A missing image](/images/missing.png)
![A present image](/images/ok.png)
[Mail](mailto:a@b.c) and [web](https://example.com/x) are not checked.
[Written for /docs](/docs/intro), [to a redirect](/docs/old).
`;

describe('link checks', () => {
  let dir: string;
  let root: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-links-'));
    root = path.join(dir, 'docs');
    await mkdir(path.join(root, 'images'), { recursive: true });
    await mkdir(path.join(root, 'files'), { recursive: true });
    await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'L', theme: 'mint', colors: { primary: '#112233' }, logo: '/logo.svg', navigation: { pages: ['guide', 'intro'] }, redirects: [{ source: '/old', destination: '/intro' }] }));
    await writeFile(path.join(root, 'guide.mdx'), GUIDE);
    await writeFile(path.join(root, 'intro.mdx'), '---\ntitle: Intro\n---\n## First steps\n\nBack to [the guide](/guide#set-up-the-thing).\n');
    await writeFile(path.join(root, 'images', 'ok.png'), 'png');
    await writeFile(path.join(root, 'files', 'spec.yaml'), 'a: 1');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('finds each broken link, anchor, image and logo file, located in the source', async () => {
    const result = await buildSite({ root, outDir: path.join(dir, 'out'), search: false });
    const found = result.diagnostics.filter((d) => /LINK|ANCHOR|ASSET/.test(d.code)).map(formatDiagnostic);
    expect(found).toEqual([
      'docs.json:1:66 warning `logo` "/logo.svg" is not a file in the docs root, so readers get a broken image; add the file or fix the path',
      'guide.mdx:6:51 warning Link `/intro#nope`: /intro has no heading or element with id `nope`.',
      'guide.mdx:7:17 warning Link `/not-a-page` leads to no page, redirect or file of this site; fix the path.',
      'guide.mdx:8:20 warning `/images/missing.png` is not a file in the docs root, so the image or media is broken; add the file or fix the path.',
      'guide.mdx:11:21 warning Link `/docs/intro` leads to no page, redirect or file of this site; `/intro` is a page: the link was written for the site served under `/docs`; build and serve it with `--base /docs` (links that begin with `/docs` are then full paths), or link `/intro`.',
      'guide.mdx:11:51 warning Link `/docs/old` leads to no page, redirect or file of this site; `/old` is a redirect: the link was written for the site served under `/docs`; build and serve it with `--base /docs` (links that begin with `/docs` are then full paths), or link `/old`.',
    ]);
  }, 120_000);

  it('folio check prints the findings and fails only with --strict', () => {
    const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'check', root, ...args], { encoding: 'utf8' });
    const plain = run();
    expect(plain.status).toBe(0);
    expect(plain.stdout).toContain('guide.mdx:7:17 warning Link `/not-a-page`');
    expect(plain.stderr).toContain('checked 2 pages: 6 finding(s)');
    expect(run('--strict').status).toBe(1);
  }, 120_000);
});
