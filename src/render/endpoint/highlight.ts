import { DEFAULT_CODE_THEMES, highlightToHtml, prepareLanguages, type CodeThemes } from '../../mdx/index.js';
import { escapeHtmlText } from '../../shared/index.js';

const NO_LINES: ReadonlySet<number> = new Set();
let ready = false;
let sampleThemes: CodeThemes = DEFAULT_CODE_THEMES;
/** Grammars of every language httpsnippet writes for us, and JSON for response examples. */
const SAMPLE_GRAMMARS = ['bash', 'python', 'javascript', 'typescript', 'php', 'go', 'java', 'ruby', 'powershell', 'swift', 'csharp', 'c', 'kotlin', 'rust', 'json'];

/**
 * Load the highlighter and the grammars of endpoint samples (the configured languages, JSON for
 * response examples). The build and the dev server call it once before drawing endpoint pages;
 * without it (unit tests, the bench's render-only stage) samples are plain text.
 */
export async function prepareEndpointHighlighting(themes: CodeThemes = DEFAULT_CODE_THEMES): Promise<void> {
  await prepareLanguages(SAMPLE_GRAMMARS, themes);
  // Samples use the site's code block themes (docs.json `styling.codeblocks`), like its pages.
  sampleThemes = themes;
  ready = true;
}

/** A sample as Shiki's dual-theme `<pre>`, or a plain `<pre>` when the highlighter is not prepared. */
export function highlightSample(code: string, lang: string): string {
  if (ready) return highlightToHtml(code, lang, NO_LINES, sampleThemes);
  return plainSample(code);
}

/** A sample as a plain `<pre>` (tabs after the first, which alone is highlighted). */
export function plainSample(code: string): string {
  return `<pre class="api-plain"><code>${escapeHtmlText(code)}</code></pre>`;
}
