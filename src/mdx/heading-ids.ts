import type { Root } from 'mdast';
import { walkMdast } from './walk.js';

/**
 * Custom heading ids, `## Configuration {#config}`: the platform documents this syntax, but to an
 * MDX parser `{#config}` is a JavaScript expression that does not parse (233 pages of one corpus
 * failed on it). Before parsing, the suffix is replaced by a marker that every parser reads as
 * plain text (private-use characters around the id's number, no longer than the suffix, so
 * positions stay put); afterwards the marker is cut from the heading and becomes its id. The fast
 * Markdown parser keeps no positions, so the marker, not a line number, finds the heading.
 */
const HEADING_ID = /^([ \t]*#{1,6}(?:[ \t].*?)?)([ \t]*\{#([^{}\n]+)\})[ \t]*$/;
const FENCE = /^[ \t]*(`{3,}|~{3,})/;
const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARKER = new RegExp(`[ \\t]*${OPEN}(\\d+)${CLOSE}[ \\t]*$`);

export interface HeadingIds {
  /** The source with every `{#id}` suffix replaced by a marker. */
  text: string;
  /** Marker number → the custom id. */
  ids: string[];
}

/** Find `{#id}` suffixes of ATX headings outside fenced code; null when the page has none. */
export function extractHeadingIds(source: string): HeadingIds | null {
  if (!source.includes('{#')) return null;
  const lines = source.split('\n');
  const ids: string[] = [];
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const f = FENCE.exec(line);
    if (fence !== null) {
      if (f && f[1]![0] === fence[0] && f[1]!.length >= fence.length && line.trim() === f[1]) fence = null;
      continue;
    }
    if (f) {
      fence = f[1]!;
      continue;
    }
    const cr = line.endsWith('\r') ? '\r' : '';
    const m = HEADING_ID.exec(cr ? line.slice(0, -1) : line);
    if (!m) continue;
    const marker = `${OPEN}${ids.length}${CLOSE}`;
    ids.push(m[3]!.trim());
    lines[i] = m[1]! + marker.padEnd(line.length - cr.length - m[1]!.length) + cr;
  }
  return ids.length > 0 ? { text: lines.join('\n'), ids } : null;
}

/** Cut each heading's marker and give the heading its id (mdast → hast carries `hProperties`). */
export function applyHeadingIds(tree: Root, ids: readonly string[]): void {
  walkMdast(tree, (node) => {
    if (node.type !== 'heading') return;
    const last = node.children[node.children.length - 1];
    if (last?.type !== 'text') return;
    const m = MARKER.exec(last.value);
    const id = m ? ids[Number(m[1])] : undefined;
    if (!m || id === undefined) return;
    last.value = last.value.slice(0, m.index);
    if (last.value === '') node.children.pop();
    const data = (node.data ??= {}) as { hProperties?: Record<string, unknown> };
    data.hProperties = { ...data.hProperties, id };
  });
}
