/**
 * Edits that leave a loaded site as it is but for page bodies: every changed file is a page the
 * site already has, with the same frontmatter (so the same title, sidebar title, icon, hidden,
 * tag, ...: nothing navigation reads), the same import lines (so the same snippet map) and no new
 * problems. `folio dev` and `folio build --watch` swap such pages into the loaded site instead of
 * reading the whole repository, its specs and navigation again.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pageFromText, type Page } from '../content/index.js';
import type { Site } from './load-site.js';

const importLines = (text: string) => (text.match(/^\s*import\s.*$/gm) ?? []).join('\n');

/** A body-only edit: the page as it was in the site and as it is now. */
export interface PageEdit {
  before: Page;
  after: Page;
}

/**
 * The edits of `files` (docs-root relative, `/`-separated) when each is a body-only edit of a page
 * of `site` (kept with `keepSource`); null when any change needs the site read again (a new,
 * removed or unreadable page, frontmatter or imports changed, a page with problems, any other file).
 */
export function bodyOnlyEdits(site: Site, files: string[]): PageEdit[] | null {
  const edits: PageEdit[] = [];
  for (const rel of new Set(files)) {
    if (!/\.mdx?$/i.test(rel)) return null;
    const before = site.index.pages.get(rel.replace(/\.mdx?$/i, ''));
    if (!before || before.file !== rel || before.source === undefined) return null;
    if (site.index.diagnostics.some((d) => d.file === rel)) return null;
    let text: string;
    try {
      text = readFileSync(path.join(site.root, rel), 'utf8');
    } catch {
      // Deleted or unreadable: reading the site again reports it.
      return null;
    }
    const { page: after, diagnostics } = pageFromText(rel, text, true, site.config.variables ?? {});
    if (diagnostics.length || JSON.stringify(after.frontmatter) !== JSON.stringify(before.frontmatter) || after.title !== before.title) return null;
    if (importLines(text) !== importLines(before.source)) return null;
    after.sourceHash = createHash('sha1').update(text).digest('hex');
    edits.push({ before, after });
  }
  return edits;
}

/** Put the edited pages into the site's page index (navigation routes find pages there by path). */
export function applyPageEdits(site: Site, edits: PageEdit[]): void {
  for (const { after } of edits) site.index.pages.set(after.path, after);
}
