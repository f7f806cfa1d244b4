import { describe, expect, it } from 'vitest';
import { replaceBody, splitBlocks, type Block } from './blocks.js';

const PAGE = `---
title: Quick start
---

# Install

Run the installer.
It takes a minute.

<Note>
  Needs **Node 20**.
</Note>

\`\`\`bash npm
npm i folio
\`\`\`

<Steps>
  <Step title="One">
    \`\`\`js
    const a = '</Steps>';
    \`\`\`
  </Step>
</Steps>

<Card
  title="Next"
  href="/next"
/>
<img src="/a.png" />
import { X } from '/snippets/x.mdx';

Last line without newline`;

const view = (b: Block) => [b.kind, b.detail ?? '', b.body];

describe('visual mode blocks', () => {
  it('cuts a page into top-level blocks with editable bodies', () => {
    const blocks = splitBlocks(PAGE).filter((b) => b.kind !== 'blank');
    expect(blocks.map(view)).toEqual([
      ['frontmatter', '', '---\ntitle: Quick start\n---\n'],
      ['heading', '1', 'Install'],
      ['paragraph', '', 'Run the installer.\nIt takes a minute.'],
      ['component', 'Note', '  Needs **Node 20**.\n'],
      ['code', 'bash', 'npm i folio\n'],
      ['component', 'Steps', expect.stringContaining("const a = '</Steps>';")],
      ['component', 'Card', '<Card\n  title="Next"\n  href="/next"\n/>\n'],
      ['html', 'img', '<img src="/a.png" />\n'],
      ['esm', '', "import { X } from '/snippets/x.mdx';\n"],
      ['paragraph', '', 'Last line without newline'],
    ]);
  });

  it('replaces only the edited body', () => {
    const note = splitBlocks(PAGE).find((b) => b.detail === 'Note')!;
    const edited = replaceBody(PAGE, note, '  Needs **Node 22**.\n');
    expect(edited).toBe(PAGE.replace('Node 20', 'Node 22'));
    const heading = splitBlocks(PAGE).find((b) => b.kind === 'heading')!;
    expect(replaceBody(PAGE, heading, 'Set up')).toBe(PAGE.replace('# Install', '# Set up'));
  });

  it('edits the text of a one-line callout between its tags', () => {
    const text = '<Tip title="x">Short tip.</Tip>\n';
    const [tip] = splitBlocks(text);
    expect([tip!.prefix, tip!.body, tip!.suffix]).toEqual(['<Tip title="x">', 'Short tip.', '</Tip>\n']);
    expect(replaceBody(text, tip!, 'Longer tip.')).toBe('<Tip title="x">Longer tip.</Tip>\n');
  });

  it('covers an unclosed component or fence as text, without losing bytes', () => {
    const text = 'Intro\n\n<Note>\nnever closed\n\n```js\nopen fence\n';
    const blocks = splitBlocks(text);
    expect(blocks.map((b) => text.slice(b.from, b.to)).join('')).toBe(text);
    expect(blocks.find((b) => b.kind === 'code')?.body).toBe('open fence\n');
  });
});
