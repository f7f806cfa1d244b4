/**
 * What Pagefind reads of a rendered page: the `<html lang>`, the `<title>` and the article marked
 * `data-pagefind-body`, made fit for excerpts. Pagefind joins the text of inline elements with no
 * space, so markup that CSS lays out as separate boxes (`<span>POST</span><code>/path</code>`,
 * a card's `<strong>` title above its `<span>` text, a field's name, type and "required" pills)
 * came out glued ("POST/path", "Static hostingServe", "Payloadrequired"); controls (copy buttons,
 * "Try it", example tabs), tooltips and `#` permalinks landed in excerpts as words; and the hidden
 * frontmatter `keywords` element showed up in excerpts whenever a keyword matched. Every way into
 * the index (streamed, delta, full, `folio dev`) goes through `indexDocument`, so all four agree.
 */

/** The id of the section that carries a page's frontmatter `keywords` in the index; the search dialog never shows it. */
export const KEYWORDS_ANCHOR = 'folio-search-keywords';

/** The `<html lang>` of a rendered page ('en' when it has none), as Pagefind groups pages by it. */
export function documentLang(html: string): string {
  return /^<!DOCTYPE html><html lang="([^"]*)"/i.exec(html)?.[1] ?? 'en';
}

/**
 * The part of a page Pagefind indexes (see the file comment), or null when the page is not
 * indexed (noindex and `searchable: false` pages carry no `data-pagefind-body` article).
 * `marker` is extra inline metadata for every page of an index (`folio_delta:1`).
 */
export function indexDocument(html: string, marker = ''): string | null {
  const body = html.indexOf(' data-pagefind-body=""');
  if (body < 0) return null;
  const start = html.lastIndexOf('<article', body);
  const end = start < 0 ? -1 : articleEnd(html, start);
  if (end < 0) return null;
  const lang = documentLang(html);
  const title = /<title>[^<]*<\/title>/.exec(html)?.[0] ?? '';
  const article = searchableArticle(html.slice(start, end));
  const tagged = marker ? article.replace(' data-pagefind-body=""', ` data-pagefind-body="" data-pagefind-meta="${marker}"`) : article;
  return `<!DOCTYPE html><html lang="${lang}"><head>${title}</head><body>${tagged}</body></html>`;
}

/** The index just past the `</article>` that closes the `<article` at `start` (endpoint pages nest one). */
function articleEnd(html: string, start: number): number {
  const tags = /<article[\s>]|<\/article>/g;
  tags.lastIndex = start + 1;
  let depth = 1;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    depth += m[0] === '</article>' ? -1 : 1;
    if (depth === 0) return m.index + m[0].length;
  }
  return -1;
}

const KEYWORDS = /<p class="search-keywords"([^>]*)>([^<]*)<\/p>/;

/**
 * The places `searchableArticle` changes, found in one pass: a `<pre>` block (kept as is); a
 * closing tag an opening tag follows, or a `<br>` (a space after it); a pill or badge span (a
 * space before it when text touches it); the start of a button, of an element marked
 * `role="tooltip"` or `aria-hidden="true"`, and of a `#` permalink (`data-pagefind-ignore` added).
 * On polar's 433 pages (108 KB of HTML on average, mostly endpoint pages) `indexDocument` takes
 * ~0.7 ms of CPU a page this way, ~1.1 ms with one pass per change, 0.08 ms without any.
 */
const MARKUP =
  /<(?:pre[\s>][\s\S]*?<\/pre>|\/[a-zA-Z][a-zA-Z0-9-]*>(?=<[a-zA-Z])|br\s*\/?>|span class="(?:[^"]*\s)?(?:api-pill|badge|tag)[\s"]|button(?=[\s>])|a(?=\s[^<>]*>\s*(?:#|¶)\s*<\/a>)|[a-z][a-z0-9]*(?=\s[^<>]*?(?:role="tooltip"|aria-hidden="true")))/g;

/**
 * - Controls, tooltips, permalink `#`s and what assistive technology is told to skip
 *   (`aria-hidden`: step numbers, icons, KaTeX's drawn copy of a formula) get
 *   `data-pagefind-ignore` (Pagefind then skips them with whatever they contain).
 * - A space after every closing tag that an opening tag follows, and after `<br>`, outside
 *   `<pre>` (code keeps its token spans joined), and before a pill or badge that follows text
 *   (`Payload<span class="api-pill">required</span>`): what CSS shows apart, Pagefind reads apart. A
 *   word split over two inline elements (`<b>Java</b><i>Script</i>`) reads as two words; docs
 *   almost never write that, and they write the other case on every endpoint and card.
 * - A KaTeX formula is its text in one piece (`E=mc2`), as before: it is drawn `aria-hidden`
 *   (ignored below), and spaced out its letters would be one-letter words that Pagefind lets
 *   match unrelated queries.
 * - The keywords element moves to the end as a hidden heading with an id: Pagefind then keeps
 *   its words (weighted like the title, so they still rank the page) in a section of their own,
 *   and the excerpts of the page's real sections never show them.
 */
export function searchableArticle(article: string): string {
  let keywords = '';
  let html = article.replace(KEYWORDS, (_, attrs: string, words: string) => {
    keywords = `<h6 id="${KEYWORDS_ANCHOR}"${attrs}>${words}</h6>`;
    return '';
  });
  html = tableRowsAsText(flattenFormulas(html)).replace(MARKUP, (m, at: number, all: string) => {
    if (m.startsWith('<pre')) return m;
    if (m.startsWith('</') || m.startsWith('<br')) return m + ' ';
    if (m.startsWith('<span class=')) return /[^\s>]/.test(all[at - 1] ?? ' ') ? ' ' + m : m;
    return m + ' data-pagefind-ignore=""';
  });
  if (keywords) html = html.slice(0, -'</article>'.length) + keywords + '</article>';
  return html;
}

/**
 * Each table row as one sentence with its cells set apart by ` · `: Pagefind ends every block,
 * a cell too, with a full stop, so a row read "markdown.schema. boolean. No. true." in excerpts.
 * (A literal `<td` inside `<pre>` is escaped text, never a tag.)
 */
function tableRowsAsText(html: string): string {
  if (!html.includes('<table')) return html;
  return html
    .replace(/<\/t[dh]>\s*<t[dh](?=[\s>])/g, '</span> · <span')
    .replace(/<(\/?)t[dh](?=[\s>])/g, '<$1span')
    .replace(/<(\/?)tr(?=[\s>])/g, '<$1p');
}

const KATEX = '<span class="katex">';

/** Each KaTeX formula (`<span class="katex">`, nested spans) as a plain span of its text. */
function flattenFormulas(html: string): string {
  if (!html.includes(KATEX)) return html;
  let out = '';
  let from = 0;
  for (let start = html.indexOf(KATEX); start >= 0; start = html.indexOf(KATEX, from)) {
    const spans = /<span[\s>]|<\/span>/g;
    spans.lastIndex = start + KATEX.length;
    let depth = 1;
    let end = html.length;
    for (let m = spans.exec(html); m; m = spans.exec(html)) {
      depth += m[0] === '</span>' ? -1 : 1;
      if (depth === 0) {
        end = m.index + m[0].length;
        break;
      }
    }
    out += html.slice(from, start) + `<span>${html.slice(start, end).replace(/<[^>]*>/g, '')}</span>`;
    from = end;
  }
  return out + html.slice(from);
}
