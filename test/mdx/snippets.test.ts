import { describe, expect, it } from 'vitest';
import { codes, render } from './helpers.js';

describe('snippets', () => {
  it('an imported MDX snippet is expanded with its props, children and headings', async () => {
    const out = await render('import Intro from "/snippets/intro.mdx";\n\n# Page\n\n<Intro product="Folio">**kids**</Intro>', {
      snippets: { '/snippets/intro.mdx': '## About {product}\n\nWelcome to {product}. {children}\n\n<Note>{product} rocks</Note>' },
    });
    expect(out.renderer).toBe('fast');
    expect(codes(out)).toEqual([]);
    expect(out.html).toContain('<h2 id="about-folio">');
    expect(out.html).toContain('<p>Welcome to Folio. <strong>kids</strong></p>');
    expect(out.html).toContain('Folio rocks');
    expect(out.headings.map((h) => h.id)).toEqual(['page', 'about-folio']);
  });

  it('named exports of constants can be imported and used in expressions and props', async () => {
    const out = await render('import { version, links } from "/snippets/consts.mdx";\n\nVersion {version}.\n\n<Card title={links.docs} href={links.docs}>x</Card>', {
      snippets: { '/snippets/consts.mdx': 'export const version = "1.2.3";\nexport const links = { docs: "/docs" };' },
    });
    expect(out.renderer).toBe('fast');
    expect(out.html).toContain('<p>Version 1.2.3.</p>');
    const heading = await render('import { version } from "/snippets/consts.mdx";\n\n## Release {version}', {
      snippets: { '/snippets/consts.mdx': 'export const version = "1.2.3";' },
    });
    expect(heading.headings).toEqual([{ depth: 2, id: 'release-1-2-3', text: 'Release 1.2.3' }]);
    expect(out.html).toContain('href="/docs"');
  });

  it('<Snippet file> reads from snippets/ (and the legacy _snippets/)', async () => {
    const out = await render('<Snippet file="help.mdx" />\n\n<Snippet file="old.mdx" />', {
      snippets: { '/snippets/help.mdx': 'Need help?', '/_snippets/old.mdx': 'Legacy' },
    });
    expect(codes(out)).toEqual([]);
    expect(out.html).toContain('<p>Need help?</p>');
    expect(out.html).toContain('<p>Legacy</p>');
  });

  it('snippets can use snippets; a cycle is reported, not an infinite loop', async () => {
    const nested = await render('import A from "/snippets/a.mdx";\n\n<A />', {
      snippets: { '/snippets/a.mdx': 'import B from "/snippets/b.mdx";\n\nA says <B name="x" />', '/snippets/b.mdx': 'B got {name}' },
    });
    expect(nested.html).toContain('A says');
    expect(nested.html).toContain('B got x');
    const cycle = await render('import A from "/snippets/a.mdx";\n\n<A />', {
      snippets: { '/snippets/a.mdx': 'import B from "/snippets/b.mdx";\n\n<B />', '/snippets/b.mdx': 'import A from "/snippets/a.mdx";\n\n<A />' },
    });
    expect(codes(cycle)).toContain('MDX_SNIPPET_CYCLE');
  });

  it('a missing snippet is a warning at the import line and a visible placeholder where it is used', async () => {
    const out = await render('# T\n\nimport Gone from "/snippets/gone.mdx";\n\n<Gone>kept</Gone>\n\n<Snippet file="nope.mdx" />', { lineOffset: 3 });
    expect(out.diagnostics).toMatchObject([
      { code: 'MDX_SNIPPET_NOT_FOUND', severity: 'warning', line: 6, column: 1, file: 'page.mdx' },
      { code: 'MDX_SNIPPET_NOT_FOUND', severity: 'warning', line: 10, column: 1, file: 'page.mdx' },
    ]);
    expect(out.diagnostics[0]!.message).toBe('Snippet `/snippets/gone.mdx` was not found, so a placeholder is shown in its place. Create the file under the docs root or fix the path.');
    expect(out.html).toContain('<div class="folio-missing-snippet" role="note" data-pagefind-ignore="">Missing snippet: /snippets/gone.mdx</div>kept');
    expect(out.html).toContain('Missing snippet: /snippets/nope.mdx');
    const named = await render('import { version } from "/snippets/gone.mdx";\n\nVersion {version}.\n');
    expect(named.diagnostics.map((d) => [d.severity, d.code])).toEqual([['warning', 'MDX_SNIPPET_NOT_FOUND']]);
    expect(named.html).toBe('<p>Version .</p>');
  });

  it.each(['auto', 'mdx'] as const)('a name a snippet does not export is one warning at the import; its usages render nothing (%s renderer)', async (renderer) => {
    const out = await render('import { Present, Absent } from "/snippets/consts.mdx";\n\n<CodeGroup>\n  {Absent}\n</CodeGroup>\n\n{Present} and {Absent}.\n', {
      renderer,
      snippets: { '/snippets/consts.mdx': 'export const Present = "here";' },
    });
    expect(out.diagnostics.map((d) => [d.severity, d.code, d.line])).toEqual([['warning', 'MDX_SNIPPET_EXPORT_MISSING', 1]]);
    expect(out.diagnostics[0]!.message).toContain('has no export named `Absent`, so `Absent` renders nothing.');
    expect(out.html).toContain('<p>here and .</p>');
  });

  it('a JavaScript snippet that does not exist is a warning; the component it names renders its children', async () => {
    const out = await render('import { Chart } from "/snippets/chart.jsx";\n\n<Chart>fallback text</Chart>\n');
    expect(out.renderer).toBe('mdx');
    expect(out.diagnostics.map((d) => [d.severity, d.code, d.line])).toEqual([['warning', 'MDX_SNIPPET_NOT_FOUND', 1]]);
    expect(out.html).toContain('fallback text');
  });

  it('an npm import is refused with an error; a snippet exporting a component runs on the fallback', async () => {
    const npm = await render('import { Thing } from "some-package";\n\n<Thing />');
    expect(codes(npm)).toEqual(['MDX_UNSUPPORTED_IMPORT', 'MDX_UNSUPPORTED_IMPORT']);
    const comp = await render('import { TF } from "/snippets/tf.mdx";\n\n<TF name="blocks" />', {
      snippets: { '/snippets/tf.mdx': 'export const TF = ({ name }) => (\n<p>Manage {name} with <Icon icon="terraform" /></p>\n);' },
    });
    expect(comp.renderer).toBe('mdx');
    expect(codes(comp)).toEqual([]);
    expect(comp.html).toBe('<p>Manage blocks with <span class="folio-icon" data-icon="terraform" aria-hidden="true"></span></p>');
  });

  it('a JavaScript snippet component runs on the fallback with React hooks in scope', async () => {
    const out = await render('import { Counter } from "/snippets/counter.jsx";\n\n<Counter start={3} />', {
      snippets: { '/snippets/counter.jsx': 'export const Counter = ({ start }) => {\n  const [n] = useState(start);\n  return <button className="c">{n}</button>;\n};\n' },
    });
    expect(out.renderer).toBe('mdx');
    expect(codes(out)).toEqual([]);
    // A component with state is an island: its server HTML inside the element that hydrates it.
    expect(out.html).toMatch(/^<folio-island data-island="[0-9a-f]+"[^>]*><button class="c">3<\/button><\/folio-island>$/);
  });
});
