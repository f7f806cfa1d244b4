/** Stable codes `folio export pdf` reports (documented in docs/reference/errors/pdf.md). */
export const PDF_CODES = {
  PDF_NO_CHROMIUM: 'No Chromium to print with: set CHROMIUM_PATH or install chromium.',
  PDF_NO_SITE: 'The folder holds no usable docs.json or mint.json.',
  PDF_UNKNOWN_TAB: 'No tab of the navigation has the name given to --tab.',
  PDF_UNKNOWN_GROUP: 'No group of the navigation has the name given to --group.',
  PDF_UNKNOWN_PAGE: 'No page of the site has the path given to --page.',
  PDF_UNKNOWN_LANGUAGE: 'No language of the navigation has the code given to --language.',
  PDF_NOTHING_SELECTED: 'The selection holds no page to print.',
  PDF_NOT_BUILT: 'A page of the selection is missing from the built output folder given to --built.',
  PDF_PRINT_FAILED: 'Chromium failed or took too long to print the document.',
  PDF_PRINT_TIMEOUT: 'The print took longer than its time limit and was stopped.',
  PDF_EXPORT_RUNNING: 'An export of this project is running already: one at a time per project.',
  PDF_EXPORT_NO_BUILD: 'The project has no published build to print yet.',
  PDF_EXPORT_TOO_LARGE: 'The PDF came out larger than the size kept for exports.',
  PDF_EXPORT_INTERRUPTED: 'The server printing the export stopped before it finished.',
  PDF_EXPORT_EXPIRED: 'The export is past the time exports are kept; its PDF is gone.',
} as const;

export type PdfCode = keyof typeof PDF_CODES;

/** A failure of the export as a whole: its code, and a message that says what to do. */
export class PdfError extends Error {
  constructor(
    readonly code: PdfCode,
    message: string,
  ) {
    super(message);
  }
}
