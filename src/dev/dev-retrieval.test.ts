import { describe, expect, it } from 'vitest';
import { sectionsOfMarkdown } from '../retrieval/index.js';
import { mdxAsMarkdown } from './dev-retrieval.js';

describe('mdxAsMarkdown', () => {
  it('takes out imports, exports, JSX tags and expressions, and keeps headings, text and fenced code as written', () => {
    const body = [
      "import Thing from '/snippets/thing.mdx';",
      'export const answer = 42;',
      '',
      '<Note>Keep the {props.value} wrench dry.</Note>',
      '',
      '## Install <Badge>new</Badge>',
      '',
      '```jsx',
      '<Button onClick={() => go()}>Go</Button>',
      'import x from "y";',
      '```',
      '',
      '<Steps>',
      '  <Step title="One">Turn it on.</Step>',
      '</Steps>',
    ].join('\n');
    const markdown = mdxAsMarkdown(body);
    expect(markdown).not.toMatch(/import Thing|export const|<Note>|<Steps>|\{props\.value\}/);
    expect(markdown).toContain('Keep the wrench dry.');
    expect(markdown).toContain('```jsx\n<Button onClick={() => go()}>Go</Button>\nimport x from "y";\n```');
    expect(markdown).toContain('Turn it on.');
    expect(markdown).not.toMatch(/\n[ \t]*\n[ \t]*\n/);
    const sections = sectionsOfMarkdown(`# Page\n\n${markdown}`);
    expect(sections.map((s) => [s.anchor, s.heading])).toEqual([
      ['', ''],
      ['install-new', 'Install new'],
    ]);
  });
});
