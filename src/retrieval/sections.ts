/**
 * A page's Markdown (as the build writes it beside the page: `# Title`, the description as a
 * quote, then the body) cut into sections at its `##`–`######` headings, each with the anchor id
 * the page's HTML gives that heading (the same slugger as the MDX compiler, so `#x-2` for the
 * second "x"). Headings inside fenced code are text, not cuts.
 */
import { PageSlugger } from '../shared/index.js';
import type { PageSection } from './types.js';

const HEADING = /^(#{2,6})\s+(.+?)\s*#*\s*$/;
const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

/** The sections of a page's Markdown document, in order; empty sections (a heading right before another) are kept, as headings are still answers. */
export function sectionsOfMarkdown(markdown: string): PageSection[] {
  const lines = markdown.split('\n');
  let at = 0;
  // The `# Title` line is the page's title, kept apart; the description quote stays in the first section.
  if (lines[0]?.startsWith('# ')) at = 1;
  const slugger = new PageSlugger();
  const sections: PageSection[] = [];
  let current: PageSection = { anchor: '', heading: '', text: '' };
  let body: string[] = [];
  let fence: string | null = null;
  const close = () => {
    current.text = body.join('\n').trim();
    if (current.heading || current.text) sections.push(current);
  };
  for (; at < lines.length; at++) {
    const line = lines[at]!;
    const f = FENCE.exec(line);
    if (f) {
      if (fence === null) fence = f[1]![0]!.repeat(f[1]!.length);
      else if (line.trim().startsWith(fence)) fence = null;
    }
    const h = fence === null ? HEADING.exec(line) : null;
    if (!h) {
      body.push(line);
      continue;
    }
    close();
    const heading = plainHeading(h[2]!);
    current = { anchor: slugger.heading(heading), heading, text: '' };
    body = [];
  }
  close();
  return sections;
}

/** A heading's text as the reader sees it: links, emphasis and code marks taken off. */
function plainHeading(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]+/g, '')
    .trim();
}
