/**
 * Which pages a PDF holds, in reading order, decided from the SiteModel alone: the whole site, one
 * tab, one group or one page, in one language and version (the default ones unless asked). Pages
 * come in sidebar order, each once, in chapters: a section's top-level groups, and its loose pages.
 */
import { sidebarPageHrefs, type Href, type PageRoute, type Section, type SidebarNode, type SiteModel } from '../navigation/index.js';
import { closest } from '../shared/index.js';
import { PdfError } from './codes.js';

export interface PdfSelection {
  /** Only the sections under the tab of this label (case-insensitive). */
  tab?: string | undefined;
  /** Only the pages of the groups of this name, at any depth (case-insensitive). */
  group?: string | undefined;
  /** One page, by path (`guide/intro`, `/guide/intro`, `guide/intro.mdx`). */
  page?: string | undefined;
  /** Language code of the sections to print; the default section's language unless given; `all` for every language. */
  language?: string | undefined;
}

export interface PdfChapter {
  label: string;
  pages: PageRoute[];
}

export interface PdfPlan {
  /** What was selected, for the title page (`Guides`, `Guides › Setup`), empty for the whole site. */
  scope: string;
  chapters: PdfChapter[];
  /** Every page once, in order. */
  pages: PageRoute[];
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const divisionLabel = (section: Section, kind: 'language' | 'version' | 'tab') => section.trail.find((d) => d.kind === kind)?.label;

/** The pages of `selection`, or a PdfError naming the closest existing tab, group, page or language. */
export function planPdf(model: SiteModel, selection: PdfSelection = {}): PdfPlan {
  if (selection.page !== undefined) return onePage(model, selection.page);
  const home = model.sectionsById.get(model.defaultSectionId);
  const visible = model.sections.filter((s) => !s.hidden);
  const languages = [...new Set(visible.map((s) => divisionLabel(s, 'language')).filter((l): l is string => l !== undefined))];
  const language = selection.language ?? (home && divisionLabel(home, 'language'));
  if (selection.language !== undefined && selection.language !== 'all' && !languages.some((l) => same(l, selection.language!))) {
    const near = closest(selection.language, languages);
    throw new PdfError('PDF_UNKNOWN_LANGUAGE', `No language "${selection.language}" in the navigation${languages.length ? ` (it has ${languages.join(', ')})` : ''}.${near ? ` Did you mean "${near}"?` : ''}`);
  }
  const version = home && divisionLabel(home, 'version');
  let sections = visible.filter(
    (s) => (language === undefined || language === 'all' || same(divisionLabel(s, 'language') ?? language, language)) && (version === undefined || (divisionLabel(s, 'version') ?? version) === version),
  );
  if (selection.tab !== undefined) {
    const tabs = [...new Set(sections.map((s) => divisionLabel(s, 'tab')).filter((t): t is string => t !== undefined))];
    sections = sections.filter((s) => s.trail.some((d) => d.kind === 'tab' && same(d.label, selection.tab!)));
    if (sections.length === 0) {
      const near = closest(selection.tab, tabs);
      throw new PdfError('PDF_UNKNOWN_TAB', `No tab "${selection.tab}" in the navigation${tabs.length ? ` (tabs: ${tabs.join(', ')})` : ''}.${near ? ` Did you mean "${near}"?` : ''}`);
    }
  }
  const seen = new Set<Href>();
  const chapters: PdfChapter[] = [];
  const add = (label: string, hrefs: Href[]) => {
    const pages = hrefs.filter((h) => !seen.has(h) && model.pages.has(h)).map((h) => model.pages.get(h)!);
    for (const p of pages) seen.add(p.href);
    if (pages.length) chapters.push({ label, pages });
  };
  const many = sections.length > 1;
  for (const section of sections) {
    const prefix = many ? section.trail.filter((d) => d.kind !== 'language' && d.kind !== 'version').map((d) => d.label) : [];
    if (selection.group !== undefined) {
      for (const group of groupsNamed(section.sidebar, selection.group)) add([...prefix, group.name].join(' › '), sidebarPageHrefs([group]));
      continue;
    }
    let loose: Href[] = [];
    const flush = () => {
      add(prefix.join(' › ') || 'Overview', loose);
      loose = [];
    };
    for (const node of section.sidebar) {
      if (node.type === 'group') {
        flush();
        add([...prefix, node.name].join(' › '), sidebarPageHrefs([node]));
      } else loose.push(...sidebarPageHrefs([node]));
    }
    flush();
  }
  if (selection.group !== undefined && chapters.length === 0) {
    const names = [...new Set(sections.flatMap((s) => groupNames(s.sidebar)))];
    const near = closest(selection.group, names);
    throw new PdfError('PDF_UNKNOWN_GROUP', `No group "${selection.group}" in the navigation${selection.tab ? ` of tab "${selection.tab}"` : ''}.${near ? ` Did you mean "${near}"?` : ''}`);
  }
  const pages = chapters.flatMap((c) => c.pages);
  if (pages.length === 0) throw new PdfError('PDF_NOTHING_SELECTED', 'The selection holds no page: its navigation lists only links. Choose another --tab or --group.');
  return { scope: [selection.tab, selection.group].filter(Boolean).join(' › '), chapters, pages };
}

function onePage(model: SiteModel, given: string): PdfPlan {
  const href = '/' + given.trim().replace(/^\/+|\/+$/g, '').replace(/\.mdx?$/, '');
  const route = model.pages.get(href) ?? (href === '/' ? model.pages.get('/index') : model.pages.get(`${href}/index`));
  if (!route) {
    const near = closest(href, model.pages.keys());
    throw new PdfError('PDF_UNKNOWN_PAGE', `No page "${given}" in the site.${near ? ` Did you mean "${near}"?` : ''}`);
  }
  return { scope: route.title, chapters: [{ label: route.title, pages: [route] }], pages: [route] };
}

type Group = Extract<SidebarNode, { type: 'group' }>;

/** Groups named `name` at any depth (a matching group's own subgroups come with it, not again). */
function groupsNamed(nodes: SidebarNode[], name: string): Group[] {
  const out: Group[] = [];
  for (const node of nodes) {
    if (node.type !== 'group') continue;
    if (same(node.name, name)) out.push(node);
    else out.push(...groupsNamed(node.children, name));
  }
  return out;
}

function groupNames(nodes: SidebarNode[]): string[] {
  return nodes.flatMap((n) => (n.type === 'group' ? [n.name, ...groupNames(n.children)] : []));
}


/** What a site offers to print, for a form: its languages, tabs, groups and pages (visible sections, in navigation order, each name once). */
export interface PdfChoices {
  languages: string[];
  tabs: string[];
  groups: string[];
  pages: { href: string; title: string }[];
}

export function pdfChoices(model: SiteModel): PdfChoices {
  const visible = model.sections.filter((s) => !s.hidden);
  const unique = (values: (string | undefined)[]) => [...new Set(values.filter((v): v is string => v !== undefined))];
  const hrefs = unique(visible.flatMap((s) => sidebarPageHrefs(s.sidebar))).filter((h) => model.pages.has(h));
  return {
    languages: unique(visible.map((s) => divisionLabel(s, 'language'))),
    tabs: unique(visible.map((s) => divisionLabel(s, 'tab'))),
    groups: unique(visible.flatMap((s) => groupNames(s.sidebar))),
    pages: hrefs.map((href) => ({ href, title: model.pages.get(href)!.title })),
  };
}
