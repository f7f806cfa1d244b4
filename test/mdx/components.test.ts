import { describe, expect, it } from 'vitest';
import { codes, render } from './helpers.js';

describe('built-in components render server-side markup', () => {
  it.each([
    ['Note', 'note'],
    ['Info', 'info'],
    ['Tip', 'tip'],
    ['Warning', 'warning'],
    ['Check', 'check'],
    ['Danger', 'danger'],
  ])('%s is a callout box of kind %s', async (name, kind) => {
    const out = await render(`<${name}>Be **careful**</${name}>`);
    expect(out.diagnostics).toEqual([]);
    expect(out.html).toContain(`class="folio-callout folio-callout-${kind}"`);
    expect(out.html).toContain('<strong>careful</strong>');
  });

  it('Callout takes its own icon and colour', async () => {
    const out = await render('<Callout icon="key" color="#FFC107">Custom</Callout>');
    expect(out.html).toContain('data-icon="key"');
    expect(out.html).toContain('border-color:#FFC107');
  });

  it('Card with href is a link with title, icon and body; horizontal and img', async () => {
    const out = await render('<Card title="Start" icon="rocket" href="/quickstart" horizontal img="/a.png">Go</Card>');
    expect(out.html).toMatch(/<a class="folio-card folio-card-horizontal folio-card-link" href="\/quickstart">/);
    expect(out.html).toContain('<p class="folio-card-title">Start</p>');
    expect(out.html).toContain('data-icon="rocket"');
    expect(out.html).toContain('<img class="folio-card-img" src="/a.png" alt="" loading="lazy"/>');
    const external = await render('<Card title="X" href="https://example.com">x</Card>');
    expect(external.html).toContain('target="_blank"');
    const box = await render('<Card title="No link">x</Card>');
    expect(box.html).toMatch(/^<div class="folio-card">/);
  });

  it('CardGroup and Columns set their column count', async () => {
    const group = await render('<CardGroup cols={3}><Card title="a">a</Card></CardGroup>');
    expect(group.html).toContain('data-cols="3"');
    expect(group.html).toContain('--folio-cols:3');
    const cols = await render('<Columns cols={2}><Card title="a">a</Card></Columns>');
    expect(cols.html).toContain('class="folio-grid folio-columns" data-cols="2"');
  });

  it('Tabs render every panel (readable without JavaScript) with hooks for the tabs island', async () => {
    const out = await render('<Tabs>\n  <Tab title="npm">npm i</Tab>\n  <Tab title="pnpm">pnpm add</Tab>\n</Tabs>');
    expect(out.html).toContain('data-folio-tabs=""');
    expect(out.html).toContain('<button type="button" role="tab" class="folio-tab" data-folio-tab="0" data-folio-tab-key="npm" aria-selected="true">npm</button>');
    expect(out.html).toContain('data-folio-tab-panel="1" data-title="pnpm"');
    expect(out.html).not.toContain('hidden');
    expect(out.usesClientFeatures.has('tabs')).toBe(true);
  });

  it('Accordion and Expandable are native details; AccordionGroup wraps them', async () => {
    const out = await render('<AccordionGroup>\n<Accordion title="Why?" defaultOpen>Because</Accordion>\n</AccordionGroup>');
    expect(out.html).toContain('<div class="folio-accordion-group"><details class="folio-accordion" open="" id="why">');
    expect(out.html).toContain('<span class="folio-accordion-title">Why?</span>');
    const exp = await render('<Expandable title="properties">inner</Expandable>');
    expect(exp.html).toContain('<details class="folio-expandable"><summary class="folio-expandable-summary">Show properties</summary>');
  });

  it('Steps are an ordered list of titled steps', async () => {
    const out = await render('<Steps>\n  <Step title="Install">Run it</Step>\n  <Step title="Use">Call it</Step>\n</Steps>');
    expect(out.html).toMatch(/^<ol class="folio-steps"><li class="folio-step">/);
    expect(out.html).toContain('<p class="folio-step-title">Install</p>');
    expect(out.html.match(/<li class="folio-step"/g)).toHaveLength(2);
  });

  it('CodeGroup turns code blocks into tabs labelled by their titles', async () => {
    const out = await render('<CodeGroup>\n\n```js index.js\nlet a = 1\n```\n\n```py main.py\na = 1\n```\n\n</CodeGroup>');
    expect(out.html).toContain('data-folio-tab-key="index.js"');
    expect(out.html).toContain('data-folio-tab-key="main.py"');
    expect(out.usesClientFeatures).toEqual(new Set(['tabs', 'copy']));
  });

  it('RequestExample and ResponseExample are code groups with their own class', async () => {
    const out = await render('<RequestExample>\n\n```bash cURL\ncurl x\n```\n\n</RequestExample>\n\n<ResponseExample>\n\n```json 200\n{}\n```\n\n</ResponseExample>');
    expect(out.html).toContain('folio-code-group folio-request-example');
    expect(out.html).toContain('folio-code-group folio-response-example');
    expect(out.html).toContain('data-folio-tab-key="cURL"');
  });

  it('Frame has a caption', async () => {
    const out = await render('<Frame caption="A screenshot">![shot](/a.png)</Frame>');
    expect(out.html).toContain('<figure class="folio-frame">');
    expect(out.html).toContain('<figcaption class="folio-frame-caption">A screenshot</figcaption>');
    expect(out.html).toContain('<img src="/a.png" alt="shot"/>');
  });

  it('Icon is a named span with no network request; image icons are img', async () => {
    const out = await render('<Icon icon="github" iconType="brands" size={16} />');
    expect(out.html).toBe('<span class="folio-icon" data-icon="github" data-icon-type="brands" aria-hidden="true" style="width:16px;height:16px"></span>');
    const img = await render('<Icon icon="/logo.svg" />');
    expect(img.html).toContain('<img class="folio-icon folio-icon-img" src="/logo.svg"');
  });

  it('Badge and Tooltip', async () => {
    const badge = await render('<Badge color="green">New</Badge>');
    expect(badge.html).toBe('<span class="folio-badge" data-color="green">New</span>');
    const tip = await render('Hover <Tooltip tip="An interface">API</Tooltip> here');
    expect(tip.html).toContain('<span class="folio-tooltip" tabindex="0" title="An interface">');
    expect(tip.html).toContain('<span class="folio-tooltip-content" role="tooltip">An interface</span>');
  });

  it('fields, tabs and accordions get the anchor ids the platform gives them (param-<kebab name>, tab title slug)', async () => {
    const out = await render(
      '<ParamField path="payment.requires_action" type="object">A</ParamField>\n\n<ParamField path="payment.requires_action" type="object">B</ParamField>\n\n<ResponseField name="retryOn" type="string">C</ResponseField>\n\n<Tabs>\n<Tab title="OAuth app setup">D</Tab>\n<Tab title="API key">E</Tab>\n</Tabs>\n\n<Accordion title="Deployment branch">F</Accordion>',
    );
    expect(out.html).toContain('id="param-payment-requires-action"');
    expect(out.html).toContain('id="param-payment-requires-action-1"');
    expect(out.html).toContain('id="param-retry-on"');
    expect(out.html).toContain('id="oauth-app-setup"');
    expect(out.html).toContain('id="api-key"');
    expect(out.html).toContain('id="deployment-branch"');
  });

  it('ParamField shows location, name, type, required and default', async () => {
    const out = await render('<ParamField query="limit" type="integer" required default={10}>How many</ParamField>');
    expect(out.html).toContain('id="param-limit"');
    expect(out.html).toContain('<code class="folio-field-name">limit</code>');
    expect(out.html).toContain('<span class="folio-field-location">query</span>');
    expect(out.html).toContain('<span class="folio-field-type">integer</span>');
    expect(out.html).toContain('<span class="folio-field-required">required</span>');
    expect(out.html).toContain('default: <code>10</code>');
    for (const where of ['path', 'body', 'header']) {
      const o = await render(`<ParamField ${where}="x" type="string">d</ParamField>`);
      expect(o.html).toContain(`id="param-x" data-location="${where}"`);
    }
  });

  it('ResponseField with nested Expandable fields', async () => {
    const out = await render('<ResponseField name="user" type="object">\n<Expandable title="properties">\n<ResponseField name="id" type="string" required />\n</Expandable>\n</ResponseField>');
    expect(out.html).toContain('id="param-user"');
    expect(out.html).toContain('id="param-id"');
    expect(out.html).toContain('folio-expandable');
  });

  it('Update has an id from its label and a TOC entry', async () => {
    const out = await render('<Update label="2024-10-01" description="v1.2">Released</Update>');
    expect(out.html).toContain('<section class="folio-update" id="2024-10-01">');
    expect(out.html).toContain('<p class="folio-update-label">2024-10-01</p>');
    expect(out.headings).toEqual([{ depth: 2, id: '2024-10-01', text: '2024-10-01' }]);
  });

  it('Tree with Tree.Folder and Tree.File', async () => {
    const out = await render('<Tree>\n<Tree.Folder name="app" defaultOpen>\n<Tree.File name="page.tsx" />\n</Tree.Folder>\n</Tree>');
    expect(out.html).toContain('<ul class="folio-tree" role="tree">');
    expect(out.html).toContain('<details open="">');
    expect(out.html).toMatch(/<li class="folio-tree-file" role="treeitem"><span[^>]*><\/span>page.tsx<\/li>/);
  });

  it('Mermaid component and mermaid fences become pre.mermaid for the browser', async () => {
    const a = await render('<Mermaid chart="graph TD; A-->B" />');
    expect(a.html).toBe('<pre class="mermaid" tabindex="0">graph TD; A--&gt;B</pre>');
    const b = await render('```mermaid\ngraph TD; A-->B\n```');
    expect(b.html).toBe('<pre class="mermaid" tabindex="0">graph TD; A--&gt;B</pre>');
    expect(b.usesClientFeatures.has('mermaid')).toBe(true);
  });

  it('Latex is typeset at build time', async () => {
    const out = await render('<Latex>x^2</Latex>');
    expect(out.html).toContain('class="katex');
    expect(out.usesClientFeatures.has('math')).toBe(true);
  });

  it('Visibility for agents is left out of the HTML, headings and all; Color palette; Prompt is copyable', async () => {
    const vis = await render('<Visibility for="agents">\n## Agent steps\n\nOnly for LLMs\n</Visibility>\n\n<Visibility for="humans">For people</Visibility>');
    expect(vis.html).not.toContain('LLMs');
    expect(vis.html).not.toContain('Agent steps');
    expect(vis.headings).toEqual([]);
    expect(vis.html).toContain('For people');
    const color = await render('<Color variant="compact">\n<Color.Item name="primary" value="#16A34A" />\n</Color>');
    expect(color.html).toContain('data-light="#16A34A"');
    const prompt = await render('<Prompt description="Try this">Write a test</Prompt>');
    expect(prompt.html).toContain('data-folio-copy=""');
  });

  it('lowercase HTML passes through with class, for and string style converted', async () => {
    const out = await render('<div class="box" style="color: red; font-size: 12px">hi <label for="x">x</label></div>');
    expect(out.diagnostics).toEqual([]);
    expect(out.html).toBe('<div class="box" style="color:red;font-size:12px">hi <label for="x">x</label></div>');
  });

  it('props given as expressions: arrays, objects, JSX', async () => {
    const out = await render('<Card title={"Hi " + "there"} icon={<svg width="1" />}>x</Card>');
    expect(out.renderer).toBe('fast');
    expect(out.html).toContain('<p class="folio-card-title">Hi there</p>');
    expect(out.html).toContain('<svg width="1"></svg>');
    expect(codes(out)).toEqual([]);
  });

  it.each(['auto', 'mdx'] as const)('<Heading level id noAnchor> is a real heading: id, TOC entry, anchor unless noAnchor (%s renderer)', async (renderer) => {
    const out = await render('## Intro\n\n<Heading level={3} noAnchor>\nHeading without anchor\n</Heading>\n\n<Heading id="own">Mine</Heading>\n\n<Heading level="4">Intro</Heading>\n', { renderer });
    expect(codes(out)).toEqual([]);
    expect(out.headings).toEqual([
      { depth: 2, id: 'intro', text: 'Intro' },
      { depth: 3, id: 'heading-without-anchor', text: 'Heading without anchor' },
      { depth: 2, id: 'own', text: 'Mine' },
      { depth: 4, id: 'intro-2', text: 'Intro' },
    ]);
    expect(out.html).toContain('<h3 id="heading-without-anchor">Heading without anchor</h3>');
    expect(out.html).toContain('<h2 id="own"><a class="folio-anchor" href="#own" aria-hidden="true" tabindex="-1" data-pagefind-ignore="">#</a>Mine</h2>');
  });

  it('older names the platform still accepts render as their component, without a warning', async () => {
    const pairs: Array<[string, string]> = [
      ['<Param query="q" type="string">Query</Param>', '<ParamField query="q" type="string">Query</ParamField>'],
      ['<Github.Repo repo="a/b" />', '<GitHub.Repo repo="a/b" />'],
      ['<SnippetGroup>\n```js a.js\nx\n```\n</SnippetGroup>', '<CodeGroup>\n```js a.js\nx\n```\n</CodeGroup>'],
    ];
    for (const [old, current] of pairs) {
      const [a, b] = await Promise.all([render(old), render(current)]);
      expect(codes(a)).toEqual([]);
      expect(a.html).toBe(b.html);
    }
  });

  it('ZoomImage wraps its image; Variation renders its content in place', async () => {
    const out = await render('<ZoomImage><img src="/x.png" alt="X" /></ZoomImage>\n\n<Variation>Only **variant**</Variation>\n');
    expect(codes(out)).toEqual([]);
    expect(out.html).toContain('<div class="folio-zoom-image"><img src="/x.png" alt="X"/></div>');
    expect(out.html).toContain('<div class="folio-variation">Only <strong>variant</strong></div>');
  });
});
