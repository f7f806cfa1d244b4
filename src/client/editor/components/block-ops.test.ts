import { describe, expect, it } from 'vitest';
import { splitBlocks } from '../blocks.js';
import { applyEdits, deleteBlock, duplicateBlock, insertAfter, moveBlock, slashCommand, turnInto } from './block-ops.js';

const PAGE = '---\ntitle: T\n---\n\n# A\n\nPara one.\n\n<Note>\n  Careful.\n</Note>\n\nLast para.\n';
const blocks = () => splitBlocks(PAGE).filter((b) => b.kind !== 'blank' && b.kind !== 'frontmatter');

describe('block handle edits', () => {
  it('moves a block after another and before another, keeping blank lines between', () => {
    const [heading, para, note, last] = blocks();
    expect(applyEdits(PAGE, moveBlock(PAGE, para!, note!, true))).toBe('---\ntitle: T\n---\n\n# A\n\n<Note>\n  Careful.\n</Note>\n\nPara one.\n\nLast para.\n');
    expect(applyEdits(PAGE, moveBlock(PAGE, last!, heading!, false))).toBe('---\ntitle: T\n---\n\nLast para.\n\n# A\n\nPara one.\n\n<Note>\n  Careful.\n</Note>\n');
    expect(applyEdits(PAGE, moveBlock(PAGE, heading!, last!, true))).toBe('---\ntitle: T\n---\n\nPara one.\n\n<Note>\n  Careful.\n</Note>\n\nLast para.\n\n# A\n');
  });

  it('duplicates and deletes', () => {
    const [, para, , last] = blocks();
    expect(applyEdits(PAGE, duplicateBlock(PAGE, para!))).toBe(PAGE.replace('Para one.\n', 'Para one.\n\nPara one.\n'));
    expect(applyEdits(PAGE, deleteBlock(PAGE, para!))).toBe(PAGE.replace('Para one.\n\n', ''));
    expect(applyEdits(PAGE, deleteBlock(PAGE, last!))).toBe(PAGE.replace('\n\nLast para.\n', '\n'));
  });

  it('turns blocks into others and inserts components', () => {
    expect(turnInto('Para one.\nand two\n', 'h2')).toBe('## Para one. and two\n');
    expect(turnInto('## Title\n', 'paragraph')).toBe('Title\n');
    expect(turnInto('<Note>\n  Careful.\n</Note>\n', 'paragraph')).toBe('Careful.\n');
    expect(turnInto('one\ntwo\n', 'bullets')).toBe('- one\n- two\n');
    expect(turnInto('Text.\n', 'Warning')).toBe('<Warning>\n  Text.\n</Warning>\n');
    const [, para] = blocks();
    expect(applyEdits(PAGE, [insertAfter(PAGE, para!, '<Tip>\n  x\n</Tip>\n')])).toBe(PAGE.replace('Para one.\n', 'Para one.\n\n<Tip>\n  x\n</Tip>\n'));
  });

  it('reads a slash command typed as the last paragraph', () => {
    expect(slashCommand('/not')).toEqual({ query: 'not', rest: '' });
    expect(slashCommand('Intro.\n\n/ta')).toEqual({ query: 'ta', rest: 'Intro.' });
    expect(slashCommand('a/b')).toBeNull();
    expect(slashCommand('Path /usr')).toBeNull();
  });
});
