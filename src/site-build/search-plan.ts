/**
 * Decides how a build updates the search index (see search-index.ts) and carries it out:
 * streamed while rendering when every page is rendered, a delta index when few pages changed
 * since the last full index, a full re-read otherwise. The pages in the delta are remembered in
 * `.folio-cache/search.json`, so consecutive small rebuilds keep one small delta.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { noteOutputWrite, resolveInside } from '../shared/index.js';
import {
  buildDeltaSearchIndex,
  buildFullSearchIndex,
  StreamingSearchIndex,
  type SearchOutcome,
} from './search-index.js';
import { htmlFileFor } from '../shared/index.js';

interface SearchState {
  /** Hrefs indexed in the delta index (or removed) since the last full index. */
  delta: string[];
  /** Hrefs changed by builds without search since; the next build with search indexes them. */
  pending?: string[];
}

const union = (...lists: (readonly string[] | undefined)[]) => [...new Set(lists.flatMap((l) => l ?? []))].sort();

/**
 * Pagefind processes for a streamed index. Two measured best on 2 cores (rendering holds one
 * core; both take the backlog once rendering ends); each shard costs the browser one more fetch
 * of index metadata on its first search.
 */
const SHARDS = 2;

/** Most pages a delta index may hold before a full index is cheaper for the browser and the build. */
export function deltaLimit(pages: number): number {
  return Math.min(200, Math.max(20, Math.ceil(pages * 0.05)));
}

export class SearchPlan {
  private stream: StreamingSearchIndex | null = null;
  private renderedHtml = new Map<string, string>();
  private startError: string | null = null;
  /** A delta index leaves its Pagefind process up for the next build (`buildDeltaSearchIndex`). */
  private keepService = false;

  private constructor(
    readonly mode: 'off' | 'keep' | 'streamed' | 'delta' | 'full',
    private readonly outDir: string,
    private readonly cacheDir: string,
    /** Pages the delta index holds after this build (delta mode). */
    private readonly delta: string[],
    /** State to remember after a successful build (undefined: leave the file alone). */
    private readonly nextState: SearchState | undefined,
  ) {}

  /**
   * Choose the mode. `allRendered`: every page is rendered this build; `changed`: hrefs
   * rendered or removed this build; `reuse`: the previous index and its state may be kept.
   */
  static async open(options: {
    enabled: boolean;
    outDir: string;
    cacheDir: string;
    pages: number;
    allRendered: boolean;
    changed: string[];
    reuse: boolean;
    keepService?: boolean;
    /** Pages to render per `<html lang>`: a streamed index writes each language once all of its pages are in. */
    languages?: ReadonlyMap<string, number>;
  }): Promise<SearchPlan> {
    const { outDir, cacheDir } = options;
    const previous = options.reuse && existsSync(path.join(outDir, 'pagefind', 'pagefind.js')) ? await readState(cacheDir) : null;
    // Without search the index is left as it was, and the pages changed meanwhile are remembered
    // so that the next build with search brings them up to date.
    if (!options.enabled) {
      const next = previous ? { delta: previous.delta, pending: union(previous.pending, options.changed) } : undefined;
      return new SearchPlan('off', outDir, cacheDir, [], next);
    }
    if (options.allRendered || !previous) {
      const plan = new SearchPlan(options.allRendered ? 'streamed' : 'full', outDir, cacheDir, [], { delta: [] });
      if (plan.mode === 'streamed') {
        const started = await StreamingSearchIndex.start(SHARDS, outDir, options.languages);
        if (typeof started === 'string') plan.startError = started;
        else plan.stream = started;
      }
      return plan;
    }
    const changed = union(options.changed, previous.pending);
    if (changed.length === 0) return new SearchPlan('keep', outDir, cacheDir, [], previous);
    const delta = union(previous.delta, changed);
    if (delta.length > deltaLimit(options.pages)) return new SearchPlan('full', outDir, cacheDir, [], { delta: [] });
    const plan = new SearchPlan('delta', outDir, cacheDir, delta, { delta });
    plan.keepService = options.keepService === true;
    return plan;
  }

  /** Resolves once the streamed index has few enough pages waiting (`StreamingSearchIndex.drained`); at once otherwise. */
  drained(): Promise<void> {
    return this.stream ? this.stream.drained() : Promise.resolve();
  }

  /** A page was rendered: stream it to the index, or keep it for the delta index. */
  pageRendered(href: string, html: string): void {
    if (this.stream) this.stream.add(href, html);
    else if (this.mode === 'delta') this.renderedHtml.set(href, html);
  }

  /**
   * Finish the index once every page is written; null when nothing had to be done. `live`: the hrefs
   * this build keeps; a delta page outside it is dropped from the results without looking at the disk,
   * so a delta may start before the removed pages' files are deleted (a full index reads the written
   * site, and so waits for that).
   */
  async finish({ live }: { live?: ReadonlySet<string> } = {}): Promise<SearchOutcome | null> {
    let outcome: SearchOutcome | null = null;
    if (this.mode === 'streamed') {
      outcome = this.stream ? await this.stream.finish(this.outDir) : { errors: [this.startError ?? 'Pagefind did not start'], pages: 0, mode: 'streamed' };
    } else if (this.mode === 'full') {
      outcome = await buildFullSearchIndex(this.outDir);
    } else if (this.mode === 'delta') {
      const pages = new Map<string, string | null>();
      await Promise.all(
        this.delta.map(async (href) => {
          const file = live && !live.has(href) ? null : resolveInside(this.outDir, htmlFileFor(href));
          // A page that is not kept, or not on disk, was removed: null drops its old entries from the results.
          pages.set(href, this.renderedHtml.get(href) ?? (file ? await readFile(file, 'utf8').catch(() => null) : null));
        }),
      );
      outcome = await buildDeltaSearchIndex(this.outDir, new Map([...pages].sort(([a], [b]) => a.localeCompare(b))), this.keepService);
    }
    // After a failed index the state is dropped, so the next build starts a full index.
    const failed = outcome !== null && outcome.errors.length > 0 && outcome.pages === 0;
    if (failed) await writeState(this.cacheDir, null);
    else if (this.nextState) await writeState(this.cacheDir, this.nextState);
    return outcome;
  }
}

async function readState(cacheDir: string): Promise<SearchState | null> {
  try {
    const state = JSON.parse(await readFile(path.join(cacheDir, 'search.json'), 'utf8')) as SearchState | null;
    return state && Array.isArray(state.delta) ? state : null;
  } catch {
    // No state (no earlier build with search) or an unreadable one: a full index is made.
    return null;
  }
}

async function writeState(cacheDir: string, state: SearchState | null): Promise<void> {
  await mkdir(cacheDir, { recursive: true });
  noteOutputWrite(path.join(cacheDir, 'search.json'));
  await writeFile(path.join(cacheDir, 'search.json'), JSON.stringify(state));
}
