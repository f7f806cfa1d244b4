export { exportPdf, type PdfExportOptions, type PdfExportResult } from './export-pdf.js';
export { printPages, folderFiles, builtBasePath, type BuildFiles, type PrintPagesOptions, type PrintPagesResult } from './print-pages.js';
export { planPdf, pdfChoices, type PdfChapter, type PdfChoices, type PdfPlan, type PdfSelection } from './plan.js';
export { findChromium } from './chromium.js';
export { PDF_CODES, PdfError, type PdfCode } from './codes.js';
export { processTreeMemory, type TreeMemory } from './process-memory.js';
