/**
 * The answer's links, checked as they stream: a Markdown link `[label](target)` to a page of the
 * site is kept (its anchor only when the page has that section) and recorded as a citation; any
 * other target (a page that does not exist, another host, a script URL) leaves only its label. Code
 * (fenced or inline) passes untouched. Text is held back only while a link is being written.
 */
import type { AssistantCitation } from '../db/index.js';
import type { AssistantSiteSettings, SectionIndex } from '../retrieval/index.js';

/** Longest link (label and target) held back before it is let through as plain text. */
const MAX_LINK_CHARS = 600;

export class CitationFilter {
  readonly citations: AssistantCitation[] = [];
  private pending: string | null = null;
  private inFence = false;
  private inInline = false;
  private lineStart = true;
  private ticks = 0;

  constructor(
    private readonly index: SectionIndex,
    /** The site's base path (`/docs`), put before kept links; '' at the root. */
    private readonly basePath: string,
    private readonly settings: AssistantSiteSettings = {},
  ) {}

  /** Text safe to show now. */
  push(chunk: string): string {
    let out = '';
    for (const ch of chunk) {
      if (this.pending !== null) {
        this.pending += ch;
        const resolved = this.resolve(false);
        if (resolved !== null) {
          out += resolved;
          this.pending = null;
        }
        continue;
      }
      out += this.code(ch);
      if (ch === '[' && !this.inFence && !this.inInline) {
        out = out.slice(0, -1);
        this.pending = '[';
      }
    }
    return out;
  }

  /** Whatever is held back, at the end of the answer (an unfinished link leaves its label). */
  flush(): string {
    if (this.pending === null) return '';
    const rest = this.resolve(true) ?? '';
    this.pending = null;
    return rest;
  }

  /** Track code fences (``` at a line start) and inline code; returns the character. */
  private code(ch: string): string {
    if (ch === '`') {
      this.ticks++;
      if (this.ticks === 3 && this.lineStart) this.inFence = !this.inFence;
      return ch;
    }
    if (this.ticks === 1 || this.ticks === 2) {
      if (!this.inFence) this.inInline = !this.inInline;
    }
    if (this.ticks > 0) this.lineStart = false;
    this.ticks = 0;
    if (ch === '\n') {
      this.lineStart = true;
      this.inInline = false;
    } else if (ch !== ' ') this.lineStart = false;
    return ch;
  }

  /** The held link as text once it is decided; null while it may still become a link. */
  private resolve(final: boolean): string | null {
    const p = this.pending!;
    const m = /^\[([^\]\n]*)\](\()?([^)\s]*)(\))?$/.exec(p);
    if (m) {
      const [, label, open, target, close] = m;
      if (close) return this.link(label!, target!);
      if (!final && p.length < MAX_LINK_CHARS && (open || p.endsWith(']'))) return null;
      // `[x]` not followed by `(`: plain brackets (the last character goes through the code tracker).
      if (!open) return final ? p : p.slice(0, -1) + this.code(p.at(-1)!);
      return label!;
    }
    if (/^\[[^\]\n]*$/.test(p) && !final && p.length < MAX_LINK_CHARS) return null;
    // Not a link after all: let the text through, tracking code in it.
    let out = '';
    for (const ch of p) out += this.code(ch);
    return out;
  }

  /** A link kept (on the site, or the support address) or its label alone. */
  private link(label: string, target: string): string {
    if (this.settings.supportEmail && target === `mailto:${this.settings.supportEmail}`) return `[${label}](${target})`;
    if (this.settings.supportUrl && target === this.settings.supportUrl) return `[${label}](${target})`;
    const kept = this.sitePage(target);
    if (!kept) return label;
    if (!this.citations.some((c) => c.path === kept.path && (c.anchor ?? '') === (kept.anchor ?? ''))) this.citations.push(kept);
    return `[${label}](${hrefOf(kept, this.basePath)})`;
  }

  /** A target naming a page of the site (`/a/b`, `/a/b#x`, `a/b.md`), or null. */
  private sitePage(target: string): AssistantCitation | null {
    if (!target || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return null;
    const [pathPart = '', anchor = ''] = target.split('#', 2);
    let p = pathPart.replace(/\?.*$/, '').replace(/\.md$/, '').replace(/\/+$/, '');
    if (this.basePath && (p === this.basePath || p.startsWith(this.basePath + '/'))) p = p.slice(this.basePath.length);
    p = '/' + p.replace(/^\/+/, '');
    const href = p === '/' ? '/index' : p;
    const page = this.index.page(href) ?? this.index.page(href + '/index');
    if (!page) return null;
    const section = anchor ? page.sections.find((s) => s.anchor === decodeURIComponent(anchor)) : undefined;
    return { path: page.href, ...(section ? { anchor: section.anchor } : {}), title: section?.heading ? `${page.title}: ${section.heading}` : page.title };
  }
}

/** A citation as a link on the site. */
export function hrefOf(citation: AssistantCitation, basePath: string): string {
  const path = citation.path === '/index' ? '/' : citation.path;
  return `${basePath}${path}${citation.anchor ? `#${citation.anchor}` : ''}`;
}
