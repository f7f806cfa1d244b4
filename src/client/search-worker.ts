/**
 * Searching off the page's thread. The search island (`assets/search.<hash>.js`) is also the
 * script of a module worker it starts from its own URL: in there, Pagefind loads its index, runs
 * each query, fetches the hits' fragments and turns them into the dialog's entries (`findHits`),
 * and the page receives only those few entries to draw. Without it the page received every hit
 * of a query (all 1,000 pages of a site for one letter) and each hit's whole text, then weighed
 * them itself: on a phone's CPU most of a first search went there. The worker also warms
 * Pagefind up with one search once its index is in, so the reader's first keystroke does not pay
 * for the first run of its WebAssembly. Where a worker cannot start (an old browser, a host that
 * forbids it), the dialog searches on the page as before.
 */
import { loadEngine, searchPages, type SearchEngine, type VersionScope } from './search-engine.js';
import { isRelevant, pageHit, shownLabels, type PageHit } from './search-results.js';

/** What a query found: the entries to list, or null when the search failed. */
export type Found = PageHit[] | null;

/** The first `limit` hits of `query` that are relevant to it, as the dialog lists them. */
export async function findHits(engine: SearchEngine, query: string, limit: number, scope: VersionScope, current: () => boolean = () => true): Promise<Found> {
  const data = await searchPages(engine, query, limit, scope, current);
  // Only relevant hits are listed: a query found only through a prefix Pagefind put in place of its words found nothing.
  const relevant = data.filter((d) => isRelevant(d, query));
  const labels = shownLabels(relevant);
  return relevant.map((d) => pageHit(d, { labels }));
}

export interface LoadMessage {
  kind: 'load';
  base: string;
  /** The page's `<html lang>`: Pagefind searches the index of that language (it reads it from `document`, which a worker has not). */
  lang: string;
  /** A term searched once the index is in, so that Pagefind's code has run before the reader's first query. */
  warm: string;
}
export interface SearchMessage {
  kind: 'search';
  ticket: number;
  query: string;
  limit: number;
  scope: VersionScope;
}
export type WorkerReply = { kind: 'ready' } | { kind: 'failed'; error: string } | { kind: 'found'; ticket: number; found: Found; error?: string };

/** Inside the worker: answer the page's messages. */
export function serveSearch(scope: { postMessage(message: WorkerReply): void; addEventListener(type: 'message', listener: (event: MessageEvent) => void): void }): void {
  let engine: Promise<SearchEngine> | null = null;
  let latest = 0;
  scope.addEventListener('message', (event: MessageEvent) => {
    const message = event.data as LoadMessage | SearchMessage;
    if (message.kind === 'load') {
      engine ??= startEngine(message);
      engine.then(
        () => scope.postMessage({ kind: 'ready' }),
        (error: unknown) => scope.postMessage({ kind: 'failed', error: String(error) }),
      );
      return;
    }
    latest = message.ticket;
    const { ticket, query, limit } = message;
    // A query typed over by a newer one is dropped at its next step (no fragments fetched for it).
    const current = () => ticket === latest;
    void (engine ?? Promise.reject(new Error('index not loaded')))
      .then((e) => (current() ? findHits(e, query, limit, message.scope, current) : null))
      .then(
        (found) => current() && scope.postMessage({ kind: 'found', ticket, found }),
        (error: unknown) => scope.postMessage({ kind: 'found', ticket, found: null, error: String(error) }),
      );
  });
}

async function startEngine({ base, lang, warm }: LoadMessage): Promise<SearchEngine> {
  // Pagefind picks its language index from `document.querySelector('html').lang`; a worker has no document.
  const global = globalThis as { document?: unknown };
  global.document ??= { currentScript: null, querySelector: (selector: string) => (selector === 'html' ? { getAttribute: (name: string) => (name === 'lang' ? lang : null) } : null) };
  const engine = await loadEngine(base, lang);
  if (warm) await engine.pagefind.search(warm).catch(() => null);
  return engine;
}

/** On the page: a search that runs in the worker, or null when no worker could start. */
export interface RemoteSearch {
  /** Resolves once the index is in (true), or false when the worker failed: the page then searches itself. */
  ready: Promise<boolean>;
  find(query: string, limit: number, scope: VersionScope): Promise<Found>;
}

export function startWorker(url: string, load: Omit<LoadMessage, 'kind'>): RemoteSearch | null {
  let worker: Worker;
  try {
    worker = new Worker(url, { type: 'module', name: 'folio-search' });
  } catch {
    return null;
  }
  let ticket = 0;
  const waiting = new Map<number, (found: Found) => void>();
  let settle: (ok: boolean) => void = () => {};
  const ready = new Promise<boolean>((resolve) => (settle = resolve));
  const fail = (error: unknown) => {
    console.warn('Folio search: the search worker failed, searching on the page', error);
    settle(false);
    worker.terminate();
    for (const resolve of waiting.values()) resolve(null);
    waiting.clear();
  };
  worker.addEventListener('error', (event) => fail(event.message || 'worker error'));
  worker.addEventListener('message', (event: MessageEvent<WorkerReply>) => {
    const reply = event.data;
    if (reply.kind === 'ready') settle(true);
    else if (reply.kind === 'failed') fail(reply.error);
    else {
      if (reply.error) console.warn('Folio search: the search failed', reply.error);
      // Earlier tickets were typed over: their answers never come (the worker drops them).
      for (const [t, resolve] of waiting) if (t <= reply.ticket) (waiting.delete(t), resolve(t === reply.ticket ? reply.found : null));
    }
  });
  worker.postMessage({ kind: 'load', ...load } satisfies LoadMessage);
  return {
    ready,
    find(query, limit, scope) {
      const t = ++ticket;
      return new Promise<Found>((resolve) => {
        waiting.set(t, resolve);
        worker.postMessage({ kind: 'search', ticket: t, query, limit, scope } satisfies SearchMessage);
      });
    },
  };
}
