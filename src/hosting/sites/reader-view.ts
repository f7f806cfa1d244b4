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
import { markdownFileFor } from '../../markdown/index.js';
import type { BuiltSiteAccess } from '../../site-build/index.js';
import type { BuildFile, PublishedBuild } from '../storage/site-store.js';

export interface ReaderView {
  basePath: string;
  restricted: NonNullable<BuiltSiteAccess['restricted']>;
  /** The reader's groups; empty without a session. */
  groups: ReadonlySet<string>;
}

/** Whether the reader may read a restricted page (one of its groups is theirs). */
const mayRead = (view: ReaderView, groups: readonly string[]) => groups.some((g) => view.groups.has(g));

/** Files whose contents name restricted pages: every HTML document (the shared sidebar file too) and the llms files. */
export function viewApplies(name: string): boolean {
  return name.endsWith('.html') || /(^|\/)llms(-full)?\.txt$/.test(name);
}

/** A build file as the reader sees it (see the file's comment); unchanged files as they are. */
export async function fileForReader(file: BuildFile, name: string, view: ReaderView, root: PublishedBuild): Promise<BuildFile> {
  const text = Buffer.from(await new Response(await file.body()).arrayBuffer()).toString('utf8');
  let cut: string;
  if (name.endsWith('.html')) cut = htmlForReader(text, view);
  else if (name.endsWith('llms-full.txt')) cut = await llmsFullForReader(text, view, root);
  else cut = llmsForReader(text, view);
  const bytes = Buffer.from(cut, 'utf8');
  return {
    size: bytes.length,
    etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`,
    body: async (range) => new Blob([range ? bytes.subarray(range.start, range.end + 1) : bytes]).stream(),
  };
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
