import { describe, expect, it } from 'vitest';
import { curlOf, problemsOf, requestOf } from './request.js';
import type { Spec } from './spec.js';

function spec(extra: Partial<Spec> = {}): Spec {
  return {
    method: 'POST',
    path: '/orgs/{org}/items/{id}',
    servers: ['https://api.test/v1/', 'https://sandbox.api.test/v1'],
    fields: [
      { name: 'org', in: 'path', required: true, type: 'string' },
      { name: 'id', in: 'path', required: true, type: 'integer' },
      { name: 'limit', in: 'query', required: false, type: 'number' },
      { name: 'X-Trace', in: 'header', required: false, type: 'string' },
      { name: 'session', in: 'cookie', required: false, type: 'string' },
    ],
    body: { contentType: 'application/json', example: '{}', required: true },
    auth: [{ name: 'bearer', type: 'http', scheme: 'bearer' }],
    proxy: true,
    credentials: false,
    prefill: false,
    ...extra,
  };
}

describe('requestOf', () => {
  it('puts each value where the spec says, encoded, on the chosen server', () => {
    const values = { server: 'https://sandbox.api.test/v1', 'path:org': 'a b/c', 'path:id': '7', 'query:limit': '5', 'header:X-Trace': 't1', 'cookie:session': 's=1', 'auth:bearer': 'tok', body: '{"a":1}' };
    expect(requestOf(spec(), values)).toEqual({
      url: 'https://sandbox.api.test/v1/orgs/a%20b%2Fc/items/7?limit=5',
      headers: [['X-Trace', 't1'], ['Authorization', 'Bearer tok'], ['Cookie', 'session=s%3D1'], ['Content-Type', 'application/json']],
      body: '{"a":1}',
    });
  });

  it('sends API keys in their place and basic credentials encoded; leaves out what is empty unless asked for placeholders', () => {
    const keys = spec({ auth: [{ name: 'k', type: 'apiKey', in: 'query', paramName: 'api_key' }, { name: 'c', type: 'apiKey', in: 'cookie', paramName: 'sid' }, { name: 'h', type: 'apiKey', in: 'header', paramName: 'X-Key' }] });
    expect(requestOf(keys, { 'auth:k': 'q1', 'auth:c': 'c1', 'auth:h': 'h1' })).toMatchObject({ url: 'https://api.test/v1/orgs/{org}/items/{id}?api_key=q1', headers: [['X-Key', 'h1'], ['Cookie', 'sid=c1']] });
    const basic = spec({ auth: [{ name: 'b', type: 'http', scheme: 'basic' }] });
    expect(requestOf(basic, { 'auth:b:user': 'ann', 'auth:b': 'pw' }).headers).toEqual([['Authorization', `Basic ${btoa('ann:pw')}`]]);
    expect(requestOf(spec(), {}).headers).toEqual([]);
    // A stored server the spec no longer lists leaves the select empty: the first server is used.
    expect(requestOf(spec(), { server: '' }).url).toBe('https://api.test/v1/orgs/{org}/items/{id}');
    expect(requestOf(spec(), {}, undefined, true).headers).toEqual([['Authorization', 'Bearer <token>']]);
    // A GET carries no body whatever the form holds.
    expect(requestOf(spec({ method: 'GET' }), { body: '{"a":1}' }).body).toBeUndefined();
  });
});

describe('curlOf', () => {
  it('writes one option a line, quoted for the shell, files as @name', () => {
    const form = new FormData();
    form.append('note', "it's");
    form.append('file', new File(['x'], 'a b.txt'));
    expect(curlOf('POST', { url: 'https://api.test/x?q=1', headers: [['X-A', "o'k"]], form })).toBe(
      ["curl --request POST \\", "  --url 'https://api.test/x?q=1' \\", "  --header 'X-A: o'\\''k' \\", "  --form 'note=it'\\''s' \\", "  --form 'file=@a b.txt'"].join('\n'),
    );
    expect(curlOf('PUT', { url: 'https://api.test/x', headers: [], body: '{"a":"b"}' })).toBe("curl --request PUT \\\n  --url 'https://api.test/x' \\\n  --data '{\"a\":\"b\"}'");
  });
});

describe('problemsOf', () => {
  it('names every empty required field, every number that is not one, and a body that is not JSON', () => {
    const problems = problemsOf(spec(), { 'path:id': '7.5', 'query:limit': 'ten', body: '{"a":' }, () => 0);
    expect([...problems]).toEqual([
      ['auth:bearer', 'Enter the token.'],
      ['path:org', 'Enter a value.'],
      ['path:id', 'Enter a whole number.'],
      ['query:limit', 'Enter a number.'],
      ['body', expect.stringMatching(/^This is not valid JSON: /)],
    ]);
    expect(problemsOf(spec(), { 'auth:bearer': 't', 'path:org': 'o', 'path:id': '-3', 'query:limit': '2.5e3', body: ' ' }, () => 0).get('body')).toBe('This request needs a body.');
    expect(problemsOf(spec({ body: { contentType: 'application/json', example: '{}', required: false } }), { 'auth:bearer': 't', 'path:org': 'o', 'path:id': '1' }, () => 0).size).toBe(0);
  });

  it('asks for a file in a required multipart file field and the username of basic auth', () => {
    const multipart = spec({
      auth: [{ name: 'b', type: 'http', scheme: 'basic' }],
      fields: [],
      body: { contentType: 'multipart/form-data', example: '', required: true, fields: [{ name: 'file', type: 'string', required: true, binary: true }, { name: 'note', type: 'string', required: true, binary: false }] },
    });
    expect([...problemsOf(multipart, { 'auth:b': 'pw' }, () => 0)]).toEqual([['auth:b:user', 'Enter the username.'], ['form:file', 'Choose a file.'], ['form:note', 'Enter a value.']]);
    expect(problemsOf(multipart, { 'auth:b:user': 'u', 'form:note': 'n' }, (name) => (name === 'file' ? 1 : 0)).size).toBe(0);
  });
});
