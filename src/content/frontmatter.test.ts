import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseFrontmatter, simpleMapping } from './frontmatter.js';
import { pageFromText } from './page-index.js';

const codes = (text: string) => parseFrontmatter(text, 'p.mdx').diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.code}`);

describe('parseFrontmatter', () => {
  it('reads YAML and says where the body starts', () => {
    const text = '---\ntitle: Hello\nhidden: true\n---\n# Body\n';
    const fm = parseFrontmatter(text, 'p.mdx');
    expect(fm.data).toEqual({ title: 'Hello', hidden: true });
    expect(fm.bodyLine).toBe(5);
    expect(text.slice(fm.bodyOffset)).toBe('# Body\n');
    expect(fm.diagnostics).toEqual([]);
  });

  it('handles CRLF line ends and a byte-order mark', () => {
    const fm = parseFrontmatter('\uFEFF---\r\ntitle: Win\r\n---\r\nBody', 'p.mdx');
    expect(fm.data).toEqual({ title: 'Win' });
    expect(fm.bodyLine).toBe(4);
  });

  it('treats a file without frontmatter as all body', () => {
    expect(parseFrontmatter('# Just a heading\n', 'p.mdx')).toEqual({ data: {}, bodyOffset: 0, bodyLine: 1, diagnostics: [] });
  });

  it('refuses ---js frontmatter without evaluating it', () => {
    const marker = `folio_js_${Date.now()}`;
    const fm = parseFrontmatter(`---js\nglobalThis.${marker} = 1;\nexport const title = 'x';\n---\nBody`, 'p.mdx');
    expect(fm.data).toEqual({});
    expect((globalThis as Record<string, unknown>)[marker]).toBeUndefined();
    expect(fm.diagnostics[0]!.message).toMatchInlineSnapshot(`"JavaScript frontmatter (\`---js\`) is not supported and was not executed; its fields are ignored. Rewrite it as YAML frontmatter starting with a plain \`---\` line."`);
    expect(fm.bodyLine).toBe(5);
  });

  it('refuses custom and language-specific YAML tags', () => {
    expect(codes('---\ntitle: ok\nrun: !!js/function "function(){}"\n---\n')).toEqual(['3:6 error CONTENT_FRONTMATTER_TAG']);
    expect(codes('---\nx: !custom value\n---\n')).toEqual(['2:4 error CONTENT_FRONTMATTER_TAG']);
    expect(parseFrontmatter('---\nb: !!binary aGk=\n---\n', 'p.mdx').data).toEqual({});
  });

  it('stops alias bombs', () => {
    const bomb = ['---', 'a: &a [x, x, x, x, x]', 'b: &b [*a, *a, *a, *a, *a]', 'c: &c [*b, *b, *b, *b, *b]', 'd: [*c, *c, *c, *c, *c]', '---', ''].join('\n');
    expect(codes(bomb)).toEqual(['2:1 error CONTENT_FRONTMATTER_ALIASES']);
  });

  it('reports YAML syntax errors at their line in the file', () => {
    const fm = parseFrontmatter('---\ntitle: ok\nbad: a: b\n---\nBody', 'p.mdx');
    expect(fm.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`)).toMatchInlineSnapshot(`
      [
        "3:6 Frontmatter is not valid YAML: Nested mappings are not allowed in compact mappings. Fix the YAML (quote values containing \`:\` or \`#\`).",
      ]
    `);
    expect(fm.data).toEqual({});
  });

  it('reads a quoted value continued at column 1 leniently, with a warning', () => {
    const fm = parseFrontmatter('---\ndescription: "first line\nsecond line"\ntitle: T\n---\n', 'p.mdx');
    expect(fm.data).toEqual({ description: 'first line second line', title: 'T' });
    expect(fm.diagnostics.map((d) => d.severity)).toEqual(['warning']);
  });

  it('keeps a quoted value open across a continuation line that reads like a key', () => {
    const text = "---\ntitle: Tags\ndescription: 'Tags organize sessions.\nEx: `paid-user`, `it''s`'\n---\n";
    const fm = parseFrontmatter(text, 'p.mdx');
    expect(fm.data).toEqual({ title: 'Tags', description: "Tags organize sessions. Ex: `paid-user`, `it's`" });
    expect(fm.diagnostics.map((d) => d.severity)).toEqual(['warning']);
  });

  it('reads a quoted value whose continuation line looks like a key (`Ex: ...`), with the same warning', () => {
    const single = parseFrontmatter("---\ntitle: Tags\ndescription: 'Organize sessions.\nEx: `paid-user`, `v3`'\n---\n", 'p.mdx');
    expect(single.data).toEqual({ title: 'Tags', description: 'Organize sessions. Ex: `paid-user`, `v3`' });
    expect(single.diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.code}`)).toEqual(['2:1 warning CONTENT_FRONTMATTER_SYNTAX']);
    const double = parseFrontmatter('---\ndescription: "It\'s \\"quoted\\"\nNote: still the value\nand more"\nicon: x\n---\n', 'p.mdx');
    expect(double.data).toEqual({ description: 'It\'s "quoted" Note: still the value and more', icon: 'x' });
    expect(codes("---\na: 'it''s closed'\nb: c\n---\n")).toEqual([]);
  });

  it('substitutes docs.json variables in every frontmatter string; an unknown name stays, with one warning', () => {
    const text = '---\ntitle: "{{product}} API"\ndescription: Use {{ product }} {{version}} in {{missing}}, {{missing}}.\n"og:title": "{{product}}"\nkeywords: ["{{product}}"]\n---\nBody';
    const fm = parseFrontmatter(text, 'p.mdx', { variables: { product: 'Folio', version: '2' } });
    expect(fm.data).toEqual({ title: 'Folio API', description: 'Use Folio 2 in {{missing}}, {{missing}}.', 'og:title': 'Folio', keywords: ['Folio'] });
    expect(fm.diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.code}`)).toEqual(['3:47 warning CONTENT_FRONTMATTER_VARIABLE']);
    expect(fm.diagnostics[0]!.message).toBe('`{{missing}}` names no entry of docs.json `variables`; it is shown as written. Add the variable or fix the name.');
    expect(parseFrontmatter(text, 'p.mdx').data.title).toBe('{{product}} API');
    const page = pageFromText('p.mdx', text, false, { product: 'Folio', version: '2', missing: 'x' });
    expect([page.page.title, page.page.description, page.diagnostics]).toEqual(['Folio API', 'Use Folio 2 in x, x.', []]);
  });

  it('warns on a repeated key and keeps the last value', () => {
    const fm = parseFrontmatter('---\ntitle: A\ntitle: B\n---\n', 'p.mdx');
    expect(codes('---\ntitle: A\ntitle: B\n---\n')).toEqual(['3:1 warning CONTENT_FRONTMATTER_SYNTAX']);
    expect(fm.data).toEqual({ title: 'B' });
  });

  it('rejects frontmatter that is not a mapping', () => {
    expect(codes('---\n- a\n- b\n---\n')).toEqual(['2:1 error CONTENT_FRONTMATTER_NOT_MAPPING']);
  });

  it('reports an unclosed block and keeps the whole file as body', () => {
    const fm = parseFrontmatter('---\ntitle: x\n# Body', 'p.mdx');
    expect(fm.bodyOffset).toBe(0);
    expect(fm.diagnostics.map((d) => d.code)).toEqual(['CONTENT_FRONTMATTER_UNCLOSED']);
  });
});

describe('simpleMapping (frontmatter without the YAML parser)', () => {
  it('reads plain and quoted one-line values as the YAML parser does', () => {
    const texts = [
      'title: Page 0\ndescription: Footer the small line, warning markdown.\n',
      'title: "Quick start"\nicon: \'rocket\'\nsidebarTitle: Start here\n',
      "title: It's a page\ndescription: a:b and {x} and [y], no#1\n",
      'title: Über uns\ndescription: 入门指南\n',
      'title: "C:\\Program Files"\n',
      "title: 'a \\\\ b'\n",
      '',
    ];
    for (const text of texts) {
      const fast = simpleMapping(text);
      if (text.includes('"C:\\')) expect(fast).toBeNull();
      else {
        expect(fast, text).not.toBeNull();
        expect(fast).toEqual(parse(text, { schema: 'core' }) ?? {});
      }
    }
  });

  it('leaves to the parser every value YAML reads as something else than its text', () => {
    for (const text of ['hidden: true\n', 'hidden: False\n', 'x: null\n', 'order: 3\n', 'title: a: b\n', 'title: a #c\n', 'title: "a" # c\n', "title: 'it''s'\n", 'title: "a\\"b"\n', 'title: x\ntitle: y\n', 'tags:\n  - a\n', '# note\ntitle: a\n', 'title: a\r\n', 'title: &a x\n', 'title: *a\n', 'title: |\n  x\n', 'title: {{name}}\n', 'og:title: a\n', 'title: a:\n', 'title:\n']) {
      expect(simpleMapping(text), text).toBeNull();
    }
  });

  it('gives the page the same data either way', () => {
    const page = '---\ntitle: "Setup"\ndescription: Install it\nmode: wide\n---\n\n# Body\n';
    const slow = parse('title: "Setup"\ndescription: Install it\nmode: wide\n', { schema: 'core' });
    expect(parseFrontmatter(page, 'setup.mdx').data).toEqual(slow);
  });
});
