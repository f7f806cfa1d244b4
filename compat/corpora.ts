/**
 * The real docs repositories (../shared/corpora), their oracle navigation (../shared/oracle-nav),
 * the platform's reference screenshots (../shared/reference), and the ratchet: the corpora known to
 * pass each check (compat/passing.json). The tests cover exactly the listed corpora that are
 * present; `npm run compat` measures all of them and names the ones that could be added. The lists
 * only grow.
 *
 * Every test, script and benchmark finds these folders here and nowhere else: a fresh clone
 * without ../shared beside it skips what needs them (`haveCorpora`), and `FOLIO_CORPORA`,
 * `FOLIO_ORACLE_NAV` and `FOLIO_REFERENCE` point elsewhere (`FOLIO_CORPORA=/nonexistent` skips
 * every corpus test on a machine that has them).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const CORPORA_DIR = path.resolve(process.env.FOLIO_CORPORA || path.resolve(import.meta.dirname, '../../shared/corpora'));
export const ORACLE_DIR = path.resolve(process.env.FOLIO_ORACLE_NAV || path.resolve(import.meta.dirname, '../../shared/oracle-nav'));
export const REFERENCE_DIR = path.resolve(process.env.FOLIO_REFERENCE || path.resolve(import.meta.dirname, '../../shared/reference'));

/** The folder of one corpus (it may not exist: see `haveCorpora`). */
export const corpusDir = (name: string): string => path.join(CORPORA_DIR, name);

/** Why tests that read `names` (none: the corpora folder itself) cannot run here, in one line; null when they can. */
export function corporaMissing(names: readonly string[] = []): string | null {
  if (!existsSync(CORPORA_DIR)) return `no corpora folder at ${CORPORA_DIR}`;
  const missing = names.filter((name) => !existsSync(corpusDir(name)));
  return missing.length === 0 ? null : `corpus ${missing.join(', ')} not in ${CORPORA_DIR}`;
}

/**
 * Whether every corpus of `names` (none: the corpora folder) is here, for `describe.skipIf(!haveCorpora(...))`.
 * When not, prints the one line that says why the caller's tests skip and how to run them.
 */
export function haveCorpora(...names: string[]): boolean {
  const missing = corporaMissing(names);
  if (missing) console.warn(`skipped: ${missing} (put the corpora at ../shared/corpora beside the checkout, or set FOLIO_CORPORA)`);
  return missing === null;
}

/** Each of the three measures must reach this share for a corpus to count as agreeing with the oracle. */
export const NAV_THRESHOLD = 0.995;

export interface PassingLists {
  /** `folio validate` exits 0. */
  validate: string[];
  /** `folio nav --json` agrees with the oracle at NAV_THRESHOLD on recall, titles and order. */
  nav: string[];
  /** `folio build` exits 0 with no error. */
  build: string[];
  /**
   * The corpora of `build` that `npm test` builds and renders page by page: a fast subset (the
   * whole list takes far longer than the test budget of 10 minutes on 2 cores): two mint.json and two
   * docs.json repositories, two with OpenAPI specs. `npm run compat -- --check`
   * verifies every corpus of every list.
   */
  testBuild: string[];
}

export const PASSING: PassingLists = JSON.parse(readFileSync(path.join(import.meta.dirname, 'passing.json'), 'utf8')) as PassingLists;

/** The listed corpora of one check that exist on this machine (`FOLIO_CORPORA_ALL=1`: `testBuild` is all of `build`). */
export function passingCorpora(kind: keyof PassingLists): string[] {
  const list = kind === 'testBuild' && process.env.FOLIO_CORPORA_ALL === '1' ? PASSING.build : PASSING[kind];
  return list.filter((name) => existsSync(corpusDir(name)));
}
