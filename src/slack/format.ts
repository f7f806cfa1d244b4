/**
 * The assistant's Markdown as Slack's `mrkdwn`: links as `<url|title>` (the site's paths made
 * absolute on its address), `**bold**` as `*bold*`, and `&`, `<`, `>` escaped as Slack asks, so a
 * page's words never turn into a mention or a link of their own.
 */
import type { AssistantCitation } from '../db/index.js';

/** `&`, `<` and `>` as Slack's entities (its only control characters in text). */
export function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A link Slack shows as `title`; a `|` or `>` in the title would end it early, so they are left out. */
export function slackLink(url: string, title: string): string {
  const label = escapeSlack(title.replace(/[|]/g, '/')).trim();
  return label ? `<${url.replace(/[<>|\s]/g, encodeURIComponent)}|${label}>` : `<${url}>`;
}

/** `href` (a site path or a full URL) on the site's address. */
export function absoluteUrl(href: string, siteUrl: string): string {
  try {
    return new URL(href, siteUrl).href;
  } catch {
    return siteUrl;
  }
}

const LINK = /\[([^\]\n]{1,300})\]\(([^)\s]{1,2000})\)/g;

/** The answer's Markdown as Slack text. */
export function markdownToSlack(markdown: string, siteUrl: string): string {
  let out = '';
  let last = 0;
  for (const match of markdown.matchAll(LINK)) {
    out += inline(markdown.slice(last, match.index));
    out += slackLink(absoluteUrl(match[2]!, siteUrl), match[1]!);
    last = match.index + match[0].length;
  }
  return out + inline(markdown.slice(last));
}

/** Plain Markdown text (no links) as Slack text: escaped, bold as Slack writes it. */
function inline(text: string): string {
  return escapeSlack(text).replace(/\*\*([^*\n]+)\*\*/g, '*$1*');
}

/** "Sources:" and one Slack link per cited page (each page once), or nothing without citations. */
export function citationLines(citations: readonly AssistantCitation[], siteUrl: string, basePath = ''): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const c of citations) {
    const href = `${basePath}${c.path}${c.anchor ? `#${c.anchor}` : ''}`;
    if (seen.has(href)) continue;
    seen.add(href);
    lines.push(`• ${slackLink(absoluteUrl(href, siteUrl), c.title || c.path)}`);
  }
  return lines.length ? `\n\n*Sources*\n${lines.join('\n')}` : '';
}
