/**
 * Checks of a PDF that `folio export pdf` (or the dashboard's export) printed, read back with PDF.js,
 * against the pages its navigation planned (`planPdf`): used by test/pdf/pdf-corpus.test.ts on a
 * group and a page of mintlify-docs, and by `npm run bench:pdf` on its whole site.
 *
 * - every planned page is printed once: one page-start destination (`p0`, `p1`, ...) per page, on
 *   sheets in navigation order, and the sheet each starts on holds the page's title (one page alone
 *   has no destination: it starts on the sheet after the title page);
 * - the table of contents (more than one page) lists every title in navigation order, each with the
 *   number of the sheet its page starts on (counted as the footer counts: the title page is 1);
 * - (when asked) a link in the pages' text is a link inside the PDF (a destination, not a URL) whose
 *   target sheet holds the title of the page it links to.
 *
 * Returns what is wrong in words (empty: all good) and what it found, so a test asserts and a bench prints.
 */
import { readFile } from 'node:fs/promises';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface CheckedPage {
  href: string;
  title: string;
}

export interface PdfCheckResult {
  problems: string[];
  sheets: number;
  /** Sheet (0-based) each planned page starts on, in plan order (-1: not found). */
  starts: number[];
  /** Contents entries read: their text and the page number printed beside it. */
  contents: { text: string; number: number }[];
  /** The internal link checked: from which sheet, to which page of the plan, landing on which sheet. */
  link: { fromSheet: number; page: string; toSheet: number } | null;
}

interface Line {
  y: number;
  items: { str: string; x: number }[];
}

interface Sheet {
  text: string;
  lines: Line[];
  width: number;
  links: { dest?: unknown; url?: string }[];
}

/** Letters only: titles are compared without spaces (PDF.js splits and joins runs of text as it sees fit). */
const squash = (s: string) => s.replace(/\s+/g, '');

async function readSheets(doc: PDFDocumentProxy): Promise<Sheet[]> {
  const sheets: Sheet[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    const lines: Line[] = [];
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const x = item.transform[4] as number;
      const y = item.transform[5] as number;
      let line = lines.find((l) => Math.abs(l.y - y) < 2.5);
      if (!line) lines.push((line = { y, items: [] }));
      line.items.push({ str: item.str, x });
    }
    lines.sort((a, b) => b.y - a.y);
    for (const line of lines) line.items.sort((a, b) => a.x - b.x);
    const links = ((await page.getAnnotations()) as { subtype: string; dest?: unknown; url?: string }[]).filter((a) => a.subtype === 'Link');
    sheets.push({ text: squash(lines.map((l) => l.items.map((i) => i.str).join('')).join('')), lines, width: page.getViewport({ scale: 1 }).width, links });
    page.cleanup();
  }
  return sheets;
}

/** The sheet (0-based) a link's destination (a name or an explicit array) is on, or null. */
async function destinationSheet(doc: PDFDocumentProxy, dest: unknown): Promise<number | null> {
  const explicit = typeof dest === 'string' ? await doc.getDestination(dest) : Array.isArray(dest) ? dest : null;
  if (!explicit?.[0] || typeof explicit[0] !== 'object') return null;
  return doc.getPageIndex(explicit[0] as { num: number; gen: number });
}

export async function checkPdf(file: string, pages: CheckedPage[], options: { internalLink?: boolean } = {}): Promise<PdfCheckResult> {
  const problems: string[] = [];
  const doc = await getDocument({ data: new Uint8Array(await readFile(file)), disableFontFace: true, verbosity: 0 }).promise;
  try {
    const sheets = await readSheets(doc);
    const result: PdfCheckResult = { problems, sheets: doc.numPages, starts: [], contents: [], link: null };

    // Pages: one page-start destination per planned page, none more.
    // (Chromium writes a destination only where a link leads: one page alone, with no contents, has none, and starts after the title page.)
    const names = Object.keys((await doc.getDestinations()) as Record<string, unknown>).filter((n) => /^p\d+$/.test(n));
    const alone = pages.length === 1 && names.length === 0;
    if (names.length !== pages.length && !alone) problems.push(`${names.length} page(s) printed (page-start destinations), the navigation has ${pages.length}`);
    for (let i = 0; i < pages.length; i++) result.starts.push(alone ? (sheets.length > 1 ? 1 : -1) : ((await destinationSheet(doc, `p${i}`)) ?? -1));
    let previous = -1;
    result.starts.forEach((start, i) => {
      const page = pages[i]!;
      if (start < 0) problems.push(`${page.href} ("${page.title}") has no start in the PDF`);
      else if (start <= previous) problems.push(`${page.href} starts on sheet ${start + 1}, not after the page before it (sheet ${previous + 1})`);
      else if (!sheets[start]!.text.includes(squash(page.title))) problems.push(`sheet ${start + 1}, where ${page.href} starts, does not hold its title "${page.title}"`);
      if (start >= 0) previous = start;
    });
    const bodyStart = result.starts[0] ?? -1;

    // Contents: the sheets between the title page and the first page; each entry a line run ending in its number.
    if (pages.length > 1 && bodyStart > 1) {
      let text = '';
      for (const sheet of sheets.slice(1, bodyStart)) {
        for (const line of sheet.lines) {
          const last = line.items.at(-1)!;
          const rest = line.items.slice(0, -1).map((i) => i.str).join('');
          if (/^\d+$/.test(last.str.trim()) && last.x > sheet.width * 0.6) {
            result.contents.push({ text: squash(text + rest), number: Number(last.str.trim()) });
            text = '';
          } else text += line.items.map((i) => i.str).join('');
        }
      }
      if (result.contents.length !== pages.length) problems.push(`the contents have ${result.contents.length} numbered entries, the navigation ${pages.length} pages`);
      pages.forEach((page, i) => {
        const entry = result.contents[i];
        if (!entry) return;
        // An entry's text runs on from the headings above it (Contents, a chapter's name): it ends with the title.
        if (!entry.text.endsWith(squash(page.title))) problems.push(`contents entry ${i + 1} reads "${entry.text.slice(-60)}", not ending with "${page.title}"`);
        const start = result.starts[i]!;
        if (start >= 0 && entry.number !== start + 1) problems.push(`contents entry ${i + 1} ("${page.title}") says page ${entry.number}, its page starts on sheet ${start + 1}`);
      });
    } else if (pages.length > 1) problems.push('no table of contents before the first page');

    // A link between pages in the text: a destination inside the PDF, landing on the linked page's start.
    if (options.internalLink) {
      for (let n = Math.max(bodyStart, 0); n < sheets.length && !result.link; n++) {
        for (const link of sheets[n]!.links) {
          if (link.url || typeof link.dest !== 'string') continue;
          const m = /^p(\d+)$/.exec(link.dest);
          const page = m ? pages[Number(m[1])] : undefined;
          if (!page) continue;
          const to = await destinationSheet(doc, link.dest);
          if (to === null) continue;
          result.link = { fromSheet: n, page: page.href, toSheet: to };
          if (!sheets[to]!.text.includes(squash(page.title))) problems.push(`the link on sheet ${n + 1} to ${page.href} lands on sheet ${to + 1}, which does not hold "${page.title}"`);
          break;
        }
      }
      if (!result.link) problems.push('no link in the pages leads to another page inside the PDF');
    }
    return result;
  } finally {
    await doc.destroy();
  }
}
