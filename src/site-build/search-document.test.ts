import { describe, expect, it } from 'vitest';
import { indexDocument, KEYWORDS_ANCHOR, searchableArticle } from './search-document.js';

describe('indexDocument', () => {
  const page = (body: string, inner = '<h1>T</h1><p>Text</p>') =>
    `<!doctype html><html lang="fr" data-theme="light"><head><title>T - Site</title></head><body><nav>sidebar</nav><main><article class="content"${body}>${inner}</article></main><footer>f</footer></body></html>`;

  it('keeps the language, the title and the indexed article only', () => {
    expect(indexDocument(page(' data-pagefind-body=""'))).toBe(
      '<!DOCTYPE html><html lang="fr"><head><title>T - Site</title></head><body><article class="content" data-pagefind-body=""><h1>T</h1> <p>Text</p></article></body></html>',
    );
  });

  it('tags delta pages and skips pages that are not indexed', () => {
    expect(indexDocument(page(' data-pagefind-body=""'), 'folio_delta:1')).toContain('data-pagefind-body="" data-pagefind-meta="folio_delta:1"');
    expect(indexDocument(page(''))).toBeNull();
  });

  it('keeps the whole outer article when an endpoint page nests one', () => {
    const doc = indexDocument(page(' data-pagefind-body=""', '<article class="api-page"><p>Inner</p></article><div class="directory">After</div>'))!;
    expect(doc).toContain('<div class="directory">After</div></article></body>');
    expect(doc).not.toContain('<footer>');
  });
});

describe('searchableArticle', () => {
  const article = (inner: string) => `<article data-pagefind-body="">${inner}</article>`;

  it('separates inline elements that are laid out apart, and leaves code blocks alone', () => {
    expect(searchableArticle(article('<span class="api-method">POST</span><code>checkout.updated</code>'))).toBe(
      article('<span class="api-method">POST</span> <code>checkout.updated</code>'),
    );
    expect(searchableArticle(article('<a><strong>Static hosting</strong><span>Serve it.</span></a>'))).toContain('</strong> <span>');
    expect(searchableArticle(article('one<br>two<br/>three'))).toBe(article('one<br> two<br/> three'));
    expect(searchableArticle(article('<h2 id="api-body">Payload<span class="api-pill api-required">required</span></h2>'))).toContain('Payload <span class="api-pill');
    expect(searchableArticle(article('<h1>Old<span class="badge badge-deprecated">Deprecated</span></h1>'))).toContain('Old <span class="badge');
    const code = '<pre class="shiki"><code><span class="line"><span>a</span><span>.b</span></span></code></pre>';
    expect(searchableArticle(article(code))).toBe(article(code));
    // Text next to a tag is untouched: `**bold**text` stays as written.
    expect(searchableArticle(article('<p><strong>bold</strong>text</p>'))).toBe(article('<p><strong>bold</strong>text</p>'));
  });

  it('reads a table row as one sentence, its cells set apart', () => {
    const table = '<table><thead><tr><th>Name</th><th>Type</th></tr></thead><tbody><tr><td><code>markdown.schema.enabled</code></td>\n<td style="text-align:left">boolean</td></tr></tbody></table>';
    expect(searchableArticle(article(table))).toBe(
      article('<table><thead><p><span>Name</span> · <span>Type</span></p></thead> <tbody><p><span><code>markdown.schema.enabled</code></span> · <span style="text-align:left">boolean</span></p></tbody></table>'),
    );
  });

  it('marks buttons, tooltips and permalink anchors ignored', () => {
    const out = searchableArticle(
      article('<div><button type="button" class="api-try">Try it</button><span class="folio-tooltip-content" role="tooltip">at most</span><a class="api-field-anchor" href="#p" aria-label="Link to p">#</a><a href="/x">#tag</a></div>'),
    );
    expect(out).toContain('<button data-pagefind-ignore="" type="button"');
    expect(out).toContain('<span data-pagefind-ignore="" class="folio-tooltip-content" role="tooltip">');
    expect(out).toContain('<a data-pagefind-ignore="" class="api-field-anchor"');
    // A link whose text only starts with `#` is content.
    expect(out).toContain('<a href="/x">#tag</a>');
  });

  it('ignores what assistive technology skips, and reads a formula as one piece', () => {
    expect(searchableArticle(article('<div class="folio-step-marker" aria-hidden="true">1</div><p>Write</p>'))).toContain('<div data-pagefind-ignore="" class="folio-step-marker" aria-hidden="true">1</div>');
    const formula = '<span class="katex"><span class="katex-html" aria-hidden="true"><span class="base"><span class="mord">E</span><span class="mrel">=</span><span class="mord">m</span><span class="mord"><span>c</span><span class="msupsub">2</span></span></span></span></span>';
    expect(searchableArticle(article(`<p>Such as ${formula} and more.</p>`))).toBe(article('<p>Such as <span>E=mc2</span> and more.</p>'));
  });

  it('moves the keywords to a hidden section of their own at the end, keeping their weight', () => {
    const out = searchableArticle(article('<header><h1>T</h1><p class="search-keywords" hidden="" data-pagefind-weight="10">zebra, pinstripe</p></header><p>Body</p>'));
    expect(out).toBe(article(`<header><h1>T</h1></header> <p>Body</p><h6 id="${KEYWORDS_ANCHOR}" hidden="" data-pagefind-weight="10">zebra, pinstripe</h6>`));
  });
});
