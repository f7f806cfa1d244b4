/**
 * The visual mode's rich text over every page of three real corpora: each prose block (heading,
 * paragraph, component content) that qualifies for rich editing gives its bytes back unedited, and
 * a word typed at its end changes its Markdown by exactly that word. Prints which share of the
 * prose blocks qualifies, per corpus and kind.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Fragment, Slice, type Node as PMNode } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { corpusDir, haveCorpora, listMdx } from '../mdx/corpus-helpers.js';
import { replaceBody, splitBlocks, type Block } from '../../src/client/editor/blocks.js';
import { bodyFromRich, richBodyOf, richSchema, type RichContext } from '../../src/client/editor/rich-text.js';

const NAMES = ['mintlify-docs', 'fastmcp', 'pipecat'];
const CORPORA = NAMES.map(corpusDir);

/** The corpus's pages, as absolute paths. */
const pages = (dir: string) => listMdx(dir).map((rel) => path.join(dir, rel));

/** As the visual mode decides (main.ts `richContextOf`). */
function contextOf(block: Block): RichContext | null {
  if (block.kind === 'heading') return 'line';
  if (block.kind === 'paragraph') return 'flow';
  if (block.kind === 'component' && block.prefix !== '') return 'flow';
  return null;
}

/** The document with `text` typed after its last character. */
function typeAtEnd(doc: PMNode, text: string): PMNode {
  let end = -1;
  doc.descendants((node, pos) => {
    if (node.isTextblock) end = pos + 1 + node.content.size;
  });
  if (end < 0) return doc;
  return doc.replace(end, end, new Slice(Fragment.from(richSchema.text(text)), 0, 0));
}

/** Whether `after` is `before` with `inserted` put in at one place. */
function isOneInsertion(before: string, after: string, inserted: string): boolean {
  if (after.length !== before.length + inserted.length) return false;
  let prefix = 0;
  while (prefix < before.length && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (suffix < before.length && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
  for (let at = before.length - suffix; at <= prefix; at++) if (after === before.slice(0, at) + inserted + before.slice(at)) return true;
  return false;
}

describe.skipIf(!haveCorpora(...NAMES))('rich text in the visual mode over three corpora', () => {
  it.each(CORPORA)('keeps every qualifying block of %s byte for byte, and an edit changes only the typed word', (dir) => {
    const counts: Record<string, { prose: number; rich: number }> = {};
    let tables = 0;
    for (const file of pages(dir)) {
      const source = fs.readFileSync(file, 'utf8');
      for (const block of splitBlocks(source)) {
        const context = contextOf(block);
        if (!context) continue;
        // A table is not prose: the rich text has no table and leaves it to the Markdown.
        if (block.kind === 'paragraph' && /^\s*\|.*\|\s*$/m.test(block.body)) {
          tables++;
          continue;
        }
        const kind = block.kind === 'component' ? 'component' : block.kind;
        const count = (counts[kind] ??= { prose: 0, rich: 0 });
        count.prose++;
        const rich = richBodyOf(block.body, context);
        if (!rich) continue;
        count.rich++;
        const doc = context === 'line' ? richSchema.node('doc', null, [richSchema.node('heading', { level: 2 }, rich.doc.firstChild!.content)]) : rich.doc;
        const unedited = bodyFromRich(rich, doc);
        if (unedited !== block.body || replaceBody(source, block, unedited) !== source) throw new Error(`${file}: block at ${block.from} does not read back: ${JSON.stringify(block.body)} → ${JSON.stringify(unedited)}`);
        const typed = typeAtEnd(doc, ' word');
        const edited = bodyFromRich(rich, typed);
        if (typed !== doc && !isOneInsertion(block.body, edited, ' word')) throw new Error(`${file}: typing in the block at ${block.from} changed more than the word: ${JSON.stringify(block.body)} → ${JSON.stringify(edited)}`);
      }
    }
    const share = (c: { prose: number; rich: number }) => `${c.rich}/${c.prose} (${((100 * c.rich) / c.prose).toFixed(1)} %)`;
    const all = Object.values(counts).reduce((a, c) => ({ prose: a.prose + c.prose, rich: a.rich + c.rich }), { prose: 0, rich: 0 });
    console.log(`${path.basename(dir)}: rich text ${share(all)}; ${Object.entries(counts).map(([k, c]) => `${k} ${share(c)}`).join(', ')}; ${tables} tables left as Markdown`);
    // Most prose qualifies; the rest is inline JSX, expressions, images and unusual markup.
    expect(all.rich / all.prose).toBeGreaterThan(0.85);
  });
});
