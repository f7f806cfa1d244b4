/**
 * `folio build` exits 0 when every page was written, warnings included; `--strict` turns every
 * warning into an error (exit 1) for CI gates. Runs the real CLI from the TypeScript sources.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');

describe('folio build --strict', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-strict-'));
    const root = path.join(dir, 'docs');
    await mkdir(root, { recursive: true });
    await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Strict', colors: { primary: '#000000' }, navigation: { groups: [{ group: 'All', pages: ['index'] }] } }));
    await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\n<Important>Read this.</Important>\n');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const build = (...flags: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'build', path.join(dir, 'docs'), '--out', path.join(dir, 'out'), '--no-search', '--no-cache', ...flags], {
      cwd: repo,
      encoding: 'utf8',
      env: { ...process.env, CI: 'true' },
    });

  it('exits 0 with warnings, and 1 with --strict, which reports them as errors and still writes the site', () => {
    const lenient = build();
    expect(lenient.status).toBe(0);
    expect(lenient.stdout).toMatch(/^index\.mdx:5:1 warning Unknown component `<Important>`/m);
    expect(lenient.stderr).toMatch(/^built 1 pages .*, 0 error\(s\), 1 warning\(s\)/m);
    expect(lenient.stderr).toMatch(/^by code: MDX_UNKNOWN_COMPONENT warning ×1$/m);

    const strict = build('--strict');
    expect(strict.status).toBe(1);
    expect(strict.stdout).toMatch(/^index\.mdx:5:1 error Unknown component `<Important>`/m);
    expect(strict.stderr).toMatch(/^build failed: 1 pages .*, 1 error\(s\), 0 warning\(s\)/m);
    expect(strict.stderr).toMatch(/^by code: MDX_UNKNOWN_COMPONENT error ×1$/m);
    expect(existsSync(path.join(dir, 'out', 'index.html'))).toBe(true);
  }, 120_000);
});
