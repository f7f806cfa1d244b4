import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createHighlighter, createJavaScriptRegexEngine } from 'shiki';
import { describe, expect, it } from 'vitest';
import { DARK_THEME, highlightCacheUse, highlightToHtml, LIGHT_THEME, prepareLanguages, readableTheme, resolveLanguage } from '../../src/mdx/highlight.js';
import { PASSING, passingCorpora } from '../../compat/corpora.js';
import { corpusDir, haveCorpora, listMdx } from './corpus-helpers.js';

/** Fenced code blocks of the corpora (language, code), a few per language. */
function corpusCodeBlocks(limitPerLang: number): Array<[string, string]> {
  const perLang = new Map<string, number>();
  const out: Array<[string, string]> = [];
  for (const corpus of passingCorpora('testBuild')) {
    const root = corpusDir(corpus);
    for (const file of listMdx(root)) {
      const text = readFileSync(path.join(root, file), 'utf8');
      for (const m of text.matchAll(/^```(\w[\w+#-]*)[^\n]*\n([\s\S]*?)\n```$/gm)) {
        const lang = resolveLanguage(m[1]);
        if (!lang) continue;
        const n = perLang.get(lang) ?? 0;
        if (n >= limitPerLang) continue;
        perLang.set(lang, n + 1);
        out.push([lang, m[2]!]);
      }
    }
  }
  return out;
}

/** Per character: its light and dark style, so span boundaries do not matter, only what readers see. */
function styledChars(html: string): string[] {
  const decode = (s: string) =>
    s.replace(/&lt;|&#x3C;/g, '<').replace(/&gt;/g, '>').replace(/&quot;|&#x22;/g, '"').replace(/&#39;|&#x27;/g, "'").replace(/&amp;|&#x26;/g, '&');
  const out: string[] = [];
  for (const line of html.split('\n')) {
    for (const m of line.matchAll(/<span style="([^"]*)">([^<]*)<\/span>/g)) {
      const style = m[1]!.toLowerCase().split(';').filter((d) => !d.endsWith(':inherit')).sort().join(';');
      for (const ch of decode(m[2]!)) out.push(`${ch}|${style}`);
    }
    out.push('\n');
  }
  return out;
}

describe('Shiki highlighting', () => {
  it.skipIf(!haveCorpora(...PASSING.testBuild))('gives every character the same light and dark style as Shiki’s own dual-theme output', { timeout: 300_000 }, async () => {
    // Two blocks per language in `npm test`, six with FOLIO_CORPORA_ALL=1.
    const all = process.env.FOLIO_CORPORA_ALL === '1';
    const blocks = corpusCodeBlocks(all ? 6 : 2);
    expect(blocks.length).toBeGreaterThan(all ? 60 : 25);
    const langs = [...new Set(blocks.map(([l]) => l))];
    await prepareLanguages(langs);
    // Shiki's own renderer with the same themes as the site: each bundled theme with its colours made readable (readableTheme).
    const reference = await createHighlighter({ themes: [(await readableTheme(LIGHT_THEME)) as never, (await readableTheme(DARK_THEME)) as never], langs, engine: createJavaScriptRegexEngine({ forgiving: true }) });
    let compared = 0;
    for (const [lang, code] of blocks) {
      const mine = highlightToHtml(code, lang, new Set());
      const theirs = reference.codeToHtml(code, { lang, themes: { light: LIGHT_THEME, dark: DARK_THEME }, tokenizeTimeLimit: 10_000 });
      expect(styledChars(mine), `${lang}: ${code.slice(0, 80)}`).toEqual(styledChars(theirs));
      compared++;
    }
    console.log(`compared ${compared} corpus code blocks in ${langs.length} languages with Shiki's codeToHtml`);
  });

  it('makes every token colour of a bundled theme readable on its background (4.5:1), changing only those that are not', async () => {
    const { contrast, parseHex } = await import('../../src/shared/index.js');
    const dark = await readableTheme('github-dark');
    const bg = parseHex(dark.colors!['editor.background'])!;
    const colours = (dark.tokenColors ?? []).map((t) => t.settings?.foreground).filter((c): c is string => !!c);
    expect(colours.length).toBeGreaterThan(10);
    for (const c of colours) expect(contrast(parseHex(c)!, bg), c).toBeGreaterThanOrEqual(4.5);
    // github-dark's comment colour (#6a737d, 3.0:1) moved; its readable keyword colour (#f97583) kept.
    expect(colours).not.toContain('#6a737d');
    expect(colours).toContain('#f97583');
  });

  it('is deterministic and uses the cache for repeated blocks', async () => {
    await prepareLanguages(['python']);
    const a = highlightToHtml('def f():\n    return 1', 'python', new Set([2]));
    const b = highlightToHtml('def f():\n    return 1', 'python', new Set([2]));
    expect(a).toBe(b);
    expect(a).toContain('<span class="line highlighted">');
  });

  it('colours a line met before by the state it is in now (the line cache keys on the grammar state)', async () => {
    await prepareLanguages(['ts']);
    const line = 'const x = 1;';
    const lines = (html: string) => html.split('\n');
    // In code, then inside a block comment, then in code again after a different first line.
    const code = lines(highlightToHtml(`let a = 0;\n${line}`, 'ts', new Set()))[1]!;
    const comment = lines(highlightToHtml(`/* a comment\n${line}\n*/`, 'ts', new Set()))[1]!;
    const again = lines(highlightToHtml(`let b = 2;\n${line}`, 'ts', new Set()))[1]!;
    expect(comment).not.toBe(code);
    expect(new Set([...comment.matchAll(/style="([^"]*)"/g)].map((m) => m[1])).size).toBe(1);
    expect(again).toBe(code);
    // The line alone, first in its block, as Shiki colours it without any cache.
    const h = await createHighlighter({ themes: [LIGHT_THEME], langs: ['ts'], engine: createJavaScriptRegexEngine({ forgiving: true }) });
    const plain = h.codeToTokensBase(`/* a comment\n${line}`, { lang: 'ts', theme: LIGHT_THEME })[1]!;
    expect(plain.every((t) => t.color === plain[0]!.color)).toBe(true);
  });
});

describe('highlight caches', () => {
  // A large site's distinct blocks must not grow the heap without end (issue 36: 50,000 pages under 1.5 GB).
  it('hold at most their characters of blocks and their count of lines', async () => {
    await prepareLanguages(['ini']);
    let largest = 0;
    for (let i = 0; i < 400; i++) {
      const code = Array.from({ length: 60 }, (_, j) => `key_${i}_${j} = ${'v'.repeat(600)}`).join('\n');
      const html = highlightToHtml(code, 'ini', new Set());
      largest = Math.max(largest, code.length + html.length + 100);
      const use = highlightCacheUse();
      // 16 M characters of blocks (keys and HTML), passed by at most the last block put.
      expect(use.chars).toBeLessThanOrEqual(16 * 1024 * 1024 + largest);
      expect(use.lines).toBeLessThanOrEqual(20_000);
    }
    // 400 blocks of ~36,000 characters of code are far past the bound: the cache was cleared and refilled.
    expect(highlightCacheUse().blocks).toBeLessThan(400);
    expect(highlightCacheUse().blocks).toBeGreaterThan(0);
  });
});
