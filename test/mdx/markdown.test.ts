import { describe, expect, it } from 'vitest';
import { render } from './helpers.js';

describe('Markdown features', () => {
  it('GitHub-flavoured Markdown: tables, task lists, strikethrough, autolinks', async () => {
    const out = await render('| a | b |\n|:--|--:|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n~~old~~ and https://example.com/x.');
    // Focusable, so a keyboard reader can scroll a wide table.
    expect(out.html).toContain('<table tabindex="0"><thead><tr><th style="text-align:left">a</th><th style="text-align:right">b</th></tr></thead>');
    // Each checkbox named after its item, so screen readers say what is done.
    expect(out.html).toContain('<input type="checkbox" disabled="" aria-label="done" checked=""/> done');
    expect(out.html).toContain('<input type="checkbox" disabled="" aria-label="todo"/> todo');
    expect(out.html).toContain('<del>old</del>');
    expect(out.html).toContain('<a href="https://example.com/x">https://example.com/x</a>.');
  });

  it('headings get the platform anchor ids (duplicates numbered from 2), anchor links and a TOC list', async () => {
    const out = await render('# Intro\n\n## Getting started\n\n## Getting started\n\n### The `config` file');
    expect(out.headings).toEqual([
      { depth: 1, id: 'intro', text: 'Intro' },
      { depth: 2, id: 'getting-started', text: 'Getting started' },
      { depth: 2, id: 'getting-started-2', text: 'Getting started' },
      { depth: 3, id: 'the-config-file', text: 'The config file' },
    ]);
    expect(out.html).toContain('<h2 id="getting-started-2"><a class="folio-anchor" href="#getting-started-2" aria-hidden="true" tabindex="-1" data-pagefind-ignore="">#</a>Getting started</h2>');
  });

  it.each(['auto', 'mdx'] as const)('`## Title {#id}` sets a custom heading id, outside code only (%s renderer)', async (renderer) => {
    const source = '## Run workflows {#comfy run}\n\n```md\n## Kept {#as-is}\n```\n\n<Tab title="One">\n  ### Inside **a tab** {#inside}\n</Tab>\n\n### Plain {#plain}\n\nText.\n';
    const out = await render(source, { renderer });
    expect(out.diagnostics).toEqual([]);
    expect(out.headings).toEqual([
      { depth: 2, id: 'comfy run', text: 'Run workflows' },
      { depth: 3, id: 'inside', text: 'Inside a tab' },
      { depth: 3, id: 'plain', text: 'Plain' },
    ]);
    expect(out.html).toContain('<h3 id="plain"><a class="folio-anchor" href="#plain" aria-hidden="true" tabindex="-1" data-pagefind-ignore="">#</a>Plain</h3>');
    expect(out.html).toContain('{#as-is}');
  });

  it('math: inline and display formulas are KaTeX HTML at build time', async () => {
    const out = await render('Euler: $e^{i\\pi} + 1 = 0$\n\n$$\n\\int_0^1 x\\,dx\n$$');
    expect(out.html).toContain('<span class="folio-math folio-math-inline"><span class="katex">');
    expect(out.html).toContain('<div class="folio-math folio-math-display"><span class="katex-display">');
    expect(out.usesClientFeatures.has('math')).toBe(true);
    const bad = await render('$\\frac{1}$');
    expect(bad.diagnostics.map((d) => d.code)).toEqual(['MDX_MATH_ERROR']);
  });

  it('code: Shiki with light colours inline and dark ones as variables, title, copy button, highlighted lines', async () => {
    const out = await render('```ts title.ts {2}\nconst a: number = 1;\nexport { a };\n```');
    expect(out.html).toContain('<div class="folio-code" data-folio-copy-scope="" data-lang="ts" data-title="title.ts">');
    expect(out.html).toContain('<span class="folio-code-title">title.ts</span>');
    expect(out.html).toContain('<button type="button" class="folio-copy" data-folio-copy="" aria-label="Copy code">Copy</button>');
    expect(out.html).toContain('class="shiki shiki-themes github-light github-dark"');
    // github-light's keyword red (#D73A49, 4.7:1) nudged to read at 4.8:1 on the site's code background (readableTheme).
    expect(out.html).toContain('<span style="color:#D13847;--shiki-dark:#F97583">const</span>');
    expect(out.html).toMatch(/<span class="line highlighted"><span style="color:#D13847;--shiki-dark:#F97583">export<\/span>/);
    expect(out.usesClientFeatures.has('copy')).toBe(true);
  });

  it('code: unknown language is plain text, not a crash; title with spaces and attributes', async () => {
    const out = await render('```notalanguage My Example File wrap\nsome <text>\n```');
    expect(out.diagnostics).toEqual([]);
    expect(out.html).toContain('data-title="My Example File"');
    expect(out.html).toContain('some &lt;text&gt;');
    expect(out.html).toContain('folio-code-body folio-code-wrap');
  });

  it('{{variables}} are substituted from docs.json; unknown ones stay as written', async () => {
    const out = await render('Install {{product}} v{{ version }}.\n\n```bash\necho {{product}}\n```', { variables: { product: 'Folio', version: '2' } });
    expect(out.html).toContain('<p>Install Folio v2.</p>');
    expect(out.html).toContain('Folio</span>');
    const unknown = await render('Hello {{nobody}}.', { variables: { product: 'Folio' } });
    expect(unknown.html).toBe('<p>Hello {{nobody}}.</p>');
    expect(unknown.diagnostics).toMatchObject([{ code: 'MDX_UNKNOWN_VARIABLE', severity: 'warning', line: 1, column: 7 }]);
  });

  it('comments and simple expressions render; JSX comments leave nothing', async () => {
    const out = await render('{/* hidden */}\n\nYear {2020 + 5}, {"text"}.');
    expect(out.renderer).toBe('fast');
    expect(out.html).toBe('<p>Year 2025, text.</p>');
  });

  it('an undefined bare name in prose is shown as written with a warning at its position, not a crash', async () => {
    const out = await render('---\n\nFormat: "files/{sha256hash}.zip"', { lineOffset: 4 });
    expect(out.diagnostics).toMatchObject([{ code: 'MDX_UNDEFINED_EXPRESSION', line: 7, column: 16, severity: 'warning' }]);
    expect(out.html).toContain('files/{sha256hash}.zip');
  });

  it('an undefined name inside a larger expression renders nothing, with a warning at its position', async () => {
    const out = await render('---\n\nFormat: "files/{sha256hash + 1}.zip"', { lineOffset: 4 });
    expect(out.diagnostics).toMatchObject([{ code: 'MDX_UNDEFINED_EXPRESSION', line: 7, column: 16, severity: 'warning' }]);
    expect(out.html).toContain('files/.zip');
  });
});
