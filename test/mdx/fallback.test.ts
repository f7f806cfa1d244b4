import { describe, expect, it } from 'vitest';
import { render } from './helpers.js';

const page = `import { version } from "/snippets/consts.mdx";
import Intro from "/snippets/intro.mdx";

# Guide {version}

<Intro who="you" />

Some *emphasis*, **strong**, \`code\`, a [link](/x) and $x^2$.

<Note>
  A note with a [link](/y).
</Note>

<Tabs>
  <Tab title="One">
    First tab
  </Tab>
  <Tab title="Two">Second</Tab>
</Tabs>

<CardGroup cols={2}>
  <Card title="A" icon="rocket" href="/a">Alpha</Card>
  <Card title={"B"} href="/b">Beta</Card>
</CardGroup>

| a | b |
|---|---|
| 1 | 2 |

\`\`\`js example.js {1}
const a = 1;
\`\`\`

<ParamField query="q" type="string" required default="x">Query</ParamField>

<Steps>
  <Step title="Install">Run</Step>
</Steps>

<div className="custom" style={{ color: 'red' }}>raw <b>html</b></div>

<Unknown>kept</Unknown>
`;

describe('fast path and @mdx-js/mdx fallback', () => {
  it('produce the same HTML, headings and diagnostics for a page both can render', async () => {
    const snippets = { '/snippets/consts.mdx': 'export const version = "2.0";', '/snippets/intro.mdx': '## Hello {who}\n\nIntro text.' };
    const fast = await render(page, { snippets });
    const slow = await render(page, { snippets, renderer: 'mdx' });
    expect(fast.renderer).toBe('fast');
    expect(slow.renderer).toBe('mdx');
    expect(fast.html.length).toBeGreaterThan(2000);
    expect(slow.html).toBe(fast.html);
    expect(slow.headings).toEqual(fast.headings);
    expect(slow.diagnostics).toEqual(fast.diagnostics);
    expect(fast.diagnostics.map((d) => d.code)).toEqual(['MDX_UNKNOWN_COMPONENT']);
    expect([...slow.usesClientFeatures].sort()).toEqual([...fast.usesClientFeatures].sort());
  });

  it('pages with JavaScript exports go to the fallback automatically', async () => {
    const out = await render('export const Hello = ({ name }) => <b>Hi {name.toUpperCase()}</b>;\n\n<Hello name="ada" /> {new Date(0).getUTCFullYear()}');
    expect(out.renderer).toBe('mdx');
    expect(out.diagnostics).toEqual([]);
    expect(out.html).toBe('<b>Hi ADA</b>\n1970');
  });

  it('built-in components and hooks are in scope for page-defined components', async () => {
    const out = await render('export const Box = () => { const [v] = useState("ok"); return <Note>{v}</Note>; };\n\n<Box />');
    expect(out.diagnostics).toEqual([]);
    expect(out.html).toContain('folio-callout-note');
    expect(out.html).toContain('ok');
  });
});
