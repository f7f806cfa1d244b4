/**
 * A site with pages restricted to groups, as one reader sees it. The build writes one copy of each
 * page, sidebar included, for everyone; serving cuts the copy to the reader: the links to restricted
 * pages the reader may not read are taken out of the HTML on the server (their sidebar entries, the
 * pager, any other link loses its `href`), so the browser never receives them; hiding them in the
 * browser would still hand them over. The reader's llms.txt gains the restricted pages they may read
 * (the build left every restricted page out of it), and llms-full.txt their Markdown. Each such
 * answer depends on the reader's session: `serve-site.ts` marks it `private, no-store`, `Vary: Cookie`.
 *
 * Chosen over a variant of every page per group set: the build stays one copy whatever the number of
 * groups (sets grow as 2^groups), and the cut is one pass of one regular expression over a page
 * (restricted sites only).
 */
import { createHash } from 'node:crypto';
import { markdownFileFor, RESTRICTED_RETRIEVAL_FILE, RETRIEVAL_FILE } from '../../shared/index.js';
import type { BuiltSiteAccess } from '../../site-build/index.js';
import { buildFileText, textBuildFile, type BuildFile, type PublishedBuild } from '../storage/site-store.js';

export interface ReaderView {
  basePath: string;
  restricted: NonNullable<BuiltSiteAccess['restricted']>;
  /** The reader's groups; empty without a session. */
  groups: ReadonlySet<string>;
  /** Search index folder of restricted pages → the groups it is for (`BuiltSiteAccess.searchIndexes`). */
  searchIndexes?: Record<string, string[]>;
}

/** Whether the reader may read a restricted page (one of its groups is theirs). */
const mayRead = (view: ReaderView, groups: readonly string[]) => groups.some((g) => view.groups.has(g));

/** The search dialog's manifest: it names the indexes the dialog merges. */
const SEARCH_MANIFEST = /^\/?pagefind\/folio-search\.json$/;

/** Files whose contents depend on the reader: every HTML document (the shared sidebar file too), the llms files, the search manifest. */
export function viewApplies(name: string): boolean {
  return name.endsWith('.html') || /(^|\/)llms(-full)?\.txt$/.test(name) || SEARCH_MANIFEST.test(name);
}

/** A build file as the reader sees it (see the file's comment); unchanged files as they are. */
export async function fileForReader(file: BuildFile, name: string, view: ReaderView, root: PublishedBuild): Promise<BuildFile> {
  const text = await buildFileText(file);
  let cut: string;
  if (name.endsWith('.html')) cut = htmlForReader(text, view);
  else if (SEARCH_MANIFEST.test(name)) cut = searchManifestForReader(text, view);
  else if (name.endsWith('llms-full.txt')) cut = await llmsFullForReader(text, view, root);
  else cut = llmsForReader(text, view);
  return textBuildFile(cut);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The site paths of a page as its links spell them: `/docs/guide`, and `/docs/` for the home page. */
function linkForms(href: string, base: string): string[] {
  const forms = [base + href, base + href + '/'];
  if (href === '/index') forms.push(base + '/', base || '/');
  return forms;
}

/** The page's HTML without links to the restricted pages this reader may not read. */
export function htmlForReader(html: string, view: ReaderView): string {
  const hidden = Object.entries(view.restricted).filter(([, page]) => !mayRead(view, page.groups)).flatMap(([href]) => linkForms(href, view.basePath));
  if (hidden.length === 0) return html;
  const target = `href="(?:${[...new Set(hidden)].map(escapeRegExp).join('|')})(?:#[^"]*)?"`;
  // A sidebar entry: an `<li>` holding the link and no other list item.
  const entry = new RegExp(`<li(?:\\s[^>]*)?>(?:(?!</?li[\\s>])[\\s\\S])*?<a\\s[^>]*${target}[^>]*>(?:(?!</?li[\\s>])[\\s\\S])*?</li>`, 'g');
  // The pager's previous/next link carries the page's title: gone whole.
  const pager = new RegExp(`<a\\s[^>]*class="pager-(?:prev|next)"[^>]*${target}[^>]*>[\\s\\S]*?</a>`, 'g');
  // Any other link (a group's root, a link in the text): its words stay, the way to the page goes.
  const link = new RegExp(`(<a\\b[^>]*?)\\s${target}`, 'g');
  return html.replace(entry, '').replace(pager, '').replace(link, '$1');
}

/** The restricted pages this reader may read, by href. */
function readable(view: ReaderView): Array<[string, { title: string }]> {
  return Object.entries(view.restricted).filter(([, page]) => mayRead(view, page.groups));
}

/** The restricted pages this reader may read, as href and title, in href order. */
export function readablePages(view: ReaderView): Array<[string, string]> {
  return readable(view)
    .map(([href, page]): [string, string] => [href, page.title])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** llms.txt with the restricted pages this reader may read, under a section of their own. */
export function llmsForReader(text: string, view: ReaderView): string {
  const pages = readable(view);
  if (pages.length === 0) return text;
  const lines = pages.map(([href, page]) => `- [${page.title.replace(/[[\]]/g, '')}](${view.basePath}/${markdownFileFor(href)})`);
  return `${text.replace(/\n*$/, '\n')}\n## For your groups\n\n${lines.join('\n')}\n`;
}

/** llms-full.txt with the Markdown of the restricted pages this reader may read. */
async function llmsFullForReader(text: string, view: ReaderView, root: PublishedBuild): Promise<string> {
  let out = text;
  for (const [href] of readable(view)) {
    const markdown = await root.read(markdownFileFor(href));
    if (markdown) out = `${out.replace(/\n*$/, '\n')}\n${markdown.toString('utf8')}`;
  }
  return out;
}

/**
 * The search manifest with the restricted pages' indexes of the reader's groups added to its shards:
 * the dialog merges them with the public index (`client/search-engine.ts`), so the reader finds their
 * groups' pages and no one else's (each such folder answers 403 to readers outside its groups).
 */
export function searchManifestForReader(text: string, view: ReaderView): string {
  const dirs = Object.entries(view.searchIndexes ?? {}).filter(([, groups]) => mayRead(view, groups)).map(([dir]) => `${dir}/`);
  if (dirs.length === 0) return text;
  let manifest: { shards?: unknown } & Record<string, unknown>;
  try {
    manifest = JSON.parse(text) as typeof manifest;
  } catch {
    manifest = {};
  }
  const shards = Array.isArray(manifest.shards) ? manifest.shards.filter((s): s is string => typeof s === 'string') : [];
  return JSON.stringify({ ...manifest, shards: [...shards, ...dirs] });
}

/**
 * The published build as the docs assistant reads it for this reader: its retrieval file (public
 * pages) followed by the lines of the restricted pages the reader may read, from the build's
 * `RESTRICTED_RETRIEVAL_FILE`. Its key names that set of pages, so the assistant's index of it is
 * made once per build and set, and shared by readers of the same groups; a reader with no such
 * page gets the build itself.
 */
export function buildForReader(root: PublishedBuild, view: ReaderView): PublishedBuild {
  return buildWithPages(root, readablePages(view));
}

/** `buildForReader` by the restricted pages (href, title) the reader may read (`readablePages`). */
export function buildWithPages(root: PublishedBuild, pages: ReadonlyArray<readonly [string, string]>): PublishedBuild {
  if (pages.length === 0) return root;
  const wanted = new Set(pages.map(([href]) => href));
  const key = `${root.key}#reader:${createHash('sha256').update(pages.map(([href]) => href).join('\n')).digest('base64url').slice(0, 22)}`;
  return {
    key,
    buildId: root.buildId,
    read: (file) => root.read(file),
    async open(file) {
      if (file !== RETRIEVAL_FILE) return root.open(file);
      const [base, extra] = await Promise.all([root.open(file), root.read(RESTRICTED_RETRIEVAL_FILE)]);
      if (!base) return null;
      const lines = (extra?.toString('utf8').split('\n').slice(1) ?? []).filter((line) => {
        try {
          return wanted.has((JSON.parse(line) as { href?: unknown }).href as string);
        } catch {
          return false;
        }
      });
      const tail = Buffer.from(lines.map((line) => line + '\n').join(''), 'utf8');
      return {
        size: base.size + tail.length,
        body: async () => {
          const head = await base.body();
          return new ReadableStream<Uint8Array>({
            async start(controller) {
              const reader = head.getReader();
              for (let read = await reader.read(); !read.done; read = await reader.read()) controller.enqueue(read.value);
              if (tail.length) controller.enqueue(new Uint8Array(tail));
              controller.close();
            },
          });
        },
      };
    },
  };
}
