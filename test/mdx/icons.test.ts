import { describe, expect, it } from 'vitest';
import { renderMdx } from '../../src/mdx/index.js';

const render = (source: string, iconLibrary?: 'fontawesome' | 'lucide' | 'tabler', snippets: Record<string, string> = {}, renderer?: 'mdx') =>
  renderMdx(
    {
      source,
      file: 'page.mdx',
      lineOffset: 3,
      variables: {},
      iconLibrary,
      async readSnippet(importPath) {
        const text = snippets[importPath];
        return text === undefined ? null : { file: importPath.replace(/^\//, ''), source: text };
      },
    },
    { renderer },
  );

const warnings = (out: Awaited<ReturnType<typeof render>>) => out.diagnostics.filter((d) => d.code === 'ICON_UNKNOWN').map((d) => `${d.file}:${d.line}:${d.column} ${d.message}`);

describe('ICON_UNKNOWN', () => {
  it('warns at the component, once per name and file, with a count', async () => {
    const out = await render('# Title\n\n<Card title="A" icon="rocket" />\n\n<Card title="B" icon="zz-nothing" />\n\nText <Icon icon="zz-nothing" /> and <Icon icon={"zz-other"} />.\n');
    expect(warnings(out)).toEqual([
      'page.mdx:8:1 Icon `zz-nothing` (used 2 times) is not in fontawesome (icons.library) nor in the other built-in libraries; it is drawn as a dot. Use a Font Awesome Free, Lucide or Tabler name, or an image path or URL.',
      'page.mdx:10:37 Icon `zz-other` is not in fontawesome (icons.library) nor in the other built-in libraries; it is drawn as a dot. Use a Font Awesome Free, Lucide or Tabler name, or an image path or URL.',
    ]);
    expect(out.html).toContain('data-icon="zz-nothing"');
  });

  it('accepts aliases, other libraries, styles, images and inline SVG', async () => {
    const out = await render('<Card icon="rocket-launch" />\n<Card icon="sparkles" />\n<Icon icon="flag" iconType="regular" />\n<Icon icon="/img/x.svg" />\n<Card icon="https://x.test/i.png" />\n<Icon src="/img/y.png" />\n', 'lucide');
    expect(warnings(out)).toEqual([]);
    expect(out.html).toContain('<img class="folio-icon folio-icon-img" src="/img/y.png"');
    expect(out.html).toContain('data-icon="flag" data-icon-type="regular"');
  });

  it('locates names passed to a snippet in the snippet, and works in the fallback renderer', async () => {
    const snippets = { '/snippets/c.mdx': '<Card title="x" icon={props.name} />\n' };
    const out = await render('import C from "/snippets/c.mdx";\n\n<C name="zz-in-snippet" />\n', undefined, snippets);
    expect(warnings(out).map((w) => w.split(' ')[0])).toEqual(['snippets/c.mdx:1:1']);
    const fallback = await render('export const f = () => 1;\n\n<Card icon="zz-fallback" />\n', undefined, {}, 'mdx');
    expect(warnings(fallback).map((w) => w.split(' ')[0])).toEqual(['page.mdx:6:1']);
  });
});
