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
import { SectionIndex } from './section-index.js';
import { RETRIEVAL_FILE, RETRIEVAL_FORMAT, type RetrievalFile } from './types.js';

/** Reads a file of a build by its path relative to the build's root; null when absent. */
export type BuildFileReader = (relativePath: string) => Promise<string | Buffer | null>;

/** Builds whose index is kept in memory (most recently used first out last). */
const KEEP = 16;
const loaded = new Map<string, Promise<SectionIndex | null>>();

/** The file's pages as an index, or null when it is not a `RetrievalFile` of this version. */
export function indexOfFile(text: string): SectionIndex | null {
  let file: RetrievalFile;
  try {
    file = JSON.parse(text) as RetrievalFile;
  } catch {
    return null;
  }
  return file?.format === RETRIEVAL_FORMAT && Array.isArray(file.pages) ? SectionIndex.fromFile(file) : null;
}

/** The index of the build `key` (its identity in the site store), read through `read`; null when the build has none. */
export function loadSectionIndex(key: string, read: BuildFileReader): Promise<SectionIndex | null> {
  let index = loaded.get(key);
  if (index) {
    // Most recently used last: the first key is the one to drop.
    loaded.delete(key);
    loaded.set(key, index);
    return index;
  }
  index = read(RETRIEVAL_FILE).then(
    (body) => (body === null ? null : indexOfFile(body.toString())),
    () => null,
  );
  loaded.set(key, index);
  // A failed read is not kept: the next request tries again.
  void index.then((i) => i === null && loaded.get(key) === index && loaded.delete(key));
  while (loaded.size > KEEP) loaded.delete(loaded.keys().next().value!);
  return index;
}
