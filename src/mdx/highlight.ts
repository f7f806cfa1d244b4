import {
  bundledLanguages,
  bundledLanguagesAlias,
  createHighlighter,
  createJavaScriptRegexEngine,
  type HighlighterGeneric,
  type ShikiTransformer,
} from 'shiki';

export const LIGHT_THEME = 'github-light';
export const DARK_THEME = 'github-dark';

type Highlighter = HighlighterGeneric<string, string>;

// One highlighter per process, created on first use; grammars load lazily as pages ask for them.
// The JavaScript regex engine avoids instantiating the Oniguruma WebAssembly module in every worker.
let highlighterPromise: Promise<Highlighter> | undefined;
let highlighter: Highlighter | undefined;
const loaded = new Set<string>(['text', 'plaintext', 'txt', 'plain']);

function getHighlighter(): Promise<Highlighter> {
  highlighterPromise ??= createHighlighter({
    themes: [LIGHT_THEME, DARK_THEME],
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

/** Create the highlighter (once) and load the grammars the given fence languages need. */
export async function prepareLanguages(langs: Iterable<string>): Promise<void> {
  const h = await getHighlighter();
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

/**
 * Highlight code to Shiki's `<pre>` with both themes: light colours inline, dark ones in
 * `--shiki-dark` variables the site CSS switches to in dark mode. Call prepareLanguages first.
 */
export function highlightToHtml(code: string, lang: string | null | undefined, highlightLines: ReadonlySet<number>): string {
  if (!highlighter) throw new Error('highlightToHtml called before prepareLanguages');
  const resolved = resolveLanguage(lang);
  const language = resolved && loaded.has(resolved) && highlighter.getLoadedLanguages().includes(resolved) ? resolved : 'text';
  const transformers: ShikiTransformer[] = [];
  if (highlightLines.size > 0) {
    transformers.push({
      line(node, line) {
        if (highlightLines.has(line)) this.addClassToHast(node, 'highlighted');
      },
    });
  }
  return highlighter.codeToHtml(code, {
    lang: language,
    themes: { light: LIGHT_THEME, dark: DARK_THEME },
    transformers,
  });
}
