/**
 * Search for pages restricted to groups (frontmatter `groups`). The site's own search files leave
 * every restricted page out, for everyone; this writes what `folio serve` adds for a signed-in
 * reader of their groups:
 * - one small Pagefind index per distinct set of groups the restricted pages name
 *   (`pagefind-group-<hash>/`, only those pages), which the server lists in the reader's copy of
 *   `pagefind/folio-search.json` (the search dialog merges every index that manifest names) and
 *   refuses to anyone outside the set. A page of `[alpha, beta]` is in one index, the one of that
 *   set, so a reader of both groups gets it once.
 * - `RESTRICTED_RETRIEVAL_FILE`: the restricted pages cut into sections as the assistant's retrieval
 *   file cuts the others (same line format), appended per reader to the public file when served.
 * Both are written whole each build: restricted pages are few, and each index costs one Pagefind run.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { markdownFileFor } from '../markdown/index.js';
import { isUnsearchable } from '../render/index.js';
import { retrievalHeaderLine, retrievalPageLine, sectionsOfMarkdown } from '../retrieval/index.js';
import { noteOutputWrite, resolveInside, writeFileInside } from '../shared/index.js';
import type { Site } from '../site/index.js';
import { retrievalAssistantSettings, retrievalPageMeta } from './retrieval-file.js';
import { searchIndexFiles } from './search-index.js';
import type { PlannedPage } from './page-plan.js';
import { htmlFileFor, RESTRICTED_RETRIEVAL_FILE, SITE_SETTINGS_FILE } from '../shared/index.js';

const GROUP_INDEX_PREFIX = 'pagefind-group-';

/** The folder of the index of one set of groups (sorted names). */
export function groupIndexDir(groups: readonly string[]): string {
  return GROUP_INDEX_PREFIX + createHash('sha256').update(JSON.stringify([...groups].sort())).digest('hex').slice(0, 16);
}

/** Restricted pages that site search may show (not `noindex`, not `searchable: false`). */
function searchableRestricted(site: Site, restricted: ReadonlyMap<string, string[]>): Array<[string, string[]]> {
  return [...restricted].filter(([href]) => {
    const route = site.model.pages.get(href);
    const page = route?.kind === 'page' ? site.index.pages.get(route.path) : undefined;
    return route && !page?.noindex && !isUnsearchable(page?.frontmatter ?? {});
  });
}

/** Index folder → the groups whose readers may load it, for every set of groups a searchable restricted page names. */
export function groupSearchIndexes(site: Site, restricted: ReadonlyMap<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [, groups] of searchableRestricted(site, restricted)) out[groupIndexDir(groups)] = [...groups].sort();
  return out;
}

/** Write the group indexes (`search`) and the restricted retrieval file (`retrieval`); returns the problems met. */
export async function writeReaderIndexes(input: { site: Site; outDir: string; restricted: ReadonlyMap<string, string[]>; search: boolean; retrieval: boolean }): Promise<{ errors: string[]; indexes: number; pages: number }> {
  const { site, outDir, restricted } = input;
  const pages = searchableRestricted(site, restricted);
  const errors: string[] = [];
  const bySet = new Map<string, Array<[string, string]>>();
  if (input.search) {
    for (const [href, groups] of pages) {
      const file = resolveInside(outDir, htmlFileFor(href));
      const html = file ? await readFile(file, 'utf8').catch(() => null) : null;
      if (html === null) continue;
      // The build rendered the page out of search (it is protected): marked searchable for its own index.
      const marked = html.replace(/<article class="content[^"]*"/, '$& data-pagefind-body=""');
      const dir = groupIndexDir(groups);
      bySet.set(dir, [...(bySet.get(dir) ?? []), [href, marked]]);
    }
  }
  // Indexes of group sets no page names any more go.
  const names = await readdir(outDir).catch(() => [] as string[]);
  const gone = names.filter((n) => n.startsWith(GROUP_INDEX_PREFIX) && !bySet.has(n)).map((n) => path.join(outDir, n));
  for (const dir of gone) noteOutputWrite(dir);
  await Promise.all(gone.map((dir) => rm(dir, { recursive: true, force: true })));
  for (const [dir, documents] of bySet) {
    const written = await searchIndexFiles(documents);
    errors.push(...written.errors);
    noteOutputWrite(path.join(outDir, dir));
    await rm(path.join(outDir, dir), { recursive: true, force: true });
    for (const [name, bytes] of written.files) await writeFileInside(outDir, `${dir}/${name}`, bytes);
  }
  if (input.retrieval) {
    let text = retrievalHeaderLine(retrievalAssistantSettings(site));
    for (const [href] of pages) {
      const file = resolveInside(outDir, markdownFileFor(href));
      const markdown = file ? await readFile(file, 'utf8').catch(() => null) : null;
      const route = site.model.pages.get(href);
      if (markdown === null || !route) continue;
      text += retrievalPageLine({ ...retrievalPageMeta(site, route), sections: sectionsOfMarkdown(markdown) });
    }
    await writeFileInside(outDir, RESTRICTED_RETRIEVAL_FILE, text);
  }
  return { errors, indexes: bySet.size, pages: pages.length };
}

/**
 * The pages `folio serve` fills per reader (`BuiltSiteSettings.personalized`): those this build
 * rendered with such parts, and those of the previous build's list it did not render again (unchanged).
 */
export async function personalizedPages(outDir: string, rendered: ReadonlySet<string>, todo: readonly PlannedPage[], planned: readonly PlannedPage[]): Promise<string[]> {
  const renderedNow = new Set(todo.map((p) => p.route.href));
  const live = new Set(planned.map((p) => p.route.href));
  let previous: string[] = [];
  try {
    const settings = JSON.parse(await readFile(path.join(outDir, SITE_SETTINGS_FILE), 'utf8')) as { personalized?: unknown };
    if (Array.isArray(settings.personalized)) previous = settings.personalized.filter((h): h is string => typeof h === 'string');
  } catch {
    // A first build, or an output without settings: only what this build rendered.
  }
  const kept = previous.filter((href) => live.has(href) && !renderedNow.has(href));
  return [...new Set([...rendered, ...kept])].sort();
}
