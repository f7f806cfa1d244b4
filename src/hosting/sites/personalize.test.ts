import { describe, expect, it } from 'vitest';
import { personalizeHtml } from './personalize.js';

const page = '<html><body><p>Hi <span data-folio-user="firstName">reader</span> of <span data-folio-user="org.name"></span>, <span data-folio-user="seats">0</span></p></body></html>';

describe('a personalized page for one reader', () => {
  it('fills each value from content, escaped, and keeps the fallback where a value is missing or not text', () => {
    const html = personalizeHtml(page, { content: { firstName: '<img src=x onerror=alert(1)>&"', org: { name: ['not', 'text'] }, seats: 12 } });
    expect(html).toContain('Hi <span data-folio-user="firstName">&lt;img src=x onerror=alert(1)&gt;&amp;&quot;</span> of <span data-folio-user="org.name"></span>, <span data-folio-user="seats">12</span>');
  });

  it('reads a user claim when there is no content, and never an inherited property', () => {
    expect(personalizeHtml(page, { user: { firstName: 'Bo' } })).toContain('>Bo</span>');
    expect(personalizeHtml(page, { content: {} })).toBe(page);
    expect(personalizeHtml('<span data-folio-user="constructor.name">x</span>', { content: {} })).toBe('<span data-folio-user="constructor.name">x</span>');
  });

  it('adds the playground inputs as a data block only on a page with the playground, unable to close it', () => {
    const data = { apiPlaygroundInputs: { header: { 'X-API-Key': '</script><script>alert(1)</script>' } } };
    expect(personalizeHtml(page, data)).toBe(page);
    const api = '<html><body><script type="application/json" class="api-playground-data">{}</script></body></html>';
    const html = personalizeHtml(api, data);
    expect(html).toContain('<script type="application/json" id="folio-reader-inputs">{"header":{"X-API-Key":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}}</script></body>');
    expect(JSON.parse(/id="folio-reader-inputs">(.*?)<\/script>/.exec(html)![1]!)).toEqual(data.apiPlaygroundInputs);
  });
});
