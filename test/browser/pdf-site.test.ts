/**
 * `folio export pdf` of a WHOLE large site: mintlify-docs (241 pages in its default language), built
 * into the export's cache folder (a second run compiles nothing) and printed as one document; read
 * back with test/pdf/pdf-checks.ts (as `npm run bench:pdf` does): every planned page once under its
 * title, the contents numbered with the sheets the pages start on, a link between pages inside the PDF. Skipped without the corpus. Slow: about 8 minutes to build
 * and 8 to print on a loaded 2-core machine.
 *
 * Also: a Chromium killed while it prints makes the export fail with the cause named (the signal),
 * not only "the page was closed"; a Mermaid diagram prints drawn, not as its source.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusDir, haveCorpora } from '../../compat/corpora.js';
import { exportPdf, planPdf, PdfError } from '../../src/pdf/index.js';
import { loadSite } from '../../src/site/index.js';
import { checkPdf } from '../pdf/pdf-checks.js';
import { hasChromium } from './chromium.js';

const haveMintlify = haveCorpora('mintlify-docs');
// The whole-site print takes 5-15 minutes of two cores (a cold build of mintlify-docs, then 1,361
// sheets): past the e2e tier's budget in CI, so it runs when asked (FOLIO_PDF_WHOLE_SITE=1), like
// `npm run bench:pdf`, which prints the same export's time, size and memory.
const wholeSite = process.env.FOLIO_PDF_WHOLE_SITE === '1';
if (!haveMintlify) console.log('pdf-site: the whole-site print is skipped: the mintlify-docs corpus is not here');
else if (!wholeSite) console.log('pdf-site: the whole-site print is skipped: set FOLIO_PDF_WHOLE_SITE=1 to run it (5-15 minutes)');


describe.skipIf(!hasChromium)('folio export pdf of a whole site', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-pdf-site-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.skipIf(!haveMintlify || !wholeSite)('prints all of mintlify-docs: every page, the contents linked to each page, links between pages kept', async () => {
    const root = corpusDir('mintlify-docs');
    const loaded = await loadSite(root);
    const plan = planPdf(loaded.site!.model);
    expect(plan.pages.length).toBeGreaterThan(200);
    const output = path.join(dir, 'mintlify.pdf');
    // A loaded machine took 10.5 minutes to assemble and print: past the default 10-minute limit's comfort.
    const result = await exportPdf({ root, output, timeoutMs: 40 * 60_000, log: (line) => console.log(`  ${line}`) });
    expect(result.missing).toEqual([]);
    expect(result.pages).toBe(plan.pages.length);

    // The same checks `npm run bench:pdf` runs (test/pdf/pdf-checks.ts).
    const checked = await checkPdf(output, plan.pages, { internalLink: true });
    expect(checked.problems).toEqual([]);
    expect(checked.sheets).toBeGreaterThan(plan.pages.length);
    console.log(`mintlify-docs: ${result.pages} pages, ${checked.sheets} sheets, ${(result.bytes / 2 ** 20).toFixed(1)} MB, build ${(result.buildMs / 1000).toFixed(0)} s, print ${(result.printMs / 1000).toFixed(0)} s (loaded machine)`);
  }, 3_600_000);

  it("draws Mermaid diagrams with Folio's own Mermaid instead of printing their source", async () => {
    const root = path.join(dir, 'diagram');
    await mkdir(root, { recursive: true });
    await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Diagram', theme: 'mint', colors: { primary: '#225588' }, navigation: { pages: ['index'] } }));
    await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Flow\n---\nThe flow:\n\n```mermaid\ngraph TD\n  A[Start here] --> B[Finish there]\n```\n');
    const output = path.join(dir, 'diagram.pdf');
    await exportPdf({ root, output, buildDir: path.join(dir, 'diagram-build') });
    const doc = await getDocument({ data: new Uint8Array(await readFile(output)), disableFontFace: true }).promise;
    const text = (await (await doc.getPage(doc.numPages)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
    expect(text).toContain('Start here');
    expect(text).toContain('Finish there');
    expect(text).not.toContain('-->');
    expect(text).not.toContain('graph TD');
    await doc.destroy();
  }, 180_000);

  it('names the cause when Chromium is killed while it works', async () => {
    const root = path.join(dir, 'small');
    await mkdir(root, { recursive: true });
    await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Small', theme: 'mint', colors: { primary: '#225588' }, navigation: { pages: ['index', 'two'] } }));
    await writeFile(path.join(root, 'index.mdx'), '---\ntitle: One\n---\nFirst page. See [two](/two).\n');
    await writeFile(path.join(root, 'two.mdx'), '---\ntitle: Two\n---\nSecond page.\n');
    const killChromium = () => {
      // Chromium's browser process is a child of this one (its renderers are its children).
      for (const entry of readdirSync('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        try {
          const status = readFileSync(`/proc/${entry}/status`, 'utf8');
          if (Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) === process.pid && /^Name:\s+chrom/m.test(status)) process.kill(Number(entry), 'SIGKILL');
        } catch {
          // Gone meanwhile.
        }
      }
    };
    const failed = await exportPdf({ root, output: path.join(dir, 'small.pdf'), buildDir: path.join(dir, 'small-build'), log: (line) => line.startsWith('Assembling') && killChromium() }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(PdfError);
    expect((failed as PdfError).code).toBe('PDF_PRINT_FAILED');
    expect((failed as PdfError).message).toMatch(/ended by SIGKILL/);
  }, 180_000);
});
