/**
 * The one HTML document Chromium prints: a title page, a table of contents linking every page, and
 * an empty place the pages are assembled into (`assemble.ts`), under a print stylesheet that gives
 * each page a sheet of its own, wraps code instead of cutting it at the right edge, and hides what
 * only works on screen. The contents' entries are links the width of the line, with room at their
 * right end for the page number `contents-numbers.ts` writes there after the print.
 */
import { escapeHtml } from '../shared/index.js';
import type { PdfPlan } from './plan.js';

export interface PrintHead {
  name: string;
  description?: string | undefined;
  /** `lang` of the document (the selection's language). */
  language?: string | undefined;
  /** Printed on the title page (`6 December 2026`). */
  date: string;
}

/** The id of the n-th page's section (`p0`, `p1`, ...): short, so prefixed heading ids stay readable. */
export const pageId = (n: number) => `p${n}`;

const PRINT_CSS = `
@page{size:A4;margin:16mm 15mm 18mm}
html,body{background:#fff!important;margin:0;padding:0}
body{-webkit-print-color-adjust:exact;print-color-adjust:exact}
.folio-pdf-title{break-after:page;min-height:230mm;display:flex;flex-direction:column;justify-content:center;padding:0 8mm}
.folio-pdf-title h1{font-size:34pt;line-height:1.15;margin:0 0 6mm}
.folio-pdf-title .folio-pdf-scope{font-size:17pt;margin:0 0 6mm;color:#444}
.folio-pdf-title .folio-pdf-description{font-size:13pt;color:#444;margin:0 0 10mm}
.folio-pdf-title .folio-pdf-date{font-size:10pt;color:#666}
.folio-pdf-toc{break-after:page}
.folio-pdf-toc h2{font-size:20pt;margin:0 0 6mm}
.folio-pdf-toc h3{font-size:12pt;margin:5mm 0 2mm;break-after:avoid}
.folio-pdf-toc ol{list-style:none;margin:0;padding:0 0 0 4mm}
.folio-pdf-toc li{margin:1mm 0;font-size:10.5pt}
.folio-pdf-toc a{display:block;padding-right:14mm;color:inherit;text-decoration:none}
.folio-pdf-page{break-before:page}
.folio-pdf-page article,.folio-pdf-page main{max-width:none!important;width:auto!important;margin:0!important;padding:0!important}
pre,pre code,.folio-code pre{white-space:pre-wrap!important;overflow-wrap:anywhere!important;word-break:break-word;overflow:visible!important;max-height:none!important}
.folio-code,.folio-code *{overflow:visible!important;max-height:none!important}
table{break-inside:auto}tr,img,figure{break-inside:avoid}
h1,h2,h3,h4{break-after:avoid}
.prose{overflow:visible!important}
.table-wrap,.folio-table,[class*=scroll]{overflow:visible!important}
.folio-copy,.page-copy,.heading-anchor,.folio-untrusted-code[hidden]{display:none!important}
`;

/** The document before assembly: title page, table of contents (unless one page), and the place for the pages. */
export function printDocument(head: PrintHead, plan: PdfPlan): string {
  let n = 0;
  const toc = plan.chapters
    .map((chapter) => {
      const items = chapter.pages.map((page) => `<li><a href="#${pageId(n++)}">${escapeHtml(page.title)}</a></li>`).join('');
      return `<h3>${escapeHtml(chapter.label)}</h3><ol>${items}</ol>`;
    })
    .join('\n');
  const title = [
    `<h1>${escapeHtml(head.name)}</h1>`,
    plan.scope ? `<p class="folio-pdf-scope">${escapeHtml(plan.scope)}</p>` : '',
    head.description ? `<p class="folio-pdf-description">${escapeHtml(head.description)}</p>` : '',
    `<p class="folio-pdf-date">${escapeHtml(head.date)}</p>`,
  ].join('');
  const heading = [head.name, plan.scope].filter(Boolean).join(' – ');
  return `<!doctype html>
<html lang="${escapeHtml(head.language ?? 'en')}">
<head><meta charset="utf-8"><title>${escapeHtml(heading)}</title></head>
<body>
<section class="folio-pdf-title">${title}</section>
${plan.pages.length > 1 ? `<nav class="folio-pdf-toc" aria-label="Contents"><h2>Contents</h2>\n${toc}</nav>` : ''}
<div id="folio-pdf-pages"></div>
<style>${PRINT_CSS}</style>
</body>
</html>`;
}
