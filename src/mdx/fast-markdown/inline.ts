import type { PhrasingContent } from 'mdast';
import { bail } from './bail.js';

// Characters whose CommonMark/MDX/GFM meaning the fast parser does not model: JSX and
// expressions, escapes, strikethrough, math, email autolinks. Any of them outside a code span
// sends the page to micromark.
const UNSUPPORTED = /[<{}\\~$@]|&(?:#\d+|#[xX][\da-fA-F]+|[A-Za-z][A-Za-z\d]*);|\[\^|(?:^|[\s*_(])www\./;
/** Whether `UNSUPPORTED` matches: the characters and strings it needs are looked for first (one character class and two string searches scan a paragraph several times faster than its alternation). */
const unsupported = (text: string) => (/[<{}\\~$@&]/.test(text) || text.includes('[^') || text.includes('www.')) && UNSUPPORTED.test(text);
const PUNCT = /[\p{P}\p{S}]/u;
const SPACE = /\s/;

/** Parse the inline content of a paragraph, heading or table cell into mdast phrasing nodes. */
export function parseInline(text: string): PhrasingContent[] {
  checkSupported(text);
  return merge(inline(text, 0, text.length, false));
}

/** Bail when unsupported syntax appears outside code spans. */
function checkSupported(text: string): void {
  if (!text.includes('`')) {
    if (unsupported(text)) bail();
    return;
  }
  let i = 0;
  let plain = '';
  while (i < text.length) {
    const tick = text.indexOf('`', i);
    if (tick < 0) {
      plain += text.slice(i);
      break;
    }
    plain += text.slice(i, tick) + ' ';
    const run = runLength(text, tick, '`');
    const close = findCodeClose(text, tick + run, run);
    if (close < 0) bail();
    i = close + run;
  }
  if (unsupported(plain)) bail();
}

function runLength(text: string, at: number, ch: string): number {
  let n = 0;
  while (text[at + n] === ch) n++;
  return n;
}

/** Index of the backtick run of exactly `run` ticks closing a code span opened before `from`, or -1. */
function findCodeClose(text: string, from: number, run: number): number {
  let i = from;
  for (;;) {
    const at = text.indexOf('`', i);
    if (at < 0) return -1;
    const n = runLength(text, at, '`');
    if (n === run) return at;
    i = at + n;
  }
}

const isSpace = (c: string | undefined) => c === undefined || SPACE.test(c);
const isPunct = (c: string | undefined) => c !== undefined && PUNCT.test(c);

function inline(text: string, start: number, end: number, inLink: boolean): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  let buf = '';
  const flush = () => {
    if (buf) out.push({ type: 'text', value: buf });
    buf = '';
  };
  let i = start;
  while (i < end) {
    const c = text[i]!;
    if (c === '`') {
      const run = runLength(text, i, '`');
      const close = findCodeClose(text, i + run, run);
      if (close < 0 || close >= end) bail();
      flush();
      out.push({ type: 'inlineCode', value: codeSpanValue(text.slice(i + run, close)) });
      i = close + run;
      continue;
    }
    if (c === '[' || (c === '!' && text[i + 1] === '[')) {
      const link = parseLink(text, i, end, inLink);
      if (link) {
        flush();
        out.push(link.node);
        i = link.end;
        continue;
      }
      buf += c;
      i++;
      continue;
    }
    if (c === ']') {
      buf += c;
      i++;
      continue;
    }
    if (c === '*' || c === '_') {
      const em = parseEmphasis(text, i, end, inLink);
      if (em) {
        flush();
        out.push(em.node);
        i = em.end;
        continue;
      }
      const run = runLength(text, i, c);
      buf += text.slice(i, i + run);
      i += run;
      continue;
    }
    if (c === 'h' && (text.startsWith('http://', i) || text.startsWith('https://', i))) {
      const auto = parseAutolink(text, i, end, inLink);
      if (auto) {
        flush();
        out.push(auto.node);
        i = auto.end;
        continue;
      }
    }
    if (c === '\n') {
      // Spaces before a line ending: two or more make a hard break, fewer are dropped.
      let j = buf.length;
      while (j > 0 && buf[j - 1] === ' ') j--;
      const spaces = buf.length - j;
      buf = buf.slice(0, j);
      if (spaces >= 2) {
        flush();
        out.push({ type: 'break' });
      } else buf += '\n';
      i++;
      continue;
    }
    buf += c;
    i++;
  }
  flush();
  return out;
}

/** A code span's value as mdast keeps it: line endings stay, one padding space each side goes. */
function codeSpanValue(raw: string): string {
  const spaced = raw.replace(/\n/g, ' ');
  if (spaced.length >= 2 && spaced[0] === ' ' && spaced[spaced.length - 1] === ' ' && /[^ ]/.test(spaced)) return raw.slice(1, -1);
  return raw;
}

/** `[text](url "title")` / `![alt](src)`; null when the brackets are plain text. */
function parseLink(text: string, at: number, end: number, inLink: boolean): { node: PhrasingContent; end: number } | null {
  const image = text[at] === '!';
  const open = image ? at + 1 : at;
  // Find the closing bracket, skipping code spans; nested brackets are not modelled.
  let i = open + 1;
  let close = -1;
  while (i < end) {
    const c = text[i];
    if (c === '`') {
      const run = runLength(text, i, '`');
      const cl = findCodeClose(text, i + run, run);
      if (cl < 0 || cl >= end) bail();
      i = cl + run;
      continue;
    }
    if (c === '[') bail();
    if (c === ']') {
      close = i;
      break;
    }
    i++;
  }
  if (close < 0) {
    if (text.indexOf(']', open) >= 0 && text.indexOf(']', open) < end) bail();
    return null;
  }
  if (text[close + 1] !== '(') {
    // `[x]` with no definitions in the page is literal text, but `[x][y]` / `[x]:` are not modelled.
    if (text[close + 1] === '[' || text[close + 1] === ':') bail();
    return null;
  }
  if (inLink && !image) bail();
  const destStart = close + 2;
  let j = destStart;
  while (j < end && text[j] === ' ') j++;
  let url = '';
  while (j < end && text[j] !== ')' && text[j] !== ' ' && text[j] !== '\n') {
    if (text[j] === '(' || text[j] === '"' || text[j] === "'") bail();
    url += text[j];
    j++;
  }
  let title: string | null = null;
  while (j < end && (text[j] === ' ' || text[j] === '\n')) j++;
  if (text[j] === '"') {
    const tEnd = text.indexOf('"', j + 1);
    if (tEnd < 0 || tEnd >= end) bail();
    title = text.slice(j + 1, tEnd);
    if (/["\n]/.test(title)) bail();
    j = tEnd + 1;
    while (j < end && text[j] === ' ') j++;
  }
  if (text[j] !== ')') bail();
  if (image) {
    const altText = text.slice(open + 1, close);
    if (/[`*_[\]!\n]/.test(altText)) bail();
    return { node: { type: 'image', url: encodeUrl(url), title, alt: altText }, end: j + 1 };
  }
  const children = inline(text, open + 1, close, true);
  return { node: { type: 'link', url: encodeUrl(url), title, children: merge(children) as never }, end: j + 1 };
}

/** micromark percent-encodes characters that are not allowed raw in URLs; bail on those. */
function encodeUrl(url: string): string {
  if (/[^\x21-\x7e]/.test(url) || url.includes('%') && !/%[\da-fA-F]{2}/.test(url)) bail();
  return url;
}

/** `*em*`, `_em_`, `**strong**`, `__strong__` with CommonMark flanking rules; null for literal runs. */
function parseEmphasis(text: string, at: number, end: number, inLink: boolean): { node: PhrasingContent; end: number } | null {
  const ch = text[at]!;
  const run = runLength(text, at, ch);
  const flank = flanking(text, at, run, ch);
  if (!flank.open) {
    if (flank.close) bail();
    return null;
  }
  if (flank.close || run > 2) bail();
  // Find a closing run of the same character and length that can close, skipping nested pairs.
  const nested: number[] = [];
  let i = at + run;
  while (i < end) {
    const c = text[i];
    if (c === '`') {
      const r = runLength(text, i, '`');
      const cl = findCodeClose(text, i + r, r);
      if (cl < 0 || cl >= end) bail();
      i = cl + r;
      continue;
    }
    if (c === '[' || c === ']') {
      // Emphasis that spans link brackets is resolved by the bracket algorithm first; not modelled.
      const closeBracket = text.indexOf(']', i);
      if (c === ']' || closeBracket < 0 || closeBracket >= end) bail();
      const link = parseLink(text, i, end, inLink);
      i = link ? link.end : closeBracket + 1;
      if (!link) bail();
      continue;
    }
    if (c === 'h' && (text.startsWith('http://', i) || text.startsWith('https://', i))) {
      const auto = parseAutolink(text, i, end, inLink);
      if (auto) {
        i = auto.end;
        continue;
      }
    }
    if (c === ch) {
      const r = runLength(text, i, ch);
      const f = flanking(text, i, r, ch);
      if (f.close && !f.open && r === run && nested.length === 0 && i > at + run) {
        const children = merge(inline(text, at + run, i, inLink));
        const node = run === 2 ? { type: 'strong' as const, children } : { type: 'emphasis' as const, children };
        return { node: node as PhrasingContent, end: i + r };
      }
      if (f.open && !f.close) nested.push(r);
      else if (f.close && !f.open && nested[nested.length - 1] === r) nested.pop();
      else if (f.open || f.close) bail();
      i += r;
      continue;
    }
    i++;
  }
  bail();
}

function flanking(text: string, at: number, run: number, ch: string): { open: boolean; close: boolean } {
  const before = at > 0 ? text[at - 1] : undefined;
  const after = text[at + run];
  const left = !isSpace(after) && (!isPunct(after) || isSpace(before) || isPunct(before));
  const right = !isSpace(before) && (!isPunct(before) || isSpace(after) || isPunct(after));
  if (ch === '*') return { open: left, close: right };
  return { open: left && (!right || isPunct(before)), close: right && (!left || isPunct(after)) };
}

/** GFM literal `https://...` autolinks in their common form; unusual shapes bail. */
function parseAutolink(text: string, at: number, end: number, inLink: boolean): { node: PhrasingContent; end: number } | null {
  const before = at > 0 ? text[at - 1] : undefined;
  if (before !== undefined && !/[\s*_(]/.test(before)) {
    if (/[A-Za-z\d]/.test(before)) return null;
    bail();
  }
  if (inLink) bail();
  let j = at;
  while (j < end && !/\s/.test(text[j]!)) j++;
  let url = text.slice(at, j);
  // Trailing punctuation is not part of the link; an unbalanced `)` neither.
  for (;;) {
    const last = url[url.length - 1];
    if (last && '?!.,:*_\'"'.includes(last)) url = url.slice(0, -1);
    else if (last === ')' && (url.match(/\)/g)?.length ?? 0) > (url.match(/\(/g)?.length ?? 0)) url = url.slice(0, -1);
    else break;
  }
  const domain = /^https?:\/\/([^/?#]*)/.exec(url)?.[1] ?? '';
  if (!domain || !/^[A-Za-z\d.-]+(?::\d+)?$/.test(domain) || domain.startsWith('.') || /[*_`[\]]/.test(url)) bail();
  encodeUrl(url);
  return { node: { type: 'link', url, title: null, children: [{ type: 'text', value: url }] }, end: at + url.length };
}

/** Join adjacent text nodes, as micromark's tree does. */
function merge(nodes: PhrasingContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const n of nodes) {
    const prev = out[out.length - 1];
    if (n.type === 'text' && prev?.type === 'text') prev.value += n.value;
    else out.push(n);
  }
  return out;
}
