import { describe, expect, it } from 'vitest';
import { render } from './helpers.js';

describe('user errors become diagnostics with positions', () => {
  it('an unknown component is an error naming file:line:column and a visible placeholder', async () => {
    const out = await render('# Title\n\nText\n\n  <Unknwn title="x">inside</Unknwn>', { lineOffset: 3 });
    expect(out.diagnostics).toHaveLength(1);
    expect(out.diagnostics[0]).toMatchObject({ file: 'page.mdx', line: 8, column: 3, severity: 'error', code: 'MDX_UNKNOWN_COMPONENT' });
    expect(out.diagnostics[0]!.message).toContain('`<Unknwn>`');
    expect(out.html).toContain('<div class="folio-unknown-component" data-component="Unknwn">');
    expect(out.html).toContain('inside');
  });

  it('an unknown component named like a snippet file is rendered from it, with a warning giving the import', async () => {
    const out = await render('<SoftLimit />', { snippets: { '/snippets/soft-limit.mdx': 'Limits can be raised.' } });
    expect(out.diagnostics.map((d) => [d.severity, d.code])).toEqual([['warning', 'MDX_COMPONENT_NOT_IMPORTED']]);
    expect(out.diagnostics[0]!.message).toContain('Add `import SoftLimit from "/snippets/soft-limit.mdx";` to the top of the page.');
    expect(out.html).toContain('Limits can be raised.');
  });

  it('MDX that fails to parse reports file:line:column with the offending line; renderMdx does not throw', async () => {
    const out = await render('# Title\n\nSome text\n\n<Note>\nunclosed {oops\n', { lineOffset: 2 });
    expect(out.diagnostics).toHaveLength(1);
    const d = out.diagnostics[0]!;
    expect(d).toMatchObject({ file: 'page.mdx', severity: 'error', code: 'MDX_PARSE_ERROR' });
    expect(d.line).toBeGreaterThanOrEqual(7);
    expect(d.message).toMatch(/\n\d+ \| .+\n +\^/);
    expect(out.html).toContain('folio-mdx-error');
  });

  it('a stray < is reported on its own line with the line text', async () => {
    const out = await render('Line one\n\nIf a <b then c\n');
    const d = out.diagnostics[0]!;
    expect(d.code).toBe('MDX_PARSE_ERROR');
    expect(d.line).toBe(3);
    expect(d.message).toContain('3 | If a <b then c');
  });

  it('a component that throws while rendering is a diagnostic, not an exception', async () => {
    const out = await render('export const Boom = () => { throw new Error("kaput") };\n\n<Boom />');
    expect(out.renderer).toBe('fast'); // failed output reports which renderer: see diagnostics
    expect(out.diagnostics.map((d) => d.code)).toEqual(['MDX_RENDER_ERROR']);
    expect(out.diagnostics[0]!.message).toContain('kaput');
  });
});
