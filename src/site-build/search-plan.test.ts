import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deltaLimit, SearchPlan } from './search-plan.js';

describe('search plan', () => {
  let outDir: string;
  let cacheDir: string;
  beforeEach(async () => {
    outDir = await mkdtemp(path.join(os.tmpdir(), 'folio-search-plan-'));
    cacheDir = path.join(outDir, '.folio-cache');
    await mkdir(path.join(outDir, 'pagefind'), { recursive: true });
    await writeFile(path.join(outDir, 'pagefind', 'pagefind.js'), '// index');
  });
  afterEach(() => rm(outDir, { recursive: true, force: true }));

  const open = (changed: string[], extra: Partial<Parameters<typeof SearchPlan.open>[0]> = {}) =>
    SearchPlan.open({ enabled: true, outDir, cacheDir, pages: 1000, allRendered: false, changed, reuse: true, ...extra });
  const state = async (delta: string[]) => {
    await mkdir(cacheDir, { recursive: true });
    await writeFile(path.join(cacheDir, 'search.json'), JSON.stringify({ delta }));
  };

  it('bounds the delta at 5% of the pages, between 20 and 200', () => {
    expect(deltaLimit(10)).toBe(20);
    expect(deltaLimit(1000)).toBe(50);
    expect(deltaLimit(3000)).toBe(150);
    expect(deltaLimit(100_000)).toBe(200);
  });

  it('is off when disabled and full when no earlier state can be trusted', async () => {
    expect((await open(['/a'], { enabled: false })).mode).toBe('off');
    expect((await open(['/a'])).mode).toBe('full');
    await state([]);
    expect((await open(['/a'], { reuse: false })).mode).toBe('full');
    await rm(path.join(outDir, 'pagefind', 'pagefind.js'));
    expect((await open(['/a'])).mode).toBe('full');
  });

  it('keeps the index when nothing changed, adds to the delta within the limit, goes full past it', async () => {
    await state(['/old']);
    expect((await open([])).mode).toBe('keep');
    expect((await open(['/a', '/b'])).mode).toBe('delta');
    const within = Array.from({ length: 49 }, (_, i) => `/p${i}`);
    expect((await open(within)).mode).toBe('delta');
    expect((await open([...within, '/one-more'])).mode).toBe('full');
  });

  it('remembers pages changed by builds without search, and indexes them in the next build with search', async () => {
    await state(['/old']);
    const off = await open(['/a'], { enabled: false });
    expect(off.mode).toBe('off');
    await off.finish();
    expect(JSON.parse(await readFile(path.join(cacheDir, 'search.json'), 'utf8'))).toEqual({ delta: ['/old'], pending: ['/a'] });
    const off2 = await open(['/b'], { enabled: false });
    await off2.finish();
    // Nothing changed in this build, but /a and /b changed while search was off.
    const next = await open([]);
    expect(next.mode).toBe('delta');
  });

  it('writes no state for builds without search when there is no index', async () => {
    await rm(path.join(outDir, 'pagefind', 'pagefind.js'));
    await (await open(['/a'], { enabled: false })).finish();
    expect(existsSync(path.join(cacheDir, 'search.json'))).toBe(false);
  });

  it('drops a delta page the build does not keep, though its old file is still on disk (the delta starts before stale files go)', async () => {
    // A real index in the output, so the delta's manifest has a main index beside it.
    const article = (text: string) => `<!DOCTYPE html><html lang="en"><head><title>${text}</title></head><body><article data-pagefind-body="">${text}</article></body></html>`;
    await state(['/kept']);
    await mkdir(path.join(outDir, 'kept'), { recursive: true });
    await mkdir(path.join(outDir, 'gone'), { recursive: true });
    await writeFile(path.join(outDir, 'kept', 'index.html'), article('kept page'));
    await writeFile(path.join(outDir, 'gone', 'index.html'), article('removed page'));
    const plan = await open(['/gone']);
    expect(plan.mode).toBe('delta');
    const outcome = await plan.finish({ live: new Set(['/kept']) });
    // Only /kept is indexed again; /gone is listed stale, so its old entries leave the results.
    expect(outcome).toMatchObject({ errors: [], pages: 1, mode: 'delta' });
    const manifest = JSON.parse(await readFile(path.join(outDir, 'pagefind', 'folio-search.json'), 'utf8')) as { stale: string[] };
    expect(manifest.stale).toEqual(['/gone', '/kept']);
  });

  it('keeps the remembered delta when nothing changed', async () => {
    await state(['/old']);
    const keep = await open([]);
    await keep.finish();
    expect(JSON.parse(await readFile(path.join(cacheDir, 'search.json'), 'utf8'))).toEqual({ delta: ['/old'] });
  });
});
