/**
 * The Markdown of the components `components.mdx` does not pin, as a table of MDX input → expected
 * Markdown, each checked through both MDX renderers (they draw the same compiled tree).
 */
import { describe, expect, it } from 'vitest';
import { treeToMarkdown } from '../../src/markdown/index.js';
import { renderMdx } from '../../src/mdx/index.js';

const CASES: [name: string, mdx: string, markdown: string][] = [
  ['Mermaid code block', '```mermaid\ngraph TD\n  A --> B\n```\n', '```mermaid\ngraph TD\n  A --> B\n```\n'],
  ['Mermaid component', '<Mermaid chart="graph LR; X-->Y" />\n', '```mermaid\ngraph LR; X-->Y\n```\n'],
  ['Update', '<Update label="2024-05-01" description="v1.2">\n  Added **search**.\n</Update>\n', '## 2024-05-01\n\nv1.2\n\nAdded **search**.\n'],
  ['Frame', '<Frame caption="The dashboard">\n  <img src="/img/dash.png" alt="Dashboard" />\n</Frame>\n', '![Dashboard](/img/dash.png)\n\n_The dashboard_\n'],
  ['Frame with a Markdown image', '<Frame>\n  ![Chart](/img/chart.png)\n</Frame>\n', '![Chart](/img/chart.png)\n'],
  ['Tooltip', 'An <Tooltip tip="Application Programming Interface">API</Tooltip> call.\n', 'An API (Application Programming Interface) call.\n'],
  [
    'Tree',
    '<Tree>\n  <Tree.Folder name="app">\n    <Tree.File name="page.tsx" />\n    <Tree.Folder name="lib">\n      <Tree.File name="db.ts" />\n    </Tree.Folder>\n  </Tree.Folder>\n  <Tree.File name="package.json" />\n</Tree>\n',
    '- app/\n  - page.tsx\n  - lib/\n    - db.ts\n- package.json\n',
  ],
  ['Color', '<Color variant="compact">\n  <Color.Item name="primary" value="#0D9373" />\n  <Color.Item name="light" value="#55D799" />\n</Color>\n', '- primary: #0D9373\n- light: #55D799\n'],
  ['Color rows', '<Color variant="table">\n  <Color.Row title="Brand">\n    <Color.Item name="primary" value="#0D9373" />\n  </Color.Row>\n</Color>\n', '**Brand**\n\n- primary: #0D9373\n'],
  ['Prompt', '<Prompt description="Ask for a summary">\nSummarize this page in three bullet points.\n</Prompt>\n', '**Ask for a summary**\n\n```text\nSummarize this page in three bullet points.\n```\n'],
  ['Tile', '<Tile href="/guide" title="Guide">Start here.</Tile>\n', '- [Guide](/guide): Start here.\n'],
  ['View', '<View title="Python">\nRun `pip install x`.\n</View>\n\n<View title="Node">\nRun `npm i x`.\n</View>\n', '**Python**\n\nRun `pip install x`.\n\n**Node**\n\nRun `npm i x`.\n'],
  [
    'RequestExample and ResponseExample',
    '<RequestExample>\n```bash cURL\ncurl https://api.test/pets\n```\n</RequestExample>\n\n<ResponseExample>\n```json 200\n{ "id": 1 }\n```\n</ResponseExample>\n',
    '**Request example**\n\n**cURL**\n\n```bash\ncurl https://api.test/pets\n```\n\n**Response example**\n\n**200**\n\n```json\n{ "id": 1 }\n```\n',
  ],
  ['Latex', 'Inline <Latex inline>E = mc^2</Latex> and block:\n\n<Latex>\\frac{a}{b}</Latex>\n', 'Inline $E = mc^2$ and block:\n\n$$\n\\frac{a}{b}\n$$\n'],
  ['Math in Markdown', 'Energy $E = mc^2$ and:\n\n$$\na^2 + b^2 = c^2\n$$\n', 'Energy $E = mc^2$ and:\n\n$$\na^2 + b^2 = c^2\n$$\n'],
];

async function markdownOf(source: string, renderer: 'auto' | 'mdx') {
  const out = await renderMdx({ source, file: 'page.mdx', lineOffset: 0, variables: {}, readSnippet: async () => null }, { alsoText: treeToMarkdown, renderer });
  expect(out.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return out.text;
}

describe('Markdown of more components', () => {
  it.each(CASES)('%s', async (_name, mdx, markdown) => {
    expect(await markdownOf(mdx, 'auto')).toBe(markdown);
    expect(await markdownOf(mdx, 'mdx')).toBe(markdown);
  });
});
