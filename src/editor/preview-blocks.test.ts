import { describe, expect, it } from 'vitest';
import { runMdxJob } from '../render/index.js';
import { BlockCache, blockKey, joinForCompile, splitCompiled, splitPreviewBlocks } from './preview-blocks.js';

const body = [
  "import { Thing } from '/snippets/thing.mdx';",
  '',
  '# Install',
  '',
  'A paragraph',
  'on two lines.',
  '',
  '```bash',
  'npm install',
  '',
  'npm start',
  '```',
  '',
  '<Note>',
  'First paragraph of the note.',
  '',
  'Second paragraph of the note.',
  '</Note>',
  '',
  '- one',
  '',
  '- two',
  '',
  '  still item two',
  '',
  '<img src="/a.png" alt="A">',
  '',
  '<https://example.com> is a link.',
  '',
  '<Tabs>',
  '  <Tab title="A">',
  '',
  '    <Tabs>',
  '      <Tab title="Inner">Inner text</Tab>',
  '    </Tabs>',
  '',
  '  </Tab>',
  '</Tabs>',
  '',
  'export const x = 1;',
  '',
  'Last words.',
  '',
].join('\n');

describe('splitPreviewBlocks', () => {
  it('cuts a body into its top-level blocks, keeping fences, elements and loose lists whole', () => {
    const { esm, blocks } = splitPreviewBlocks(body);
    expect(esm).toBe("import { Thing } from '/snippets/thing.mdx';\n\nexport const x = 1;");
    expect(blocks).toEqual([
      '# Install',
      'A paragraph\non two lines.',
      '```bash\nnpm install\n\nnpm start\n```',
      '<Note>\nFirst paragraph of the note.\n\nSecond paragraph of the note.\n</Note>',
      '- one\n\n- two\n\n  still item two',
      '<img src="/a.png" alt="A">',
      '<https://example.com> is a link.',
      '<Tabs>\n  <Tab title="A">\n\n    <Tabs>\n      <Tab title="Inner">Inner text</Tab>\n    </Tabs>\n\n  </Tab>\n</Tabs>',
      'Last words.',
    ]);
  });

  it('gives an element that never closes the rest of the page, and an unclosed fence too', () => {
    expect(splitPreviewBlocks('A\n\n<Note>\nopen\n\nB\n').blocks).toEqual(['A', '<Note>\nopen\n\nB']);
    expect(splitPreviewBlocks('A\n\n```\ncode\n\nmore\n').blocks).toEqual(['A', '```\ncode\n\nmore']);
  });

  it('keys a block by its source and its context', () => {
    expect(blockKey('ctx', 'A')).toBe(blockKey('ctx', 'A'));
    expect(blockKey('ctx', 'A')).not.toBe(blockKey('ctx', 'B'));
    expect(blockKey('ctx', 'A')).not.toBe(blockKey('other frontmatter', 'A'));
  });
});

describe('compiling blocks together', () => {
  const compile = async (source: string) => (await runMdxJob({ id: 0, file: 'page.mdx', source, lineOffset: 0, markdown: false }, '/nonexistent', {}, { untrusted: true })).html;

  it('gives back one piece per block, each as the block compiled alone draws it', async () => {
    const page = '# Title\n\nSome **bold** text.\n\n<Note>\nA note.\n\nTwo paragraphs.\n</Note>\n\n- a\n- b\n\n```js\nconst a = 1;\n```\n';
    const { esm, blocks } = splitPreviewBlocks(page);
    const token = 'folioblocktest0123';
    const pieces = splitCompiled(await compile(joinForCompile(esm, blocks, token)), token, blocks.length);
    expect(pieces).not.toBeNull();
    for (const [i, block] of blocks.entries()) expect(pieces![i]).toBe((await compile(block + '\n')).trim());
    // The pieces together are the page compiled whole.
    expect(pieces!.join('\n')).toBe((await compile(page)).trim());
  });

  it('says when the blocks do not come back one by one', () => {
    expect(splitCompiled('<p>a</p>\n<p>tok</p>\n<p>b</p>', 'tok', 3)).toBeNull();
    expect(splitCompiled('<p>a</p>\n<p>tok</p>\n<p>b</p>', 'tok', 2)).toEqual(['<p>a</p>', '<p>b</p>']);
  });
});

describe('BlockCache', () => {
  it('keeps the most recently used blocks up to its limit', () => {
    const cache = new BlockCache(2);
    cache.set('a', '<p>a</p>');
    cache.set('b', '<p>b</p>');
    expect(cache.get('a')).toBe('<p>a</p>');
    cache.set('c', '<p>c</p>');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('<p>a</p>');
    expect(cache.size).toBe(2);
  });
});
