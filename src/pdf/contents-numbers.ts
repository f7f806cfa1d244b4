/**
 * Page numbers in the printed table of contents. Chromium cannot number a contents list (no CSS
 * `target-counter`), so after the print the PDF is read back: each page's section start is a named
 * destination (`p0`, `p1`, ... the sections' ids), and each contents entry is a link annotation to
 * it. The sheet number of the destination (as the footer counts: the title page is 1) is written at
 * the right end of the entry's line, in the room the print stylesheet keeps there.
 */
import { readFile, writeFile } from 'node:fs/promises';

/** What was numbered: entries written, and the sheet (0-based) each page's section starts on, by section id. */
export interface ContentsNumbers {
  entries: number;
  starts: Map<string, number>;
}

const PAGE_ID = /^p\d+$/;
/** The contents' font size in the print stylesheet (`.folio-pdf-toc li`), in points. */
const FONT_SIZE = 10.5;

export async function numberContents(file: string): Promise<ContentsNumbers> {
  // pdf-lib is loaded here, by the one export that reads a PDF back: imported with the layer it cost
  // every process that imports the dashboard (folio serve, each test file) about 0.4 s of CPU.
  const { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, rgb, StandardFonts } = await import('pdf-lib');
  const pdf = await PDFDocument.load(await readFile(file), { updateMetadata: false });
  const sheets = pdf.getPages();
  const sheetOfRef = new Map(sheets.map((s, i) => [s.ref.toString(), i]));
  const starts = new Map<string, number>();
  const dests = pdf.catalog.lookupMaybe(PDFName.of('Dests'), PDFDict);
  for (const [name, value] of dests?.entries() ?? []) {
    const id = name.decodeText();
    if (!PAGE_ID.test(id)) continue;
    const target = pdf.context.lookup(value);
    const first = target instanceof PDFArray ? target.get(0) : null;
    const sheet = first instanceof PDFRef ? sheetOfRef.get(first.toString()) : undefined;
    if (sheet !== undefined) starts.set(id, sheet);
  }
  const bodyStart = starts.get('p0');
  if (bodyStart === undefined || starts.size < 2) return { entries: 0, starts };

  const font = await pdf.embedFont(StandardFonts.Helvetica);
  let entries = 0;
  // The contents are the sheets between the title page and the first page's section.
  for (let n = 1; n < bodyStart; n++) {
    const sheet = sheets[n]!;
    const annots = sheet.node.Annots();
    // One entry may wrap over lines (one link rectangle each): its number goes on its last line.
    const last = new Map<string, { right: number; bottom: number }>();
    for (let k = 0; k < (annots?.size() ?? 0); k++) {
      const annot = pdf.context.lookup(annots!.get(k));
      if (!(annot instanceof PDFDict) || annot.get(PDFName.of('Subtype')) !== PDFName.of('Link')) continue;
      const dest = annot.get(PDFName.of('Dest'));
      const id = dest instanceof PDFName ? dest.decodeText() : null;
      const rect = annot.lookupMaybe(PDFName.of('Rect'), PDFArray)?.asRectangle();
      if (!id || !PAGE_ID.test(id) || !rect || !starts.has(id)) continue;
      const seen = last.get(id);
      if (!seen || rect.y < seen.bottom) last.set(id, { right: rect.x + rect.width, bottom: rect.y });
    }
    for (const [id, at] of last) {
      const label = String(starts.get(id)! + 1);
      const width = font.widthOfTextAtSize(label, FONT_SIZE);
      // The link box is the line box; the text's baseline sits about a quarter of the size above its bottom.
      sheet.drawText(label, { x: at.right - width, y: at.bottom + FONT_SIZE * 0.32, size: FONT_SIZE, font, color: rgb(0.2, 0.2, 0.2) });
      entries++;
    }
  }
  await writeFile(file, await pdf.save({ updateFieldAppearances: false }));
  return { entries, starts };
}
