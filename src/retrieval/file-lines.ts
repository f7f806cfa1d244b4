/**
 * `RETRIEVAL_FILE` as lines: the first holds the format and the site's assistant settings, each
 * next one a page (`JSON.stringify` writes no raw line break, so a page is one line). Written and
 * read a line at a time, the file never becomes one string: at 50,000 pages it is ~500 MB, past
 * V8's longest string, and one `JSON.parse` of it would hold the server's thread for seconds.
 */
import { RETRIEVAL_FORMAT, type AssistantSiteSettings, type RetrievalPage } from './types.js';

/** The file's first line. */
export function retrievalHeaderLine(assistant: AssistantSiteSettings): string {
  return `${JSON.stringify({ format: RETRIEVAL_FORMAT, assistant })}\n`;
}

/** A page's line. */
export function retrievalPageLine<P extends RetrievalPage>(page: P): string {
  return `${JSON.stringify(page)}\n`;
}

/**
 * Reads the file's text piece by piece (pieces cut anywhere, even inside a character when they
 * are bytes), handing on its assistant settings once, then each page. The file is refused
 * (`ok` false, nothing more handed on) when its first line is not this format's header; a line
 * that is not a page object is skipped.
 */
export class RetrievalLineReader<P extends RetrievalPage = RetrievalPage> {
  private readonly decoder = new TextDecoder();
  private rest = '';
  private state: 'header' | 'pages' | 'refused' = 'header';

  constructor(private readonly handlers: { assistant(settings: AssistantSiteSettings): void; page(page: P): void }) {}

  /** False once the header was read and was not this format's (or the text ended without one). */
  get ok(): boolean {
    return this.state === 'pages';
  }

  /** True once the first line was read and was not this format's header: the rest need not be read. */
  get refused(): boolean {
    return this.state === 'refused';
  }

  push(piece: Uint8Array | string): void {
    if (this.state === 'refused') return;
    const text = this.rest + (typeof piece === 'string' ? piece : this.decoder.decode(piece, { stream: true }));
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1 && !this.refused; end = text.indexOf('\n', start)) {
      this.line(text.slice(start, end));
      start = end + 1;
    }
    this.rest = this.refused ? '' : text.slice(start);
  }

  /** The text has ended; returns `ok`. */
  end(): boolean {
    this.push(this.decoder.decode());
    if (this.rest) this.line(this.rest);
    this.rest = '';
    if (this.state === 'header') this.state = 'refused';
    return this.ok;
  }

  private line(line: string): void {
    if (!line) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      if (this.state === 'header') this.state = 'refused';
      return;
    }
    if (this.state === 'header') {
      const header = value as { format?: unknown; assistant?: unknown } | null;
      if (header?.format !== RETRIEVAL_FORMAT) return void (this.state = 'refused');
      this.state = 'pages';
      this.handlers.assistant(header.assistant && typeof header.assistant === 'object' ? (header.assistant as AssistantSiteSettings) : {});
      return;
    }
    const page = value as P | null;
    if (page && typeof page === 'object' && typeof page.href === 'string' && Array.isArray(page.sections)) this.handlers.page(page);
  }
}

/** Reads a whole stream of the file's bytes through a `RetrievalLineReader`; returns `ok`. */
export async function readRetrievalLines<P extends RetrievalPage>(
  pieces: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  handlers: { assistant(settings: AssistantSiteSettings): void; page(page: P): void },
): Promise<boolean> {
  const reader = new RetrievalLineReader<P>(handlers);
  for await (const piece of pieces) {
    reader.push(piece);
    if (reader.refused) break;
  }
  return reader.end();
}
