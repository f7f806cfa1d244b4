/**
 * A fresh clone without ../shared beside it passes `npm test` (issue 48, item 13): the corpora, the
 * oracle navigation and the reference screenshots are found in one place, compat/corpora.ts, which
 * honours FOLIO_CORPORA (FOLIO_ORACLE_NAV, FOLIO_REFERENCE), and the tests that need them skip with
 * one line saying why. No other file may name the shared folder by path.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['src', 'test', 'compat', 'look', 'eval', 'bench', 'scripts'];
// A string literal that leads into ../shared (or /work/shared), as a path or as path segments.
const SHARED_PATH = /['"][^'"\n]*(?:\.\.\/)+shared\/(?:corpora|oracle-nav|reference)|['"]shared['"],\s*['"](?:corpora|oracle-nav|reference)['"]|['"][^'"\n]*\/work\/shared/;

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sources(full, out);
    else if (/\.(ts|tsx|js|mjs)$/.test(entry.name)) out.push(full);
  }
  return out;
}

describe('where the corpora are', () => {
  it('is said by compat/corpora.ts alone', () => {
    const offenders = FOLDERS.flatMap((folder) => sources(path.join(repo, folder)))
      .filter((file) => !['compat/corpora.ts', 'test/hardening/corpora-paths.test.ts'].includes(path.relative(repo, file)))
      .flatMap((file) => readFileSync(file, 'utf8').split('\n').map((line, i) => ({ file, line, at: i + 1 })))
      .filter(({ line }) => SHARED_PATH.test(line))
      .map(({ file, line, at }) => `${path.relative(repo, file)}:${at}: ${line.trim()}`);
    expect(offenders).toEqual([]);
  });

  it('follows FOLIO_CORPORA, and a missing folder skips with one line', () => {
    const script = "const c = await import('./compat/corpora.ts'); console.log(JSON.stringify({ dir: c.CORPORA_DIR, have: c.haveCorpora('ollama'), passing: c.passingCorpora('validate') }));";
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: repo,
      env: { ...process.env, FOLIO_CORPORA: '/nonexistent/corpora' },
      encoding: 'utf8',
    });
    expect(run.stdout ? JSON.parse(run.stdout) : run.stderr).toEqual({ dir: '/nonexistent/corpora', have: false, passing: [] });
    expect(run.stderr).toBe('skipped: no corpora folder at /nonexistent/corpora (put the corpora at ../shared/corpora beside the checkout, or set FOLIO_CORPORA)\n');
  });
});
