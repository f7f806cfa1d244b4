import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexOfFile, indexOfStream } from './load.js';
import { readRetrievalLines, retrievalHeaderLine, retrievalPageLine, RetrievalLineReader } from './file-lines.js';
import type { AssistantSiteSettings, RetrievalPage } from './types.js';

const page = (href: string, text: string): RetrievalPage => ({ href, title: href.slice(1), sections: [{ anchor: '', heading: '', text }] });
const fileOf = (assistant: AssistantSiteSettings, pages: RetrievalPage[]) => retrievalHeaderLine(assistant) + pages.map(retrievalPageLine).join('');

async function* piecesOf(bytes: Uint8Array, cuts: number[]): AsyncGenerator<Uint8Array> {
  let start = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    yield bytes.subarray(start, Math.max(start, cut));
    start = Math.max(start, cut);
  }
  yield bytes.subarray(start);
}

describe('the retrieval file as lines', () => {
  it('reads back every page and the settings, however its bytes are cut (inside characters too)', async () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 40 });
    await fc.assert(
      fc.asyncProperty(fc.array(text, { maxLength: 6 }), fc.array(fc.nat(), { maxLength: 8 }), text, async (texts, cuts, name) => {
        const pages = texts.map((t, i) => page(`/p${i}`, `${t}\n${t}`));
        const bytes = new TextEncoder().encode(fileOf({ siteName: name }, pages));
        const read: RetrievalPage[] = [];
        let settings: AssistantSiteSettings | undefined;
        const ok = await readRetrievalLines(piecesOf(bytes, cuts.map((c) => c % (bytes.length + 1))), { assistant: (s) => (settings = s), page: (p) => read.push(p) });
        expect(ok).toBe(true);
        expect(settings).toEqual({ siteName: name });
        expect(read).toEqual(pages);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a file of another format or version, and stops reading it', async () => {
    const seen: string[] = [];
    const handlers = { assistant: () => seen.push('settings'), page: (p: RetrievalPage) => seen.push(p.href) };
    // The first format: one JSON document.
    const old = JSON.stringify({ format: 'folio-retrieval-1', pages: [page('/a', 'x')] });
    expect(await readRetrievalLines([old], handlers)).toBe(false);
    let pulled = 0;
    async function* many() {
      yield '{"format":"other"}\n';
      for (; pulled < 100; pulled++) yield retrievalPageLine(page(`/p${pulled}`, 'x'));
    }
    expect(await readRetrievalLines(many(), handlers)).toBe(false);
    expect(pulled).toBe(0);
    expect(indexOfFile('')).toBeNull();
    expect(indexOfFile('not json\n')).toBeNull();
    expect(seen).toEqual([]);
  });

  it('skips a broken line or one that is not a page, and keeps the rest', () => {
    const reader = new RetrievalLineReader({ assistant: () => {}, page: (p) => hrefs.push(p.href) });
    const hrefs: string[] = [];
    reader.push(`${retrievalHeaderLine({})}{"href":"/cut-short","sect\n[1,2]\n{"title":"no href","sections":[]}\n${retrievalPageLine(page('/kept', 'y'))}`);
    expect(reader.end()).toBe(true);
    expect(hrefs).toEqual(['/kept']);
  });

  it('indexes pages as they arrive, with the settings the header carries', async () => {
    const text = fileOf({ siteName: 'Acme', supportEmail: 'help@acme.test' }, [page('/install', 'Run the installer.'), page('/guide', 'A guide about widgets.')]);
    const index = (await indexOfStream([text.slice(0, 50), text.slice(50)]))!;
    expect(index.size).toBe(2);
    expect(index.assistant).toEqual({ siteName: 'Acme', supportEmail: 'help@acme.test' });
    expect(index.search('installer')[0]).toMatchObject({ path: '/install' });
    expect(indexOfFile(text)!.search('widgets')[0]).toMatchObject({ path: '/guide' });
  });
});
