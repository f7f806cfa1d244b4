import { describe, expect, it } from 'vitest';
import { render } from './helpers.js';

describe('user errors become diagnostics with positions', () => {
  it('an unknown component is a warning at file:line:column, and what it wraps is rendered', async () => {
    const out = await render('# Title\n\nText\n\n  <Unknwn title="x">inside</Unknwn>', { lineOffset: 3 });
    expect(out.diagnostics).toHaveLength(1);
    expect(out.diagnostics[0]).toMatchObject({ file: 'page.mdx', line: 8, column: 3, severity: 'warning', code: 'MDX_UNKNOWN_COMPONENT' });
    expect(out.diagnostics[0]!.message).toContain('`<Unknwn>`');
    expect(out.html).toContain('<div class="folio-unknown-component" data-component="Unknwn">inside</div>');
  });

  it("an unknown component from another framework names the platform's component to write instead", async () => {
    const out = await render('<Files>\n  <Folder name="app">\n    <File name="a.ts" />\n    <File name="b.ts" />\n  </Folder>\n</Files>\n\n<Details title="More">hidden</Details>\n\n<Unknwn />');
    const byName = (n: string) => out.diagnostics.find((d) => d.message.startsWith(`Unknown component \`<${n}>\``))!;
    expect(out.diagnostics.map((d) => `${d.line}:${d.column} ${d.code}`)).toEqual(['1:1 MDX_UNKNOWN_COMPONENT', '2:3 MDX_UNKNOWN_COMPONENT', '3:5 MDX_UNKNOWN_COMPONENT', '8:1 MDX_UNKNOWN_COMPONENT', '10:1 MDX_UNKNOWN_COMPONENT']);
    expect(byName('Files').message).toContain('Write `<Tree>` instead.');
    expect(byName('Folder').message).toContain('Write `<Tree.Folder>` instead.');
    expect(byName('File').message).toMatch(/^Unknown component `<File>` \(used 2 times\).*Write `<Tree.File>` instead\.$/);
    expect(byName('Details').message).toContain('`<Expandable>`');
    const important = await render('<Important>\nKeep a balance.\n</Important>');
    expect(important.diagnostics[0]!.message).toContain('Write `<Warning>` or `<Info>`');
    expect(important.html).toContain('Keep a balance.');
    const error = await render('<Error>Failed.</Error>');
    expect(error.diagnostics[0]!.message).toContain('Write `<Danger>`');
    expect(byName('Unknwn').message).not.toContain('instead');
    expect(out.html).toContain('hidden');
  });

  it('a formula KaTeX rejects is a warning; inline math from a stray `$` says to escape it', async () => {
    const out = await render('Credit on the $5 plan: `\\$5 * 2 = \\$10`\n\n$$\n\\frac{1}\n$$');
    expect(out.diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.code}`)).toEqual(['1:15 warning MDX_MATH_ERROR', '3:1 warning MDX_MATH_ERROR']);
    expect(out.diagnostics[0]!.message).toContain('escape each as `\\$`');
    expect(out.diagnostics[1]!.message).not.toContain('escape');
    expect(out.html).toContain('katex-error');
  });

  it('an unknown component named like a snippet file is rendered from it, with a warning giving the import', async () => {
    const out = await render('<SoftLimit />', { snippets: { '/snippets/soft-limit.mdx': 'Limits can be raised.' } });
    expect(out.diagnostics.map((d) => [d.severity, d.code])).toEqual([['warning', 'MDX_COMPONENT_NOT_IMPORTED']]);
    expect(out.diagnostics[0]!.message).toContain('Add `import SoftLimit from "/snippets/soft-limit.mdx";` to the top of the page.');
    expect(out.html).toContain('Limits can be raised.');
  });

  it('MDX that fails to parse is rendered as Markdown, with a warning naming file:line:column and the offending line', async () => {
    const out = await render('# Title\n\nSome text\n\n<Note>\nunclosed {oops\n', { lineOffset: 2 });
    expect(out.diagnostics).toHaveLength(1);
    const d = out.diagnostics[0]!;
    expect(d).toMatchObject({ file: 'page.mdx', line: 8, severity: 'warning', code: 'MDX_MARKDOWN_FALLBACK' });
    expect(d.message).toMatch(/\n8 \| unclosed \{oops\n +\^$/);
    expect(out.html).not.toContain('folio-mdx-error');
    expect(out.html).toContain('<p>Some text</p>');
    expect(out.headings.map((h) => h.text)).toEqual(['Title']);
  });

  it('a stray < is reported on its own line with the line text', async () => {
    const out = await render('Line one\n\nIf a <b then c\n');
    const d = out.diagnostics[0]!;
    expect(d.code).toBe('MDX_MARKDOWN_FALLBACK');
    expect(d.line).toBe(3);
    expect(d.message).toContain('3 | If a <b then c');
    expect(out.html).toContain('<p>If a &lt;b then c</p>');
  });

  it('an unclosed tag is reported once, at its opening tag, without parser positions in the message', async () => {
    const unclosed = await render('Intro\n\n<Note>\nText here\n\nMore text\n\nEnd\n', { lineOffset: 4 });
    expect(unclosed.diagnostics.map((d) => [d.line, d.column, d.code])).toEqual([[7, 1, 'MDX_MARKDOWN_FALLBACK']]);
    expect(unclosed.diagnostics[0]!.message).toContain('(`<Note>` is never closed; add `</Note>` or write it self-closing (`<Note />`))');
    expect(unclosed.diagnostics[0]!.message).toContain('\n7 | <Note>\n');
    const crossed = await render('A\n\n<Card title="x">\n  <Note>\n  inner\n</Card>\n\nB\n');
    expect(crossed.diagnostics.map((d) => [d.line, d.column])).toEqual([[4, 3]]);
    expect(crossed.diagnostics[0]!.message).toContain('`<Note>` is never closed: `</Card>` on line 6 comes first');
    const inTable = await render('| a | b |\n|---|---|\n| x<br>y | z |\n');
    expect(inTable.diagnostics.map((d) => [d.line, d.column])).toEqual([[3, 4]]);
    expect(inTable.diagnostics[0]!.message).toContain('`<br>` is never closed (it must close before the end of its table cell)');
    expect(inTable.html).toContain('<td>x<br/>');
    for (const d of [...unclosed.diagnostics, ...crossed.diagnostics, ...inTable.diagnostics]) expect(d.message).not.toMatch(/\d+:\d+-\d+:\d+/);
  });

  it('a component that throws while rendering is a diagnostic, not an exception', async () => {
    const out = await render('export const Boom = () => { throw new Error("kaput") };\n\n<Boom />');
    expect(out.renderer).toBe('fast'); // failed output reports which renderer: see diagnostics
    expect(out.diagnostics.map((d) => d.code)).toEqual(['MDX_RENDER_ERROR']);
    expect(out.diagnostics[0]!.message).toContain('kaput');
  });
});
