import { describe, expect, it } from 'vitest';
import { codeThemesOf } from './code-themes.js';
import { renderMdx } from './render-mdx.js';

const at = (p: readonly (string | number)[]) => ({ file: 'docs.json', line: 7, column: 3 + p.length });

describe('codeThemesOf', () => {
  it('reads system, dark, one name and light/dark pairs', () => {
    expect(codeThemesOf(undefined).themes).toEqual({ light: 'github-light', dark: 'github-dark' });
    expect(codeThemesOf('system').themes).toEqual({ light: 'github-light', dark: 'github-dark' });
    expect(codeThemesOf('dark').themes).toEqual({ light: 'github-dark', dark: 'github-dark' });
    expect(codeThemesOf('dracula').themes).toEqual({ light: 'dracula', dark: 'dracula' });
    expect(codeThemesOf({ theme: { light: 'min-light', dark: 'nord' } }).themes).toEqual({ light: 'min-light', dark: 'nord' });
  });

  it('warns at the value for a name Shiki does not have, with the closest one, and keeps the default', () => {
    const { themes, diagnostics } = codeThemesOf({ theme: { light: 'min-light', dark: 'draculla' } }, at);
    expect(themes).toEqual({ light: 'min-light', dark: 'github-dark' });
    expect(diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.path}: ${d.message}`)).toEqual([
      'docs.json:7:7 MDX_CODE_THEME_UNKNOWN styling.codeblocks.theme.dark: Code block theme `draculla` is not a Shiki theme; the default (github-dark) is used. Did you mean `dracula`? See https://shiki.style/themes for the names.',
    ]);
  });

  it("takes the platform's css-variables theme: every colour a --mint- variable, no warning", async () => {
    const { themes, diagnostics } = codeThemesOf({ theme: 'css-variables' }, at);
    expect(diagnostics).toEqual([]);
    expect(themes).toEqual({ light: 'css-variables', dark: 'css-variables' });
    const out = await renderMdx({ source: '```js\nconst a = "x"; // note\n```\n\n```\nplain\n```\n', file: 'p.mdx', lineOffset: 0, variables: {}, readSnippet: async () => null, codeThemes: themes });
    expect(out.html).toContain('background-color:var(--mint-color-background);--shiki-dark-bg:var(--mint-color-background);color:var(--mint-color-text)');
    expect(out.html).toContain('color:var(--mint-token-keyword);--shiki-dark:var(--mint-token-keyword)');
    expect(out.html).toContain('var(--mint-token-string-expression)');
    expect(out.html).toContain('var(--mint-token-comment)');
    expect(out.html).not.toMatch(/#0000000[0-9a-f]/i);
  });

  it('highlights with the chosen themes', async () => {
    const render = (codeThemes?: { light: string; dark: string }) =>
      renderMdx({ source: '```js\nconst a = 1;\n```\n', file: 'p.mdx', lineOffset: 0, variables: {}, readSnippet: async () => null, codeThemes });
    const plain = (await render()).html;
    const dracula = (await render({ light: 'dracula', dark: 'nord' })).html;
    expect(plain).toContain('shiki-themes github-light github-dark');
    expect(dracula).toContain('shiki-themes dracula nord');
    // Dracula's background and keyword colour, Nord's background for dark mode.
    expect(dracula).toContain('background-color:#282A36;--shiki-dark-bg:#2e3440ff');
    expect(dracula).toContain('color:#FF79C6');
  });
});
