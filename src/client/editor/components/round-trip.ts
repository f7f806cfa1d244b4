/**
 * The visual mode's round trip on one page, as the corpus checks run it: the page read as the
 * model (`tree.ts`) and written back from it (rich text serialised again from its documents) must
 * be the page byte for byte; an edit of one prose block (top-level, and one inside a component) must
 * change only that block's lines. Pure: the tests read the files and call this.
 */
import { Fragment, Slice, type Node as PMNode } from 'prosemirror-model';
import { bodyFromRich, richSchema } from '../rich-text.js';
import { KNOWN_COMPONENTS, pageModel, serializePage, type ElementNode, type LeafNode, type ModelBlock } from './tree.js';

export interface RoundTrip {
  /** The page written back unchanged equals it. */
  identical: boolean;
  /** Top-level component/HTML blocks that do not read as an element tree (kept as opaque source). */
  opaque: number;
  /** Elements read but not drawn as the site does (unknown components: a labelled card). */
  labelled: number;
  /** Elements drawn as the site does. */
  drawn: number;
  /** Rich prose blocks, and the edits tried: null when the page has no such block, else whether only its lines changed. */
  prose: number;
  topEdit: boolean | null;
  nestedEdit: boolean | null;
  problem?: string;
}

/** `doc` with ` edited` appended to the text of its first textblock. */
function appendWord(doc: PMNode): PMNode {
  let at = -1;
  doc.descendants((node, pos) => {
    if (at < 0 && node.isTextblock && node.content.size > 0) at = pos + 1 + node.content.size;
    return at < 0;
  });
  if (at < 0) return doc;
  return doc.replace(at, at, new Slice(Fragment.from(richSchema.text(' edited')), 0, 0));
}

/** Whether `after` differs from `before` only inside the lines [from, to) of `before`. */
function onlyLinesChanged(before: string, after: string, from: number, to: number): boolean {
  const lineStart = before.lastIndexOf('\n', from - 1) + 1;
  const nl = before.indexOf('\n', Math.max(from, to - 1));
  const lineEnd = nl < 0 ? before.length : nl + 1;
  const tail = before.slice(lineEnd);
  return after !== before && after.startsWith(before.slice(0, lineStart)) && after.endsWith(tail) && after.length - tail.length >= lineStart;
}

/** Every leaf under an element, with the element chain above it. */
function* leavesOf(el: ElementNode): Generator<LeafNode> {
  for (const child of el.children) {
    if (child.type === 'leaf') yield child;
    else yield* leavesOf(child);
  }
}

function* elementsOf(el: ElementNode): Generator<ElementNode> {
  yield el;
  for (const child of el.children) if (child.type === 'element') yield* elementsOf(child);
}

/** Try an edit of `leaf` (in `model`) and restore it; whether only its bytes' lines changed. */
function tryEdit(source: string, model: ModelBlock[], leaf: LeafNode): boolean {
  const rich = leaf.rich!;
  const before = serializePage(model);
  // Where the leaf's bytes are: mark it, find the mark.
  const saved = leaf.body;
  const marker = '\u0000LEAF\u0000';
  leaf.body = marker;
  const marked = serializePage(model);
  const from = marked.indexOf(marker);
  leaf.body = bodyFromRich(rich, appendWord(rich.doc));
  const after = serializePage(model);
  leaf.body = saved;
  if (before !== source) return false;
  return onlyLinesChanged(source, after, from, from + saved.length);
}

export function roundTrip(source: string): RoundTrip {
  const model = pageModel(source);
  const result: RoundTrip = { identical: false, opaque: 0, labelled: 0, drawn: 0, prose: 0, topEdit: null, nestedEdit: null };
  try {
    result.identical = serializePage(model, true) === source;
  } catch (err) {
    result.problem = (err as Error).message;
    return result;
  }
  for (const b of model) {
    if (b.block.kind === 'component' || b.block.kind === 'html') {
      if (!b.element) result.opaque++;
      else {
        for (const el of elementsOf(b.element)) {
          if (/^[a-z]/.test(el.name) || KNOWN_COMPONENTS.has(el.name)) result.drawn++;
          else result.labelled++;
        }
        // A tag inside that does not read as an element stays its bytes.
        for (const leaf of leavesOf(b.element)) if (leaf.block.kind === 'component' || leaf.block.kind === 'html') result.opaque++;
      }
    }
    if (b.leaf?.rich) result.prose++;
  }
  const editable = (leaf: LeafNode | null): boolean => Boolean(leaf?.rich && leaf.block.kind === 'paragraph' && appendWord(leaf.rich.doc) !== leaf.rich.doc);
  const top = model.find((b) => editable(b.leaf));
  if (top) result.topEdit = tryEdit(source, model, top.leaf!);
  for (const b of model) {
    if (!b.element) continue;
    const leaf = [...leavesOf(b.element)].find(editable);
    if (leaf) {
      result.nestedEdit = tryEdit(source, model, leaf);
      break;
    }
  }
  return result;
}
