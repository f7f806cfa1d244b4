/**
 * `llms.txt` and `llms-full.txt` (llmstxt.org): the site's name and description, then every indexable
 * page in navigation order grouped by section, each linking its Markdown. Nothing is cut to fit:
 * past `maxFullBytes` the full text splits into one file per section and `llms.txt` lists the parts.
 */
import { markdownFileFor } from '../shared/index.js';
import { sidebarPageHrefs, type Href, type PageRoute, type Section, type SidebarNode, type SiteModel } from '../navigation/index.js';

/** One group of pages under a heading of `llms.txt`. */
export interface LlmsGroup {
  label: string;
  /** File-name-safe id of the group, for its part of a split `llms-full.txt`. */
  slug: string;
  pages: PageRoute[];
}

/** Indexable pages in navigation order, grouped by section and top-level sidebar group; each page once. */
export function llmsGroups(model: SiteModel, indexable: (route: PageRoute) => boolean): LlmsGroup[] {
  const seen = new Set<Href>();
  const groups: LlmsGroup[] = [];
  const slugs = new Set<string>();
  const add = (label: string, hrefs: Href[]) => {
    const pages: PageRoute[] = [];
    for (const href of hrefs) {
      const route = model.pages.get(href);
      if (!route || seen.has(href) || !indexable(route)) continue;
      seen.add(href);
      pages.push(route);
    }
    if (pages.length === 0) return;
    let slug = label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'docs';
    for (let n = 2; slugs.has(slug); n++) slug = `${slug.replace(/-\d+$/, '')}-${n}`;
    slugs.add(slug);
    groups.push({ label, slug, pages });
  };
  for (const section of model.sections) {
    const prefix = sectionLabel(section);
    let loose: Href[] = [];
    const flushLoose = () => {
      add(prefix || 'Docs', loose);
      loose = [];
    };
    for (const node of section.sidebar) {
      if (node.type === 'group') {
        flushLoose();
        add([prefix, node.name].filter(Boolean).join(' › '), sidebarPageHrefs([node]));
      } else loose.push(...sidebarPageHrefs([node]));
    }
    flushLoose();
  }
  // Pages no sidebar lists (hidden ones, when indexing includes them) come last, alphabetically.
  add('Other pages', [...model.pages.keys()].sort());
  return groups;
}

function sectionLabel(section: Section): string {
  return section.trail.map((d) => d.label).join(' › ');
}

export interface LlmsSite {
  name: string;
  description?: string;
  /** Absolute site URL (`https://docs.example.com`); links are site-relative without it. */
  siteUrl?: string;
}

export interface LlmsFiles {
  /** Site-relative path → contents: `llms.txt`, `llms-full.txt` and, when split, `llms-full/<slug>.txt`. */
  files: Map<string, string>;
  split: boolean;
}

/**
 * The pieces both files are made of, so a build that keeps most of them from its previous run
 * (`site-build/llms-files.ts`) writes exactly what `llmsFiles` would.
 */
export class LlmsText {
  /** `# Name` and `> description`, joined: the top of every file. */
  readonly head: string;
  private readonly base: string;

  constructor(site: LlmsSite) {
    this.base = (site.siteUrl ?? '').replace(/\/+$/, '');
    const head = [`# ${site.name}`];
    if (site.description?.trim()) head.push(`> ${site.description.trim().replace(/\s*\n\s*/g, ' ')}`);
    this.head = head.join('\n\n');
  }

  url(rel: string): string {
    return `${this.base}/${rel}`;
  }

  /** The full text of one group: each page's Markdown (a title when missing) and its source, between rules. */
  groupText(group: LlmsGroup, markdownOf: (href: Href) => MarkdownDocument | null): string {
    return Buffer.concat(this.groupChunks(group, markdownOf)).toString('utf8');
  }

  /**
   * `groupText` as UTF-8 chunks, in order: a page's Markdown given as bytes is a view of them, not
   * a copy, so a build writes the full text from the bytes it wrote to the `.md` files (one gathered
   * write, no joined string, no second encoding).
   */
  groupChunks(group: LlmsGroup, markdownOf: (href: Href) => MarkdownDocument | null): Uint8Array[] {
    const out: Uint8Array[] = [];
    group.pages.forEach((route, i) => {
      if (i > 0) out.push(SEPARATOR_BYTES);
      const doc = markdownOf(route.href) ?? `# ${route.title}\n`;
      out.push(typeof doc === 'string' ? Buffer.from(doc.trim()) : trimBytes(doc));
      out.push(Buffer.from(`\n\nSource: ${this.url(markdownFileFor(route.href))}\n`));
    });
    return out;
  }

  /** `fullFile` of groups given as chunks (`groupChunks`). */
  fullChunks(groups: readonly (readonly Uint8Array[])[]): Uint8Array[] {
    const out: Uint8Array[] = [Buffer.from(this.fullPrefix)];
    groups.forEach((chunks, i) => {
      if (i > 0) out.push(SEPARATOR_BYTES);
      out.push(...chunks);
    });
    return out;
  }

  /** `partFile` of a group given as chunks. */
  partChunks(group: LlmsGroup, chunks: readonly Uint8Array[]): Uint8Array[] {
    return [Buffer.from(this.partFile(group, '')), ...chunks];
  }

  /** `llms-full.txt` from the groups' texts, in order. */
  fullFile(texts: string[]): string {
    return `${this.head}\n\n${texts.join(GROUP_SEPARATOR)}`;
  }

  /** Bytes of `fullFile` before the first group's text (group texts are then separated by `GROUP_SEPARATOR`). */
  get fullPrefix(): string {
    return `${this.head}\n\n`;
  }

  /** One part of a split full text: `llms-full/<slug>.txt`. */
  partFile(group: LlmsGroup, text: string): string {
    return `${this.head}\n\n## ${group.label}\n\n${text}`;
  }

  partPath(group: LlmsGroup): string {
    return `llms-full/${group.slug}.txt`;
  }

  /** `llms-full.txt` of a split full text: where the parts are. */
  splitFullFile(groups: LlmsGroup[]): string {
    return `${this.head}\n\nThe full text is split per section:\n\n${groups.map((g) => `- ${this.url(this.partPath(g))}`).join('\n')}\n`;
  }

  /** `llms.txt`: every group's pages with their descriptions, and the parts when the full text is split. */
  indexFile(groups: LlmsGroup[], split: boolean): string {
    const index = [this.head];
    for (const group of groups) {
      index.push(`## ${group.label}`);
      index.push(group.pages.map((r) => `- [${r.title}](${this.url(markdownFileFor(r.href))})${summary(r.description)}`).join('\n'));
    }
    if (split) {
      index.push('## Full text');
      index.push(groups.map((g) => `- [${g.label}](${this.url(this.partPath(g))})`).join('\n'));
    }
    return index.join('\n\n') + '\n';
  }
}

/** Between two pages of a group, and between two groups, in the full text. */
export const GROUP_SEPARATOR = '\n---\n\n';
const SEPARATOR_BYTES = Buffer.from(GROUP_SEPARATOR);

/** A page's Markdown document, as text or as its UTF-8 bytes. */
export type MarkdownDocument = string | Uint8Array;

/** Bytes of `chunks` in all. */
export function chunksLength(chunks: readonly Uint8Array[]): number {
  let n = 0;
  for (const c of chunks) n += c.byteLength;
  return n;
}

/** A view of `bytes` without leading and trailing ASCII white space (what `trim` removes from a page's Markdown). */
function trimBytes(bytes: Uint8Array): Uint8Array {
  const space = (b: number) => b === 32 || (b >= 9 && b <= 13);
  let start = 0;
  let end = bytes.byteLength;
  while (start < end && space(bytes[start]!)) start++;
  while (end > start && space(bytes[end - 1]!)) end--;
  return bytes.subarray(start, end);
}

/**
 * Both files from the groups and each page's Markdown (`markdownOf(href)`, null when missing).
 * `maxFullBytes`: the size past which the full text is split per group (one part per group).
 */
export function llmsFiles(site: LlmsSite, groups: LlmsGroup[], markdownOf: (href: Href) => MarkdownDocument | null, maxFullBytes: number): LlmsFiles {
  const text = new LlmsText(site);
  const texts = groups.map((g) => text.groupText(g, markdownOf));
  const total = texts.reduce((n, t) => n + Buffer.byteLength(t), 0);
  const split = total > maxFullBytes && groups.length > 1;
  const files = new Map<string, string>();
  if (split) {
    groups.forEach((g, i) => files.set(text.partPath(g), text.partFile(g, texts[i]!)));
    files.set('llms-full.txt', text.splitFullFile(groups));
  } else files.set('llms-full.txt', text.fullFile(texts));
  files.set('llms.txt', text.indexFile(groups, split));
  return { files, split };
}

/** `: first paragraph of the description` (at most 300 characters), or nothing. */
function summary(description: string | undefined): string {
  const first = description?.trim().split(/\n\s*\n/)[0]?.replace(/\s+/g, ' ');
  if (!first) return '';
  return `: ${first.length > 300 ? `${first.slice(0, 297).trimEnd()}…` : first}`;
}

