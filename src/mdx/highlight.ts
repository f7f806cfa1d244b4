import {
  bundledLanguages,
  bundledLanguagesAlias,
  bundledThemes,
  createCssVariablesTheme,
  createHighlighter,
  createJavaScriptRegexEngine,
  type HighlighterGeneric,
} from 'shiki';
import { INITIAL, Theme } from 'shiki/textmate';
import { contrast, escapeHtmlText, parseHex, readableOn } from '../shared/index.js';

export const LIGHT_THEME = 'github-light';
export const DARK_THEME = 'github-dark';

/** Shiki themes of code blocks in light and dark mode (docs.json `styling.codeblocks`, see `code-themes.ts`). */
export interface CodeThemes {
  light: string;
  dark: string;
}

export const DEFAULT_CODE_THEMES: CodeThemes = { light: LIGHT_THEME, dark: DARK_THEME };

/**
 * The platform's theme for custom colours (create/code.mdx, "Custom syntax highlighting theme"):
 * every colour is a CSS variable with the `--mint-` prefix (`--mint-color-text`,
 * `--mint-token-keyword`, `--mint-ansi-red`, ...) that the site's own CSS sets.
 */
export const CSS_VARIABLES_THEME = 'css-variables';

type Highlighter = HighlighterGeneric<string, string>;

// One highlighter per process, created on first use; grammars load lazily as pages ask for them.
// The JavaScript regex engine avoids instantiating the Oniguruma WebAssembly module in every worker
// and measured faster overall: 24 ms/page CPU against 30 ms/page with Oniguruma on 300 mintlify-docs pages.
let highlighterPromise: Promise<Highlighter> | undefined;
let highlighter: Highlighter | undefined;
const loaded = new Set<string>(['text', 'plaintext', 'txt', 'plain']);

function getHighlighter(): Promise<Highlighter> {
  highlighterPromise ??= createHighlighter({
    // Themes are loaded by prepareLanguages, each made readable first (readableTheme).
    themes: [],
    langs: [],
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  }).then((h) => (highlighter = h as unknown as Highlighter));
  return highlighterPromise;
}

/** Shiki's id for a fence language, or null when Shiki has no grammar for it (shown as plain text). */
export function resolveLanguage(lang: string | null | undefined): string | null {
  if (!lang) return null;
  const id = lang.toLowerCase();
  if (id in bundledLanguages) return id;
  if (id in bundledLanguagesAlias) return id;
  return null;
}

const loadedThemes = new Set<string>();

/** Create the highlighter (once) and load the grammars the given fence languages need, and the themes. */
export async function prepareLanguages(langs: Iterable<string>, themes: CodeThemes = DEFAULT_CODE_THEMES): Promise<void> {
  const h = await getHighlighter();
  for (const name of [themes.light, themes.dark]) {
    if (loadedThemes.has(name)) continue;
    // Names are checked against Shiki's bundled themes before they get here (codeThemesOf).
    await h.loadTheme((name === CSS_VARIABLES_THEME ? mintVariablesTheme() : await readableTheme(name)) as never);
    loadedThemes.add(name);
  }
  const missing = [...new Set([...langs].map(resolveLanguage).filter((l): l is string => l !== null && !loaded.has(l)))];
  if (missing.length === 0) return;
  await Promise.all(
    missing.map(async (l) => {
      try {
        await h.loadLanguage(l as never);
      } catch {
        // A grammar that fails to load degrades to plain text rather than failing the page.
      }
      loaded.add(l);
    }),
  );
}

interface RawTheme {
  type?: string;
  colors?: Record<string, string>;
  fg?: string;
  bg?: string;
  tokenColors?: Array<{ settings?: { foreground?: string } }>;
}

/**
 * A bundled Shiki theme with every text colour moved just far enough from its background to read at
 * 4.5:1 (WCAG AA): github-dark's comments (#6a737d on #24292e, 3.0:1) and several light themes'
 * punctuation fail it, and a docs site must not (axe-core's colour-contrast rule checks code too).
 * Light themes aim a little higher (4.75:1): the site draws github-light on its own, slightly grey,
 * code background. Hue stays; only lightness moves. Colours with alpha are composited first.
 */
export async function readableTheme(name: string): Promise<RawTheme> {
  const loader = (bundledThemes as Record<string, () => Promise<{ default: RawTheme }>>)[name];
  if (!loader) return { type: 'dark' };
  const raw = structuredClone((await loader()).default);
  const dark = raw.type === 'dark';
  const bgText = raw.colors?.['editor.background'] ?? raw.bg ?? (dark ? '#1e1e1e' : '#ffffff');
  const bg = parseHex(bgText);
  if (!bg) return raw;
  // A little over the bar: colours are rounded to whole hex digits afterwards.
  const target = dark ? 4.55 : 4.8;
  const fix = (color: string | undefined): string | undefined => {
    const rgb = parseHex(color);
    if (!rgb || !color) return color;
    const alpha = color.length === 9 ? parseInt(color.slice(7, 9), 16) / 255 : color.length === 5 ? parseInt(color[4]! + color[4]!, 16) / 255 : 1;
    const over = rgb.map((c, i) => c * alpha + bg[i]! * (1 - alpha)) as [number, number, number];
    if (alpha === 1 && contrast(over, bg) >= target) return color;
    return '#' + readableOn(over, bg, target).map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
  };
  for (const entry of raw.tokenColors ?? []) if (entry.settings?.foreground) entry.settings.foreground = fix(entry.settings.foreground);
  if (raw.colors?.['editor.foreground']) raw.colors['editor.foreground'] = fix(raw.colors['editor.foreground'])!;
  if (raw.fg) raw.fg = fix(raw.fg);
  return raw;
}

/**
 * Highlighted blocks repeat across translated pages and snippets; keep a bounded cache, bounded
 * by characters (key and HTML) as well as by count: a block's dual-theme HTML is ~7 KB, and 5,000
 * of them with their keys held ~50 MB of a 10,000-page build's heap (a sampled heap profile).
 */
const cache = new Map<string, string>();
const CACHE_LIMIT = 5000;
const CACHE_CHARS = 16 * 1024 * 1024;
let cacheChars = 0;

/**
 * Highlight code to Shiki's `<pre>` with both themes: light colours inline, dark ones in
 * `--shiki-dark` variables the site CSS switches to in dark mode. Call prepareLanguages first.
 *
 * Tokenizing once per theme and writing the HTML here costs 0.47 ms for a 4-line TypeScript
 * block against 0.87 ms for Shiki's own dual-theme `codeToHtml` (which builds a hast tree).
 */
export function highlightToHtml(code: string, lang: string | null | undefined, highlightLines: ReadonlySet<number>, themes: CodeThemes = DEFAULT_CODE_THEMES): string {
  if (!highlighter) throw new Error('highlightToHtml called before prepareLanguages');
  const resolved = resolveLanguage(lang);
  const language = resolved && loaded.has(resolved) && highlighter.getLoadedLanguages().includes(resolved) ? resolved : 'text';
  const key = `${themes.light}\0${themes.dark}\0${language}\0${[...highlightLines].join(',')}\0${code}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const html = dualThemeHtml(highlighter, code, language, highlightLines, themes);
  if (cache.size >= CACHE_LIMIT || cacheChars > CACHE_CHARS) {
    cache.clear();
    cacheChars = 0;
  }
  cache.set(key, html);
  cacheChars += key.length + html.length;
  return html;
}

/** What the highlight caches hold now: blocks and their characters (key and HTML), tokenized lines. */
export function highlightCacheUse(): { blocks: number; chars: number; lines: number } {
  return { blocks: cache.size, chars: cacheChars, lines: lineCache.size };
}

interface Token {
  content: string;
  color?: string;
  fontStyle?: number;
}

const preStyles = new Map<string, string>();

function dualThemeHtml(h: Highlighter, code: string, lang: string, highlightLines: ReadonlySet<number>, themes: CodeThemes): string {
  const [light, dark] = lang === 'text' ? plainTokens(h, code, themes) : dualTokens(h, code, lang, themes);
  const pair = `${themes.light} ${themes.dark}`;
  let preStyle = preStyles.get(pair);
  if (!preStyle) {
    const l = h.getTheme(themes.light);
    const d = h.getTheme(themes.dark);
    const [lBg, lFg, dBg, dFg] = [replaced(l, l.bg), replaced(l, l.fg), replaced(d, d.bg), replaced(d, d.fg)];
    preStyle = `background-color:${lBg};--shiki-dark-bg:${dBg};color:${lFg};--shiki-dark:${dFg}`;
    preStyles.set(pair, preStyle);
  }
  let out = `<pre class="shiki shiki-themes ${pair}" style="${preStyle}" tabindex="0"><code>`;
  for (let n = 0; n < light.length; n++) {
    if (n > 0) out += '\n';
    out += highlightLines.has(n + 1) ? '<span class="line highlighted">' : '<span class="line">';
    out += mergeLine(light[n] ?? [], dark[n] ?? []);
    out += '</span>';
  }
  return out + '</code></pre>';
}

function plainTokens(h: Highlighter, code: string, themes: CodeThemes): [Token[][], Token[][]] {
  return [
    h.codeToTokensBase(code, { lang: 'text', theme: themes.light }) as Token[][],
    h.codeToTokensBase(code, { lang: 'text', theme: themes.dark }) as Token[][],
  ];
}

/** A theme as vscode-textmate matches it, plus the colour of each scope stack already seen. */
interface ThemeMatcher {
  theme: Theme;
  colors: string[];
  defaults: { fontStyle: number; foregroundId: number };
}

const matcherPairs = new Map<string, [ThemeMatcher, ThemeMatcher]>();
// Resolved styles per scope stack ("source.ts meta.function storage.type"): a page's tokens share few stacks.
const styleCache = new Map<string, [Token, Token]>();

/** Shiki's CSS-variables theme under the platform's names: `--mint-color-text` and `--mint-color-background` for the base colours. */
function mintVariablesTheme(): unknown {
  const theme = JSON.stringify(createCssVariablesTheme({ name: CSS_VARIABLES_THEME, variablePrefix: '--mint-', fontStyle: true }));
  return JSON.parse(theme.replaceAll('var(--mint-foreground)', 'var(--mint-color-text)').replaceAll('var(--mint-background)', 'var(--mint-color-background)'));
}

/**
 * A colour as written in the theme: Shiki stands a placeholder hex in for each colour that is not
 * one (the `var(--mint-...)` of the css-variables theme) and keeps the original in `colorReplacements`.
 */
function replaced(theme: { colorReplacements?: Record<string, string | Record<string, string>> }, color: string): string {
  const original = theme.colorReplacements?.[color.toLowerCase()];
  return typeof original === 'string' ? original : color;
}

function matcher(h: Highlighter, name: string): ThemeMatcher {
  const raw = h.getTheme(name);
  const theme = Theme.createFromRawTheme(raw as never);
  const defaults = theme.getDefaults();
  return { theme, colors: theme.getColorMap().map((c) => (c ? replaced(raw, c) : c)), defaults: { fontStyle: defaults.fontStyle, foregroundId: defaults.foregroundId } };
}

/** Colour and font style of a scope stack under one theme, as vscode-textmate's tokenizeLine2 merges them. */
function styleOf(m: ThemeMatcher, scopes: string[]): Token {
  let fontStyle = m.defaults.fontStyle;
  let foreground = m.defaults.foregroundId;
  let path: { parent: unknown; scopeName: string } | null = null;
  for (const scopeName of scopes) {
    path = { parent: path, scopeName };
    const style = m.theme.match(path as never);
    if (!style) continue;
    if (style.fontStyle !== -1) fontStyle = style.fontStyle;
    if (style.foregroundId !== 0) foreground = style.foregroundId;
  }
  return { content: '', color: m.colors[foreground], fontStyle: Math.max(fontStyle, 0) };
}

/** One tokenized line: its tokens in both themes and the grammar's state after it. */
interface TokenizedLine {
  light: Token[];
  dark: Token[];
  state: unknown;
}

/**
 * Lines already tokenized, by theme pair, grammar, the grammar's state before the line and its
 * text: code repeats line by line across pages (imports, closing braces, install commands, the
 * same example in every translation), and a line tokenized in the same state gives the same
 * tokens and the same state after it. Tokenizing is ~0.15 ms a line with the JavaScript engine.
 * Bounded: cleared when full. An entry is ~700 bytes (its key holds the grammar state), so 20,000
 * of them are ~14 MB of the heap (50,000 held 36 MB of a 10,000-page build's).
 */
const lineCache = new Map<string, TokenizedLine>();
const LINE_CACHE_LIMIT = 20_000;
/** The key of each grammar state met (`stateKey`), by the state object. */
const stateKeys = new WeakMap<object, string>();
/**
 * A number per grammar object: Shiki loads a grammar again when a language it embeds is loaded
 * later (```mdx, then ```yaml on another page), and the new grammar numbers its rules afresh, so
 * states of the old one must not be mixed with the new one's.
 */
const grammarIds = new WeakMap<object, number>();
let grammarCount = 0;

/**
 * What the tokenizer's next line depends on in a state, as a string: for each frame of the stack
 * its rule, its end pattern (with back-references filled in) and whether its begin captured the end
 * of line, and the scope names it is in (what vscode-textmate's own `StateStack.equals` compares,
 * and a little more). The first line (the initial state) is a key of its own: `\A` matches there only.
 */
function stateKey(state: unknown): string {
  if (state === INITIAL) return '^';
  const known = stateKeys.get(state as object);
  if (known !== undefined) return known;
  const frames: string[] = [];
  type Frame = { parent: Frame | null; ruleId: number; endRule: string | null; beginRuleCapturedEOL: boolean; contentNameScopesList: ScopeList | null };
  type ScopeList = { parent: ScopeList | null; scopePath: { scopeName: string } };
  for (let frame = state as Frame | null; frame; frame = frame.parent) frames.push(`${frame.ruleId}\u0001${frame.endRule ?? ''}\u0001${frame.beginRuleCapturedEOL ? 1 : 0}`);
  const scopes: string[] = [];
  for (let list = (state as Frame).contentNameScopesList; list; list = list.parent) scopes.push(list.scopePath.scopeName);
  const key = `${frames.join('\u0002')}\u0003${scopes.join(' ')}`;
  stateKeys.set(state as object, key);
  return key;
}

/**
 * Tokenize once (scopes) and resolve both themes' colours per scope stack. Shiki's dual-theme
 * mode tokenizes once per theme; measured 0.47 ms (two passes) against about half of that here
 * for a 4-line TypeScript block, and the per-stack cache makes resolution nearly free.
 */
function dualTokens(h: Highlighter, code: string, lang: string, themes: CodeThemes): [Token[][], Token[][]] {
  const pair = `${themes.light}\0${themes.dark}`;
  let matchers = matcherPairs.get(pair);
  if (!matchers) matcherPairs.set(pair, (matchers = [matcher(h, themes.light), matcher(h, themes.dark)]));
  const grammar = h.getLanguage(lang) as unknown as {
    tokenizeLine(line: string, state: unknown, timeLimit: number): { tokens: Array<{ startIndex: number; endIndex: number; scopes: string[] }>; ruleStack: unknown };
  };
  let grammarId = grammarIds.get(grammar);
  if (grammarId === undefined) grammarIds.set(grammar, (grammarId = ++grammarCount));
  const light: Token[][] = [];
  const dark: Token[][] = [];
  let state: unknown = INITIAL;
  for (const line of code.split(/\r\n|\r|\n/)) {
    if (line === '') {
      light.push([]);
      dark.push([]);
      continue;
    }
    const cacheKey = `${pair}\0${grammarId}\0${stateKey(state)}\0${line}`;
    const cached = lineCache.get(cacheKey);
    if (cached) {
      light.push(cached.light);
      dark.push(cached.dark);
      state = cached.state;
      continue;
    }
    const l: Token[] = [];
    const d: Token[] = [];
    {
      // See tokenizeTimeLimit above: a generous bound so grammar compilation never truncates a line.
      const result = grammar.tokenizeLine(line, state, 10_000);
      state = result.ruleStack;
      for (const token of result.tokens) {
        const end = Math.min(token.endIndex, line.length);
        if (end <= token.startIndex) continue;
        const key = `${pair}\0${token.scopes.join(' ')}`;
        let styles = styleCache.get(key);
        if (!styles) {
          styles = [styleOf(matchers[0], token.scopes), styleOf(matchers[1], token.scopes)];
          if (styleCache.size > 20_000) styleCache.clear();
          styleCache.set(key, styles);
        }
        pushToken(l, line.slice(token.startIndex, end), styles[0]);
        pushToken(d, line.slice(token.startIndex, end), styles[1]);
      }
    }
    if (lineCache.size >= LINE_CACHE_LIMIT) lineCache.clear();
    lineCache.set(cacheKey, { light: l, dark: d, state });
    light.push(l);
    dark.push(d);
  }
  return [light, dark];
}

/** Append a piece, joining it to the previous one when the style is the same (as tokenizeLine2 does). */
function pushToken(tokens: Token[], content: string, style: Token): void {
  const last = tokens[tokens.length - 1];
  if (last && last.color === style.color && last.fontStyle === style.fontStyle) last.content += content;
  else tokens.push({ content, color: style.color, fontStyle: style.fontStyle });
}

/**
 * Split two tokenizations of one line at the union of their boundaries and emit spans;
 * whitespace-only pieces join the following piece, as Shiki's own output does.
 */
function mergeLine(light: Token[], dark: Token[]): string {
  let out = '';
  let pending = '';
  let li = 0;
  let di = 0;
  let lOff = 0; // offset consumed inside light[li]
  let dOff = 0;
  while (li < light.length && di < dark.length) {
    const lt = light[li]!;
    const dt = dark[di]!;
    const take = Math.min(lt.content.length - lOff, dt.content.length - dOff);
    const text = lt.content.slice(lOff, lOff + take);
    const last = lOff + take >= lt.content.length && li === light.length - 1;
    if (!last && /^\s+$/.test(text) && !((lt.fontStyle ?? 0) & 4)) pending += text;
    else {
      out += `<span style="${tokenStyle(lt, dt)}">${escapeHtmlText(pending + text)}</span>`;
      pending = '';
    }
    lOff += take;
    dOff += take;
    if (lOff >= lt.content.length) {
      li++;
      lOff = 0;
    }
    if (dOff >= dt.content.length) {
      di++;
      dOff = 0;
    }
  }
  return out;
}

/** Inline style of one span in Shiki's dual-theme convention (light colour inline, the rest as variables). */
function tokenStyle(light: Token, dark: Token): string {
  let style = `color:${light.color ?? 'inherit'}`;
  const lf = light.fontStyle ?? 0;
  if (lf > 0) style += fontStyleVars('light', lf);
  style += `;--shiki-dark:${dark.color ?? 'inherit'}`;
  const df = dark.fontStyle ?? 0;
  if (df > 0) style += fontStyleVars('dark', df);
  return style;
}

function fontStyleVars(theme: 'light' | 'dark', flags: number): string {
  let out = '';
  if (flags & 1) out += `;--shiki-${theme}-font-style:italic`;
  if (flags & 2) out += `;--shiki-${theme}-font-weight:bold`;
  if (flags & 4) out += `;--shiki-${theme}-text-decoration:underline`;
  return out;
}

