/**
 * Compatibility with what real repositories write: components used without their import, bare
 * `{name}` placeholders in prose, the `<Warn>` alias, components nobody defines, missing snippets
 * and pages MDX rejects. Each resolves with one warning where the platform still publishes.
 */
import { describe, expect, it } from 'vitest';
import { renderMdx } from '../../src/mdx/index.js';
import { codes, render } from './helpers.js';

const jsxButton = 'export const PreviewButton = ({ children, href }) => <a className="preview" href={href}>{children}</a>;\n';

describe('components used without an import', () => {
  it('are rendered from the snippet other pages import under that name, with a warning at the usage', async () => {
    const out = await render('# Title\n\n<ScrapingWarning />\n', {
      lineOffset: 4,
      snippets: { '/snippets/web-scraping-warning.mdx': 'Scraping may break the terms of service.' },
      knownImports: { ScrapingWarning: [{ source: '/snippets/web-scraping-warning.mdx', imported: 'default' }] },
    });
    expect(out.html).toContain('Scraping may break the terms of service.');
    expect(out.renderer).toBe('fast');
    expect(out.diagnostics).toEqual([
      expect.objectContaining({ file: 'page.mdx', line: 7, column: 1, severity: 'warning', code: 'MDX_COMPONENT_NOT_IMPORTED' }),
    ]);
    expect(out.diagnostics[0]!.message).toContain('other pages import `ScrapingWarning` from "/snippets/web-scraping-warning.mdx"');
    expect(out.diagnostics[0]!.message).toContain('Add `import ScrapingWarning from "/snippets/web-scraping-warning.mdx";`');
  });

  it('take a named export of a JavaScript snippet when other pages import it that way', async () => {
    const out = await render('<PreviewButton href="/skill.md">Open it</PreviewButton>\n', {
      snippets: { '/snippets/previewbutton.jsx': jsxButton },
      knownImports: { PreviewButton: [{ source: '/snippets/previewbutton.jsx', imported: 'PreviewButton' }] },
    });
    expect(out.html).toContain('<a class="preview" href="/skill.md">Open it</a>');
    expect(codes(out)).toEqual(['MDX_COMPONENT_NOT_IMPORTED']);
    expect(out.diagnostics[0]!.message).toContain('`import { PreviewButton } from "/snippets/previewbutton.jsx";`');
  });

  it('find a .mdx snippet named after the component (kebab-case)', async () => {
    const out = await render('Intro\n\n<UsefulNextSteps />\n', { snippets: { '/snippets/useful-next-steps.mdx': '## Next steps\n\nRead the guides.' } });
    expect(out.html).toContain('Read the guides.');
    expect(out.headings.map((h) => h.text)).toEqual(['Next steps']);
    expect(out.diagnostics.map((d) => [d.severity, d.code, d.line, d.column])).toEqual([['warning', 'MDX_COMPONENT_NOT_IMPORTED', 3, 1]]);
    expect(out.diagnostics[0]!.message).toContain('"/snippets/useful-next-steps.mdx" is named after it');
  });

  it('find a .jsx snippet named after the component only when it exports that name', async () => {
    const out = await render('<PreviewButton href="/a">A</PreviewButton>\n', { snippets: { '/snippets/previewbutton.jsx': jsxButton } });
    expect(out.html).toContain('<a class="preview" href="/a">A</a>');
    expect(codes(out)).toEqual(['MDX_COMPONENT_NOT_IMPORTED']);

    const other = await render('<PreviewButton href="/a">A</PreviewButton>\n', { snippets: { '/snippets/previewbutton.jsx': 'export const Other = () => null;\n' } });
    expect(codes(other)).toEqual(['MDX_UNKNOWN_COMPONENT']);
  });

  it('warn, listing the candidates, when the repository defines the name in two places', async () => {
    const out = await render('<SoftLimit />\n', {
      snippets: { '/snippets/soft-limit.mdx': 'One.', '/snippets/limits/soft.mdx': 'Two.' },
      knownImports: { SoftLimit: [{ source: '/snippets/limits/soft.mdx', imported: 'default' }] },
    });
    expect(out.diagnostics.map((d) => [d.severity, d.code, d.line, d.column])).toEqual([['warning', 'MDX_UNKNOWN_COMPONENT', 1, 1]]);
    expect(out.diagnostics[0]!.message).toContain(
      'several places, so Folio cannot pick one: `import SoftLimit from "/snippets/limits/soft.mdx";`, `import SoftLimit from "/snippets/soft-limit.mdx";`',
    );
    expect(out.html).toContain('data-component="SoftLimit"');
    expect(out.html).not.toContain('One.');
  });

  it('ignore candidates from other pages whose snippet does not exist', async () => {
    const out = await render('<Gone />\n', { knownImports: { Gone: [{ source: '/snippets/gone.mdx', imported: 'default' }] } });
    expect(codes(out)).toEqual(['MDX_UNKNOWN_COMPONENT']);
  });

  it('a component nobody defines is one warning per name at its first usage; what it wraps is rendered', async () => {
    const out = await render('Text\n\n  <Foo />\n\n<Foo>**kept**</Foo> and <Foo>inline</Foo>\n', { lineOffset: 2, snippets: { '/snippets/bar.mdx': 'Bar' } });
    expect(out.diagnostics).toEqual([expect.objectContaining({ file: 'page.mdx', line: 5, column: 3, severity: 'warning', code: 'MDX_UNKNOWN_COMPONENT' })]);
    expect(out.diagnostics[0]!.message).toContain('Unknown component `<Foo>` (used 3 times): the page is built without it, showing only what it wraps.');
    expect(out.diagnostics[0]!.message).not.toContain('several places');
    expect(out.html).toContain('<span class="folio-unknown-component" data-component="Foo"><strong>kept</strong></span>');
    expect(out.html).toContain('<span class="folio-unknown-component" data-component="Foo">inline</span>');
    const slow = await render('Text\n\n  <Foo />\n\n<Foo>**kept**</Foo> and <Foo>inline</Foo>\n', { lineOffset: 2, renderer: 'mdx' });
    expect(slow.html).toBe(out.html);
    expect(slow.diagnostics).toEqual(out.diagnostics);
  });
});

describe('bare names in prose that the page does not define', () => {
  const text = 'The path is projects/{project}/jobs/{job.name} here.\n';

  it.each(['auto', 'mdx'] as const)('are shown as written with a warning (%s renderer)', async (renderer) => {
    const out = await render(text, { renderer, lineOffset: 3 });
    expect(out.renderer).toBe(renderer === 'auto' ? 'fast' : 'mdx');
    expect(out.html).toBe('<p>The path is projects/{project}/jobs/{job.name} here.</p>');
    expect(out.diagnostics.map((d) => [d.severity, d.code, d.line, d.column])).toEqual([
      ['warning', 'MDX_UNDEFINED_EXPRESSION', 4, 22],
      ['warning', 'MDX_UNDEFINED_EXPRESSION', 4, 37],
    ]);
    expect(out.diagnostics[0]!.message).toContain('Escape the braces as `\\{project\\}`');
  });

  it('behave the same on a page that needs the fallback (export function)', async () => {
    const out = await render(`export function Shout({ children }) { return <strong>{children}</strong>; }\n\n<Shout>Hi</Shout> and Format: "files/{sha256hash}.zip".\n`);
    expect(out.renderer).toBe('mdx');
    expect(out.html).toContain('<strong>Hi</strong> and Format: &quot;files/{sha256hash}.zip&quot;.');
    expect(codes(out)).toEqual(['MDX_UNDEFINED_EXPRESSION']);
  });

  it('render defined names normally', async () => {
    const out = await render('export const project = "acme";\n\nprojects/{project}\n');
    expect(out.html).toBe('<p>projects/acme</p>');
    expect(out.diagnostics).toEqual([]);
  });

  it.each(['auto', 'mdx'] as const)('any other expression naming something undefined renders nothing, with one warning at it (%s renderer)', async (renderer) => {
    const out = await render('Sum: {a + b}, then {`python ${script_path}`} and {items.length > 0 && "some"}.\n', { renderer, lineOffset: 1 });
    expect(out.html).toBe('<p>Sum: , then  and .</p>');
    expect(out.diagnostics.map((d) => [d.severity, d.code, d.line, d.column])).toEqual([
      ['warning', 'MDX_UNDEFINED_EXPRESSION', 2, 6],
      ['warning', 'MDX_UNDEFINED_EXPRESSION', 2, 20],
      ['warning', 'MDX_UNDEFINED_EXPRESSION', 2, 50],
    ]);
    expect(out.diagnostics[0]!.message).toBe('`{a + b}` renders nothing because this page defines no `a`, `b`. Define them with `export const a = ...` or import them from a snippet, or escape the braces as `\\{...\\}` if they are text.');
    expect(out.diagnostics[1]!.message).toContain('defines no `script_path`');
  });

  it('leave expressions whose names all resolve, and those that bind names of their own, to run', async () => {
    const out = await render('export const items = ["a", "b"];\n\n{items.map((x) => x.toUpperCase()).join(", ")} and {Math.max(1, 2)}\n');
    expect(out.html).toBe('<p>A, B and 2</p>');
    expect(out.diagnostics).toEqual([]);
  });
});

describe('snippets used without a prop they read', () => {
  const snippets = {
    '/snippets/run-example-code.mdx': 'Run it:\n\n<Tip>{`python ${path_to_script}`}</Tip>\n\n<a href={`/examples/${path_to_script}`}>source</a> {label}\n',
  };
  const page = (usage: string) => `import RunExampleCode from "/snippets/run-example-code.mdx";\n\n${usage}\n`;

  it.each(['auto', 'mdx'] as const)('render what reads the missing prop as nothing, with one warning at the usage (%s renderer)', async (renderer) => {
    const out = await render(page('<RunExampleCode label="Go" />'), { snippets, renderer, lineOffset: 2 });
    expect(out.renderer).toBe(renderer === 'auto' ? 'fast' : 'mdx');
    expect(out.html).toContain('<div class="folio-callout-body"></div>');
    expect(out.html).toContain('<a>source</a>\nGo');
    expect(out.diagnostics.map((d) => [d.file, d.severity, d.code, d.line, d.column])).toEqual([['page.mdx', 'warning', 'MDX_SNIPPET_PROP_MISSING', 5, 1]]);
    expect(out.diagnostics[0]!.message).toBe(
      '`<RunExampleCode>` does not pass `path_to_script`, which snippets/run-example-code.mdx reads, so what reads it renders nothing. Pass it: `<RunExampleCode path_to_script="..." />`.',
    );
  });

  it('render the snippet in full when the usage passes the prop', async () => {
    const out = await render(page('<RunExampleCode path_to_script="agent.py" label="Go" />'), { snippets });
    expect(out.html).toContain('python agent.py');
    expect(out.html).toContain('<a href="/examples/agent.py">source</a>\nGo');
    expect(out.diagnostics).toEqual([]);
  });
});

describe('the <Warn> alias', () => {
  it.each(['auto', 'mdx'] as const)('renders a warning callout and warns to rename it (%s renderer)', async (renderer) => {
    const [warn, warning] = await Promise.all([
      render('Before\n\n<Warn>Careful with **this**.</Warn>\n', { renderer }),
      render('Before\n\n<Warning>Careful with **this**.</Warning>\n', { renderer }),
    ]);
    expect(warn.html).toBe(warning.html);
    expect(warn.diagnostics.map((d) => [d.severity, d.code, d.line, d.column])).toEqual([['warning', 'MDX_COMPONENT_ALIAS', 3, 1]]);
    expect(warn.diagnostics[0]!.message).toContain('Rename it to `<Warning>`');
  });

  it('gives way to a snippet the repository defines under that name', async () => {
    const one = await render('<Warn>x</Warn>\n', { snippets: { '/snippets/warn.mdx': 'From the snippet.' } });
    expect(codes(one)).toEqual(['MDX_COMPONENT_NOT_IMPORTED']);
    expect(one.html).toBe('<p>From the snippet.</p>');
    const two = await render('<Warn>x</Warn>\n', {
      snippets: { '/snippets/warn.mdx': 'One.', '/snippets/other.mdx': 'Two.' },
      knownImports: { Warn: [{ source: '/snippets/other.mdx', imported: 'default' }] },
    });
    expect(codes(two)).toEqual(['MDX_UNKNOWN_COMPONENT']);
  });

  it('does not guess other names', async () => {
    const out = await render('<Warnin>x</Warnin>\n');
    expect(codes(out)).toEqual(['MDX_UNKNOWN_COMPONENT']);
  });
});

describe('pages that are not valid MDX', () => {
  // Under MDX rules an indented inner fence closes the outer one, leaving `</Step>` as stray JSX.
  const source = '# Steps\n\n```mdx\n<Steps>\n  <Step title="Install">\n    ```bash\n    npm i -g mint\n    ```\n  </Step>\n</Steps>\n```\n\nAfter <b>bold</b>.\n';
  const renderAs = (file: string) => renderMdx({ source, file, lineOffset: 2, variables: {}, readSnippet: async () => null });

  it('render as plain Markdown with a warning at the MDX error', async () => {
    const out = await renderAs('guide/steps.md');
    expect(out.diagnostics.map((d) => [d.file, d.severity, d.code, d.line])).toEqual([['guide/steps.md', 'warning', 'MDX_MARKDOWN_FALLBACK', 11]]);
    expect(out.diagnostics[0]!.message).toContain('rendered as plain Markdown');
    expect(out.diagnostics[0]!.message).toContain('11 |   </Step>');
    // The code block's text, whether or not MDX's grammar is loaded yet (coloured text is split into spans).
    const text = out.html.replace(/<[^>]+>/g, '');
    expect(text).toContain('npm i -g mint');
    expect(text).toContain('&lt;/Steps&gt;');
    expect(out.html).toContain('After &lt;b&gt;bold&lt;/b&gt;.');
    expect(out.headings.map((h) => h.text)).toEqual(['Steps']);
  });

  it('an .mdx page with the same text is rendered as Markdown the same way', async () => {
    const [md, mdx] = await Promise.all([renderAs('guide/steps.md'), renderAs('guide/steps.mdx')]);
    expect(mdx.diagnostics.map((d) => [d.file, d.severity, d.code, d.line])).toEqual([['guide/steps.mdx', 'warning', 'MDX_MARKDOWN_FALLBACK', 11]]);
    expect(mdx.html).toBe(md.html);
    expect(mdx.html).not.toContain('folio-mdx-error');
  });
});
