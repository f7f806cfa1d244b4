/**
 * A hook for routes of a layer above `dev` (the docs assistant and the discovery API, which sit
 * beside `server`): the dev server hands such a route the request as a fetch `Request`, with the
 * loaded site's live retrieval index and page Markdown, and sends its `Response` back, streamed as
 * it comes. `cli` wires the assistant in (`dev` may not import it; see DEVELOPERS.md's layers).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SectionIndex } from '../retrieval/index.js';
import type { Diagnostic } from '../shared/index.js';

export interface DevSiteRequest {
  /** The request's path under the site (the base path taken off). */
  sitePath: string;
  /** The base path the site is served under ('' at the root). */
  basePath: string;
  /** The loaded site's sections, current with its files; null while the site does not load. */
  retrieval(): Promise<SectionIndex | null>;
  /** A page's Markdown document, as `<page>.md` answers it; null when there is no such page. */
  pageMarkdown(href: string): Promise<string | null>;
  /**
   * The route wrote these files (docs-folder relative): the site is patched or loaded again and open
   * pages reload now, before the route answers (the watcher's later report of them is not a second change).
   */
  filesChanged(files: string[]): Promise<void>;
  /** The problems of a page file as the dev server renders it now (the site's and its body's), or the site's errors when it does not load. */
  pageProblems(file: string): Promise<Diagnostic[]>;
}

/** Whether a site path is the web editor's (`/__folio/editor` and under it), handed to the hook when one is wired. */
export const isEditorPath = (sitePath: string) => sitePath === '/__folio/editor' || sitePath.startsWith('/__folio/editor/');

/** A response, or null to let the dev server answer the request as it would without the hook. */
export type DevSiteRoute = (at: DevSiteRequest, request: Request) => Promise<Response | null>;

/** Largest request body handed to a route by default (the assistant takes 64 KB). */
const MAX_BODY_BYTES = 1024 * 1024;

/** `req` as a fetch `Request` (its body read whole, up to `maxBytes`), or null when the body is larger. */
export async function requestOf(req: IncomingMessage, origin: string, maxBytes = MAX_BODY_BYTES): Promise<Request | null> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) return null;
      chunks.push(chunk as Buffer);
    }
    body = new Uint8Array(Buffer.concat(chunks));
  }
  return new Request(new URL(req.url ?? '/', origin), { method: req.method, headers, body });
}

/** Send `response` on `res`, its body streamed; a reader who leaves cancels it (an answer stops asking the model). */
export async function sendResponse(response: Response, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const headers: Record<string, string> = { 'x-content-type-options': 'nosniff' };
  response.headers.forEach((value, name) => (headers[name] = value));
  res.writeHead(response.status, headers);
  if (!response.body || req.method === 'HEAD') return void res.end();
  const reader = response.body.getReader();
  const gone = () => void reader.cancel().catch(() => undefined);
  res.on('close', gone);
  try {
    for (let part = await reader.read(); !part.done; part = await reader.read()) res.write(part.value);
  } finally {
    res.off('close', gone);
    res.end();
  }
}
