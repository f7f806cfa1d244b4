import { describe, expect, it } from 'vitest';
import type { EndpointPage } from '../../openapi/index.js';
import { apiDisplayOf } from './display.js';
import { renderEndpoint } from './render.js';

const node = (type: string, extra: object = {}) => ({ type, constraints: [], properties: [], ...extra });

/** A planned page as the openapi layer hands it over: one path parameter, a body, two responses. */
function page(): EndpointPage {
  return {
    ref: { method: 'POST', path: '/pets/{id}', title: 'Update pet', href: '/api/update-pet', specFile: 'spec.json', kind: 'operation' },
    title: 'Update pet',
    description: 'Changes a pet.',
    metadata: {},
    method: 'POST',
    path: '/pets/{id}',
    kind: 'operation',
    deprecated: false,
    servers: ['https://api.pets.test'],
    security: [{ schemes: [{ name: 'bearer', type: 'http', scheme: 'bearer', detail: 'Bearer token.', scopes: [] }] }],
    parameters: [{ name: 'id', in: 'path', required: true, deprecated: false, schema: node('string') }],
    requestBody: { required: true, media: [{ contentType: 'application/json', schema: node('object', { properties: [node('object', { name: 'owner', properties: [node('string', { name: 'email' })] })] }) }] },
    responses: [
      { status: '200', headers: [], media: [{ contentType: 'application/json', example: '{\n  "id": "p1"\n}' }] },
      { status: '404', description: 'Not found', headers: [], media: [] },
    ],
    samples: [{ label: 'SDK', lang: 'javascript', code: 'pets.update("p1")' }],
    request: { method: 'POST', server: 'https://api.pets.test', path: '/pets/{id}', pathParams: [{ name: 'id', value: '<id>', required: true }], query: [], headers: [{ name: 'Authorization', value: 'Bearer <token>', required: true }], cookies: [], body: { contentType: 'application/json', value: { owner: { email: 'a@b.test' } }, required: true } },
  };
}

describe('renderEndpoint', () => {
  it('draws the request line, the reference and the examples column, and lists the sections for the TOC', () => {
    const { html, headings } = renderEndpoint(page());
    expect(headings.map((h) => `${h.id}:${h.text}`)).toEqual(['api-authorization:Authorization', 'api-path-parameters:Path parameters', 'api-body:Body', 'api-responses:Responses']);
    for (const h of headings) expect(html).toContain(`id="${h.id}"`);
    expect(html.indexOf('api-request-line')).toBeLessThan(html.indexOf('api-columns'));
    expect(html.indexOf('class="api-main"')).toBeLessThan(html.indexOf('class="api-examples"'));
    // The spec's own sample comes first, then the platform's default languages but JavaScript, which the spec's sample covers.
    const tabs = [...html.matchAll(/api-request-example[\s\S]*?<\/div><button/g)][0]![0];
    expect([...tabs.matchAll(/data-folio-tab-key="([^"]+)"/g)].map((m) => m[1])).toEqual(['SDK', 'cURL', 'Python', 'PHP', 'Go', 'Java']);
    expect(html).toContain('data-folio-tab-key="200"');
    expect(html).not.toContain('data-folio-tab-key="404"');
    // First response open, the others closed; nested fields closed by default.
    expect(html).toMatch(/<details class="api-response" data-status="200" open="">/);
    expect(html).toMatch(/<details class="api-response" data-status="404">/);
    expect(html).toContain('<details class="api-children"><summary>');
    expect(html).toContain('data-api-try=""');
    expect(html).toContain('class="api-playground-data"');
  });

  it('follows api.* settings: languages, autogenerate, expanded params, full URL and playground modes', () => {
    const simple = renderEndpoint(page(), { display: apiDisplayOf({ api: { url: 'full', playground: { display: 'simple' }, params: { expanded: 'all' }, examples: { languages: ['ruby', 'rb', 'csharp'] } } }) }).html;
    expect(simple).toContain('<span class="api-server">https://api.pets.test</span>');
    expect(simple).toContain('<details class="api-children" open="">');
    expect(simple).not.toContain('data-api-try');
    expect(simple).not.toContain('api-playground-data');
    expect([...simple.matchAll(/data-folio-tab-key="([^"]+)"/g)].map((m) => m[1]).slice(0, 3)).toEqual(['SDK', 'Ruby', 'C#']);
    const none = renderEndpoint(page(), { display: apiDisplayOf({ api: { playground: { display: 'none' }, examples: { autogenerate: false } } }) }).html;
    expect(none).not.toContain('data-api-try');
    expect(none).not.toContain('data-folio-tab-key="cURL"');
    expect(none).toContain('data-folio-tab-key="SDK"');
    // A page's `playground:` frontmatter wins over docs.json.
    expect(apiDisplayOf({ api: { playground: { display: 'none' } } }, 'interactive').playground).toBe('interactive');
  });

  it('keeps the playground data inert inside its script element', () => {
    const p = page();
    p.path = '/pets/</script><script>alert(1)</script>';
    const { html } = renderEndpoint(p);
    const data = /<script type="application\/json" class="api-playground-data">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(data).not.toContain('<');
    expect(JSON.parse(data).path).toBe(p.path);
  });

  it('draws one sample tab per language: a spec sample named by its language takes the generated tab\'s place and label', () => {
    const p = page();
    p.samples = [
      { label: 'python', lang: 'python', code: 'import pets' },
      { label: 'curl', lang: 'curl', code: 'pets-cli update p1' },
      { label: 'typescript', lang: 'typescript', code: 'await pets.update("p1")' },
    ];
    const html = renderEndpoint(p).html;
    const keys = [...html.matchAll(/data-folio-tab-key="([^"]+)"/g)].map((m) => m[1]);
    expect(keys.slice(0, keys.indexOf('200'))).toEqual(['Python', 'cURL', 'TypeScript', 'JavaScript', 'PHP', 'Go', 'Java']);
    // The samples' text, whether or not their language's grammar is loaded yet (coloured text is split into spans).
    const text = html.replace(/<[^>]+>/g, '');
    expect(text).toContain('import pets');
    expect(text).toContain('pets-cli update p1');
    expect(text).not.toContain('curl --request POST');
  });

  it('keeps tab lists to tabs, lets paths wrap between segments, and opens the playground as a dialog', () => {
    const p = page();
    p.path = '/organizations/{organization_id}/jobs/{job_id}';
    p.parameters = [{ name: 'organization_id', in: 'path', required: true, deprecated: false, description: 'The **organization** that owns the [job](/jobs). More text.', schema: node('string') }];
    const html = renderEndpoint(p).html;
    for (const list of html.matchAll(/<div class="folio-tab-list" role="tablist">([\s\S]*?)<\/div>/g)) {
      expect([...list[1]!.matchAll(/<(\w+)[^>]*>/g)].map((m) => /role="tab"/.test(m[0]) || m[1] !== 'button')).not.toContain(false);
    }
    expect(html).toMatch(/class="folio-copy api-example-copy"/);
    expect(html).toContain('<code class="api-path" data-folio-copy-source="">/organizations<wbr/>/{organization_id}<wbr/>/jobs<wbr/>/{job_id}</code>');
    expect(html).toContain('aria-haspopup="dialog"');
    expect(html).not.toContain('data-api-playground');
    const data = JSON.parse(/<script type="application\/json" class="api-playground-data">([\s\S]*?)<\/script>/.exec(html)![1]!);
    expect(data.fields[0]).toEqual({ name: 'organization_id', in: 'path', required: true, type: 'string', description: 'The organization that owns the job.' });
  });
});
