import { afterEach, describe, expect, it } from 'vitest';
import { retrievalHeaderLine, retrievalPageLine } from './file-lines.js';
import { loadSectionIndex, RetrievalTooLargeError } from './load.js';

const file = (word: string) => new TextEncoder().encode(retrievalHeaderLine({ siteName: word }) + retrievalPageLine({ href: `/${word}`, title: word, sections: [{ anchor: '', heading: '', text: `${word} `.repeat(300) }] }));

describe('the indexes a server keeps', () => {
  const opened: string[] = [];
  const opener = (key: string) => async () => {
    opened.push(key);
    return [file(key)];
  };
  afterEach(() => {
    delete process.env.FOLIO_RETRIEVAL_CACHE_MB;
    opened.length = 0;
  });

  it('reads a build once while it is kept', async () => {
    const key = `kept-${Math.random()}`;
    expect((await loadSectionIndex(key, opener(key)))!.search(key.split('-')[0]!).length).toBe(1);
    await loadSectionIndex(key, opener(key));
    expect(opened).toEqual([key]);
  });

  it('lets the least recently used go past the size budget, never the one being asked', async () => {
    // ~6 KB a file; a 10 KB budget keeps one.
    process.env.FOLIO_RETRIEVAL_CACHE_MB = String(10 / 1024);
    const [a, b] = [`a${Math.random()}`, `b${Math.random()}`];
    await loadSectionIndex(a, opener(a));
    await loadSectionIndex(b, opener(b));
    await loadSectionIndex(b, opener(b));
    await loadSectionIndex(a, opener(a));
    expect(opened).toEqual([a, b, a]);
  });

  it('refuses a build whose file alone is past the budget, stops reading it there, and answers so again without reading it', async () => {
    // ~6 KB a file, sent in 100-byte pieces; a 1 KB budget.
    process.env.FOLIO_RETRIEVAL_CACHE_MB = String(1 / 1024);
    const key = `large-${Math.random()}`;
    let pieces = 0;
    let reads = 0;
    const large = async () => {
      reads++;
      const bytes = file(key);
      return (function* () {
        for (let at = 0; at < bytes.length; at += 100) yield (pieces++, bytes.subarray(at, at + 100));
      })();
    };
    await expect(loadSectionIndex(key, large)).rejects.toBeInstanceOf(RetrievalTooLargeError);
    expect(pieces).toBe(11);
    await expect(loadSectionIndex(key, large)).rejects.toThrow(/retrieval budget \(0 MB/);
    expect(reads).toBe(1);
    // A build within the budget is still read and kept beside the refusal.
    process.env.FOLIO_RETRIEVAL_CACHE_MB = String(10 / 1024);
    const small = `s${Math.random()}`;
    expect(await loadSectionIndex(small, opener(small))).not.toBeNull();
  });

  it('does not keep a build without a file, and reads it again next time', async () => {
    const key = `none-${Math.random()}`;
    let calls = 0;
    const none = async () => (calls++, null);
    expect(await loadSectionIndex(key, none)).toBeNull();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await loadSectionIndex(key, none)).toBeNull();
    expect(calls).toBe(2);
  });
});
