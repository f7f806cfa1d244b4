/**
 * The maintainer's checks as suggestions: internal links that lead nowhere (one suggestion per
 * missing target, naming every page that links to it) and pages no navigation lists (one per page).
 * Run by the suggestion checks when the docs branch moved.
 */
import { buildPageIndex } from '../../content/index.js';
import { findBrokenLinks } from '../maintainer/fix-links.js';
import { readDocsJson } from '../maintainer/docs-json.js';
import { navigationFacts } from '../maintainer/navigation-walk.js';
import { repositoryNote } from '../maintainer/add-unlisted-pages.js';
import type { NewSuggestion } from './store.js';

// Snippet folders hold fragments imported by pages, not pages of their own (as the maintainer's task skips them).
const NOT_PAGES = /(^|\/)(_?snippets|_[^/]*)(\/|$)/;

/** Pages (paths without extension) that exist but no navigation lists, leaving out hidden, noindex and repository notes. */
export async function findUnlistedPages(root: string): Promise<string[]> {
  const doc = await readDocsJson(root);
  const facts = navigationFacts(doc.value.navigation);
  const index = await buildPageIndex(root);
  return [...index.pages.values()]
    .filter((p) => !facts.listed.has(p.path) && !NOT_PAGES.test(p.path) && !p.hidden && !p.noindex && repositoryNote(p.path, p.format, p.frontmatter) === null)
    .map((p) => p.path)
    .sort();
}

/** The suggestions the checks of the docs root `root` give (`docsPrefix`: the docs folder inside the repository, for file paths). */
export async function maintainerSuggestions(root: string, docsPrefix: string): Promise<NewSuggestion[]> {
  const inRepo = (file: string) => (docsPrefix && docsPrefix !== '.' ? `${docsPrefix}/${file}` : file);
  const out: NewSuggestion[] = [];
  const broken = await findBrokenLinks(root).catch(() => []);
  const byTarget = new Map<string, typeof broken>();
  for (const link of broken) {
    const target = link.target.replace(/[#?].*$/, '').replace(/\/+$/, '') || '/';
    byTarget.set(target, [...(byTarget.get(target) ?? []), link]);
  }
  for (const [target, links] of byTarget) {
    const pages = [...new Set(links.map((l) => inRepo(l.file)))];
    out.push({
      source: 'maintainer',
      evidenceKey: `maintainer:broken-link:${target}`,
      title: `Fix links to ${target}, which leads to no page`,
      prompt: `Internal links to \`${target}\` lead to no page or file of the site. Point each at the page it meant (or add a redirect in docs.json if the page moved), or remove the link.`,
      evidence: {
        summary: `${links.length} link${links.length === 1 ? '' : 's'} on ${pages.length} page${pages.length === 1 ? '' : 's'} lead${links.length === 1 ? 's' : ''} to ${target}, which does not exist.`,
        items: links.map((l) => ({ label: `${inRepo(l.file)}:${l.line}`, detail: `links to ${l.target}` })),
        pages,
      },
    });
  }
  const unlisted = await findUnlistedPages(root).catch(() => []);
  for (const page of unlisted) {
    out.push({
      source: 'maintainer',
      evidenceKey: `maintainer:unlisted:${page}`,
      title: `Add ${page} to the navigation`,
      prompt: `The page \`${page}\` exists but no navigation in docs.json lists it, so readers only reach it by its address. Add it to the group where it belongs (or set \`hidden: true\` in its frontmatter if it is meant to stay out).`,
      evidence: { summary: `The page ${page} is in the repository but in no navigation group.`, items: [{ label: page, detail: 'not listed in docs.json' }], pages: [page] },
    });
  }
  return out;
}
