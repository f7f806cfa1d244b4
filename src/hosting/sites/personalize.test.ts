import { describe, expect, it } from 'vitest';
import { encodeCondition } from '../../mdx/index.js';
import { chooseBranches, personalizeHtml } from './personalize.js';

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
    expect(html).toContain('<script type="application/json" id="folio-reader-inputs">{"header":{"X-API-Key":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"}}</script></body>');
    expect(JSON.parse(/id="folio-reader-inputs">(.*?)<\/script>/.exec(html)![1]!)).toEqual(data.apiPlaygroundInputs);
  });

  it('keeps the branches whose condition holds for the reader and removes the others with their content', () => {
    const branch = (id: number, condition: unknown[], content: string, hidden = false) => `<div data-folio-user-if="${id}.${encodeCondition(condition)}"${hidden ? ' hidden=""' : ''}>${content}<template data-folio-user-end="${id}"></template></div>`;
    const pro = ['===', ['u', 'plan'], ['v', 'pro']];
    const html = `<p>a</p>${branch(1, pro, `Pro ${branch(2, ['>=', ['u', 'seats'], ['v', 10]], 'Big team')}`, true)}${branch(3, ['!', pro], 'Free')}<p>z</p>`;
    expect(chooseBranches(html, { plan: 'pro', seats: 12 })).toBe('<p>a</p><div data-folio-user-shown="">Pro <div data-folio-user-shown="">Big team</div></div><p>z</p>');
    expect(chooseBranches(html, { plan: 'pro', seats: '12' })).toBe('<p>a</p><div data-folio-user-shown="">Pro </div><p>z</p>');
    expect(chooseBranches(html, {})).toBe('<p>a</p><div data-folio-user-shown="">Free</div><p>z</p>');
    // A condition the build did not write (not the language, or not base64url JSON) holds for no one.
    expect(chooseBranches(branch(4, ['call', 'alert'], 'X') + '<div data-folio-user-if="5.!!!">Y<template data-folio-user-end="5"></template></div>', {})).toBe('<div data-folio-user-if="5.!!!">Y<template data-folio-user-end="5"></template></div>');
  });

  it('hands window.mintlify.user to the page’s scripts only for a reader with data', () => {
    const doc = '<html><head><title>t</title></head><body><span data-folio-user="firstName">reader</span></body></html>';
    expect(personalizeHtml(doc, {})).toBe(doc);
    const html = personalizeHtml(doc, { content: { firstName: 'Ada\u2028</script>' } });
    expect(html).toContain('<script type="application/json" id="folio-reader-user">{"firstName":"Ada\\u2028\\u003c/script\\u003e"}</script><script>(function(){');
  });
});
