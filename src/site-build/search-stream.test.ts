/** The streamed search index: one Pagefind index per language and shard, each written once its language is complete. */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settledEntry, StreamingSearchIndex } from './search-index.js';

type Entry = { languages: Record<string, { hash: string; page_count: number }> };

const page = (lang: string, word: string, indexed = true) =>
  `<!DOCTYPE html><html lang="${lang}"><head><title>${word} - Site</title></head><body><nav>sidebar words</nav><article class="content"${indexed ? ' data-pagefind-body=""' : ''}><h1>${word}</h1><p>The page about ${word} in ${lang}.</p></article></body></html>`;

describe('streamed search index', () => {
  let outDir: string;
  beforeEach(async () => {
    outDir = await mkdtemp(path.join(os.tmpdir(), 'folio-search-stream-'));
  });
  afterEach(() => rm(outDir, { recursive: true, force: true }));

  const entry = async (dir: string) => JSON.parse(await readFile(path.join(outDir, dir, 'pagefind-entry.json'), 'utf8')) as Entry;
  const counts = (e: Entry) => Object.fromEntries(Object.entries(e.languages).map(([lang, l]) => [lang, l.page_count]));

  it('writes each language as soon as its last page is in, and merges the languages of each shard at the end', async () => {
    // An extra shard left by an earlier build with more shards goes.
    await mkdir(path.join(outDir, 'pagefind-2'), { recursive: true });
    const stream = await StreamingSearchIndex.start(2, outDir, new Map([['en', 4], ['fr', 2], ['de', 1]]));
    expect(typeof stream).not.toBe('string');
    const index = stream as StreamingSearchIndex;
    for (const word of ['alpha', 'bravo', 'charlie']) index.add(`/en/${word}`, page('en', word));
    // A page without an indexed article still counts towards its language.
    index.add('/en/hidden', page('en', 'hidden', false));
    await index.flushed();
    // English is complete: written in both shards before any other language arrives.
    expect(counts(await entry('pagefind'))).toEqual({ en: 2 });
    expect(counts(await entry('pagefind-1'))).toEqual({ en: 1 });
    index.add('/fr/delta', page('fr', 'delta'));
    index.add('/de/echo', page('de', 'echo'));
    index.add('/fr/foxtrot', page('fr', 'foxtrot'));
    const outcome = await index.finish(outDir);
    expect(outcome).toEqual({ errors: [], pages: 6, mode: 'streamed' });
    expect(counts(await entry('pagefind'))).toEqual({ en: 2, fr: 1, de: 1 });
    expect(counts(await entry('pagefind-1'))).toEqual({ en: 1, fr: 1 });
    for (const dir of ['pagefind', 'pagefind-1']) {
      for (const { hash } of Object.values((await entry(dir)).languages)) expect(existsSync(path.join(outDir, dir, `pagefind.${hash}.pf_meta`))).toBe(true);
    }
    expect((await readdir(path.join(outDir, 'pagefind', 'fragment'))).length).toBe(4);
    expect(existsSync(path.join(outDir, 'pagefind-2'))).toBe(false);
    expect(JSON.parse(await readFile(path.join(outDir, 'pagefind', 'folio-search.json'), 'utf8'))).toEqual({ shards: ['pagefind-1/'] });
  }, 60_000);

  it('indexes the written site again when a page comes in after its language was written', async () => {
    const stream = (await StreamingSearchIndex.start(2, outDir, new Map([['en', 1]]))) as StreamingSearchIndex;
    for (const word of ['alpha', 'bravo']) {
      await mkdir(path.join(outDir, 'en', word), { recursive: true });
      await writeFile(path.join(outDir, 'en', word, 'index.html'), page('en', word));
      stream.add(`/en/${word}`, page('en', word));
    }
    const outcome = await stream.finish(outDir);
    expect(outcome).toEqual({ errors: [], pages: 2, mode: 'streamed' });
    expect(counts(await entry('pagefind'))).toEqual({ en: 2 });
    expect(existsSync(path.join(outDir, 'pagefind-1'))).toBe(false);
  }, 60_000);

  it('reads the entry file once Pagefind has finished writing it, not while it is still empty', async () => {
    const file = path.join(outDir, 'pagefind-entry.json');
    // As Pagefind leaves it when it answers: created and truncated, its bytes still on the way.
    await writeFile(file, '');
    const late = new Promise<void>((resolve) => setTimeout(() => void writeFile(file, '{"version":"1","languages":{"en":{"page_count":3}}}').then(() => resolve()), 60));
    expect(await settledEntry(outDir)).toEqual({ version: '1', languages: { en: { page_count: 3 } } });
    await late;
    await writeFile(file, '{"languages":');
    await expect(settledEntry(outDir, 50)).rejects.toThrow(/did not finish writing .*pagefind-entry\.json/);
  });
});
