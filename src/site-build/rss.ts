/**
 * Changelog feeds: a page holding `<Update>` entries gets `<page>/rss.xml` (create/changelogs.mdx),
 * one item per entry: its label as the title, a link to the entry's anchor, its `rss` text (else
 * its description) as plain text (`rss={{ title, description }}` replaces both), a date when the
 * label is one ("2025-06-23", "June 2025"), and its `tags` as categories.
 * Entries are read back from the page body the MDX layer drew (`section.folio-update`).
 */
const ENTRY = /<section class="folio-update"([^>]*)>[\s\S]*?<div class="folio-update-meta">([\s\S]*?)<\/div>/g;
const ATTR = (name: string) => new RegExp(`\\s${name}="([^"]*)"`);
const PART = (cls: string) => new RegExp(`<p class="${cls}">([\\s\\S]*?)</p>`);

export interface FeedEntry {
  id: string;
  title: string;
  text?: string;
  date?: Date;
  /** The entry's `tags`, as RSS categories. */
  tags?: string[];
}

/** Plain text of an escaped HTML fragment. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

export function feedEntries(bodyHtml: string): FeedEntry[] {
  if (!bodyHtml.includes('class="folio-update"')) return [];
  const entries: FeedEntry[] = [];
  for (const m of bodyHtml.matchAll(ENTRY)) {
    const id = ATTR('id').exec(m[1]!)?.[1];
    const label = PART('folio-update-label').exec(m[2]!)?.[1];
    if (!id || !label) continue;
    const labelText = textOf(label);
    const rssTitle = ATTR('data-rss-title').exec(m[1]!)?.[1];
    const title = rssTitle ? textOf(rssTitle) : labelText;
    const rss = ATTR('data-rss').exec(m[1]!)?.[1];
    const tagsAttr = ATTR('data-tags').exec(m[1]!)?.[1];
    let tags: string[] = [];
    try {
      tags = tagsAttr ? (JSON.parse(textOf(tagsAttr)) as unknown[]).filter((t): t is string => typeof t === 'string') : [];
    } catch {
      // Not the JSON the Update component writes: no categories.
    }
    const description = PART('folio-update-description').exec(m[2]!)?.[1];
    const text = rss !== undefined ? textOf(rss) : description ? textOf(description) : undefined;
    const time = Date.parse(labelText);
    entries.push({ id: textOf(id), title, ...(text ? { text } : {}), ...(Number.isFinite(time) ? { date: new Date(time) } : {}), ...(tags.length ? { tags } : {}) });
  }
  return entries;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The RSS 2.0 document of a changelog page; links are absolute when the site URL is known. */
export function feedXml(page: { href: string; title: string; description?: string }, entries: FeedEntry[], siteName: string, siteUrl: string | undefined, builtAt = new Date()): string {
  const base = (siteUrl ?? '').replace(/\/+$/, '');
  const pageUrl = base + page.href;
  const feedUrl = `${base}${page.href.replace(/\/$/, '')}/rss.xml`;
  const items = entries.map((e) =>
    [
      '    <item>',
      `      <title>${xml(e.title)}</title>`,
      `      <link>${xml(`${pageUrl}#${e.id}`)}</link>`,
      `      <guid isPermaLink="${base ? 'true' : 'false'}">${xml(`${pageUrl}#${e.id}`)}</guid>`,
      ...(e.text ? [`      <description>${xml(e.text)}</description>`] : []),
      ...(e.date ? [`      <pubDate>${e.date.toUTCString()}</pubDate>`] : []),
      ...(e.tags ?? []).map((t) => `      <category>${xml(t)}</category>`),
      '    </item>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${xml(page.title)}</title>`,
    `    <description>${xml(page.description || `${page.title} of ${siteName}`)}</description>`,
    `    <link>${xml(pageUrl)}</link>`,
    `    <atom:link href="${xml(feedUrl)}" rel="self" type="application/rss+xml"/>`,
    `    <lastBuildDate>${builtAt.toUTCString()}</lastBuildDate>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** Where a page's feed goes in the output: `/changelog` → `changelog/rss.xml`, `/` → `rss.xml`. */
export function feedFileFor(href: string): string {
  const dir = href.replace(/^\/+|\/+$/g, '');
  return dir ? `${dir}/rss.xml` : 'rss.xml';
}
