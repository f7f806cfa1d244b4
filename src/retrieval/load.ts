/**
 * The `SectionIndex` of a published build, read once per build (builds never change once
 * published) from its `RETRIEVAL_FILE`, and kept for the few builds last asked for. The build
 * writes sections, not MiniSearch's own index: the sections are needed anyway (excerpts,
 * `get_page`), a page's sections are kept from one build to the next while a serialised index is
 * one piece made again on every edit, and the build does no indexing. Measured on
 * mintlify-docs' English pages (2,219 sections, 1.6 MB): indexing them takes 370–560 ms, loading
 * MiniSearch's JSON of them (1.0 MB) 70–240 ms; that difference is paid once per language per
 * server process, on its first question.
 */
import { readRetrievalLines, RetrievalLineReader } from './file-lines.js';
import { SectionIndex } from './section-index.js';
import { RETRIEVAL_FILE } from '../shared/index.js';

/** Opens a file of a build by its path relative to the build's root, as pieces of its bytes; null when absent. */
export type BuildFileReader = (relativePath: string) => Promise<AsyncIterable<Uint8Array> | Iterable<Uint8Array> | null>;

/**
 * Indexes kept in memory, most recently used last: at most `KEEP` builds, and past `keptBytes()`
 * of their files' text (an index takes several times its text) the least recently used go first,
 * though the newest is always kept (it is being asked).
 */
const KEEP = 16;
const loaded = new Map<string, { index: Promise<SectionIndex | null>; bytes: number }>();

/**
 * A build whose retrieval file is larger than the whole budget (`keptBytes`): it is not indexed, as
 * its index alone would take several times the memory the server was given for all of them (50,000
 * generated pages: a 437 MB file, 3.4 GB to index). Raising `FOLIO_RETRIEVAL_CACHE_MB` lets it in.
 */
export class RetrievalTooLargeError extends Error {
  constructor(
    /** The budget, in bytes of file text, that the file went past. */
    readonly limitBytes: number,
  ) {
    super(`The retrieval file is larger than the server's retrieval budget (${Math.round(limitBytes / 1048576)} MB of text, FOLIO_RETRIEVAL_CACHE_MB).`);
    this.name = 'RetrievalTooLargeError';
  }
}

/** `FOLIO_RETRIEVAL_CACHE_MB` (default 256) megabytes of retrieval files' text. */
function keptBytes(): number {
  const mb = Number(process.env.FOLIO_RETRIEVAL_CACHE_MB);
  return (Number.isFinite(mb) && mb > 0 ? mb : 256) * 1024 * 1024;
}

/** The index of a whole file's text (small files: tests, tools), or null when it is not a retrieval file of this version. */
export function indexOfFile(text: string): SectionIndex | null {
  const index = new SectionIndex();
  const reader = new RetrievalLineReader({ assistant: (settings) => index.setAssistant(settings), page: (page) => index.put(page) });
  reader.push(text);
  return reader.end() ? index : null;
}

/** The index of a file read piece by piece, each page indexed as its line arrives; null when it is not of this version. */
export async function indexOfStream(pieces: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>): Promise<SectionIndex | null> {
  const index = new SectionIndex();
  const ok = await readRetrievalLines(pieces, { assistant: (settings) => index.setAssistant(settings), page: (page) => index.put(page) });
  return ok ? index : null;
}

/**
 * The index of the build `key` (its identity in the site store), read through `open`; null when the
 * build has none. Rejects with `RetrievalTooLargeError` once the file passes the budget (the rest is
 * not read), and keeps that answer for the build like an index, so the file is not read again.
 */
export function loadSectionIndex(key: string, open: BuildFileReader): Promise<SectionIndex | null> {
  const kept = loaded.get(key);
  if (kept) {
    // Most recently used last: the first key is the one to drop.
    loaded.delete(key);
    loaded.set(key, kept);
    return kept.index;
  }
  const entry = { index: Promise.resolve<SectionIndex | null>(null), bytes: 0 };
  const limit = keptBytes();
  const counted = async function* (pieces: AsyncIterable<Uint8Array> | Iterable<Uint8Array>) {
    for await (const piece of pieces) {
      entry.bytes += piece.length;
      if (entry.bytes > limit) throw new RetrievalTooLargeError(limit);
      yield piece;
    }
  };
  entry.index = open(RETRIEVAL_FILE)
    .then((pieces) => (pieces === null ? null : indexOfStream(counted(pieces))))
    .catch((error: unknown) => {
      if (error instanceof RetrievalTooLargeError) {
        // Kept as the build's answer, holding none of its text.
        entry.bytes = 0;
        throw error;
      }
      return null;
    });
  loaded.set(key, entry);
  // A failed read is not kept: the next request tries again.
  entry.index.then(
    (index) => {
      if (index === null && loaded.get(key) === entry) loaded.delete(key);
      else trim();
    },
    () => trim(),
  );
  trim();
  return entry.index;
}

function trim(): void {
  let bytes = 0;
  for (const entry of loaded.values()) bytes += entry.bytes;
  for (const [key, entry] of loaded) {
    if (loaded.size <= 1 || (loaded.size <= KEEP && bytes <= keptBytes())) break;
    loaded.delete(key);
    bytes -= entry.bytes;
  }
}
