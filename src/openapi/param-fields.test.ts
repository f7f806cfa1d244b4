import { describe, expect, it } from 'vitest';
import { manualEndpointPage } from './api-frontmatter.js';
import { paramFieldsOf } from './param-fields.js';

describe('ParamFields of an api: page', () => {
  const source = [
    '<ParamField path="id" type="string" required>The id.</ParamField>',
    '<ParamField query="limit" type="integer" default={20} />',
    "<ParamField header='X-Trace' placeholder=\"abc\" />",
    '<ParamField body="file" type="file" required />',
    '<ParamField body="tags" type="string[]" />',
    '```mdx', '<ParamField query="ignored" />', '```',
  ].join('\n');

  it('reads place, name, type, required and default, skipping code fences', () => {
    expect(paramFieldsOf(source)).toEqual([
      { name: 'id', in: 'path', type: 'string', required: true },
      { name: 'limit', in: 'query', type: 'integer', required: false, example: '20' },
      { name: 'X-Trace', in: 'header', type: 'string', required: false, example: 'abc' },
      { name: 'file', in: 'body', type: 'file', required: true },
      { name: 'tags', in: 'body', type: 'string[]', required: false },
    ]);
  });

  it('feeds the planned page: parameters, sample request and a multipart body with a file field', () => {
    const page = manualEndpointPage({ method: 'POST', server: 'https://api.example.com', path: '/things/{id}' }, { href: '/t', title: 'T' }, paramFieldsOf(source));
    expect(page.parameters.map((p) => `${p.in}:${p.name}:${p.schema.type}`)).toEqual(['path:id:string', 'query:limit:integer', 'header:X-Trace:string']);
    expect(page.request?.query).toEqual([{ name: 'limit', value: '20', required: false }]);
    expect(page.request?.body).toEqual({ contentType: 'multipart/form-data', value: { file: '', tags: [] }, required: true });
    expect(page.formFields).toEqual([{ name: 'file', type: 'file', required: true, binary: true }, { name: 'tags', type: 'string[]', required: false, binary: false }]);
  });
});
