import { describe, expect, it } from 'vitest';
import { readerInputs } from './prefill.js';
import type { Spec } from './spec.js';

const spec = {
  method: 'GET',
  path: '/items/{itemId}',
  servers: [],
  fields: [
    { name: 'itemId', in: 'path', required: true, type: 'string' },
    { name: 'X-Team', in: 'header', required: false, type: 'string' },
  ],
  auth: [
    { name: 'key', type: 'apiKey', in: 'header', paramName: 'X-API-Key' },
    { name: 'token', type: 'http', scheme: 'bearer' },
    { name: 'qkey', type: 'apiKey', in: 'query', paramName: 'api_key' },
  ],
  proxy: true,
  credentials: false,
  prefill: false,
} as unknown as Spec;

const page = (json: string | null) => ({ getElementById: (id: string) => (id === 'folio-reader-inputs' && json !== null ? { textContent: json } : null) }) as unknown as Document;

describe('the playground’s values from the reader’s apiPlaygroundInputs', () => {
  it('fills the schemes and parameters the operation names, and nothing else', () => {
    const inputs = { header: { 'x-api-key': 'k1', Authorization: 'Bearer t1', 'X-Team': 'blue', 'X-Other': 'no' }, query: { api_key: 'q1' }, path: { itemId: 42, other: 'no' }, cookie: { session: 'no' } };
    expect(readerInputs(spec, page(JSON.stringify(inputs)))).toEqual({ 'auth:key': 'k1', 'auth:token': 't1', 'header:X-Team': 'blue', 'auth:qkey': 'q1', 'path:itemId': '42' });
  });

  it('gives nothing without the block or with one that does not parse', () => {
    expect(readerInputs(spec, page(null))).toEqual({});
    expect(readerInputs(spec, page('{not json'))).toEqual({});
  });
});
