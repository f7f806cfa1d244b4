import { describe, expect, it } from 'vitest';
import { contractClient } from './contract.js';

// The contract checker guards every API test; this proves it rejects drift.
describe('contract checker', () => {
  const doc = {
    paths: { '/x': { get: { responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/A' } } } } } } } },
    components: {
      schemas: { A: { type: 'object', properties: { a: { type: ['string', 'null'], format: 'date-time' } }, required: ['a'] } },
    },
  };
  const app = (body: unknown, status = 200) => ({
    request: (url: string) => (url === '/openapi.json' ? Response.json(doc) : Response.json(body, { status })),
  });

  it('accepts bodies matching the document', async () => {
    expect((await (await contractClient(app({ a: null }))).request('/x')).status).toBe(200);
    expect((await (await contractClient(app({ a: '2024-01-01T00:00:00.000Z' }))).request('/x')).status).toBe(200);
  });

  it('rejects wrong formats, missing and extra fields, undocumented statuses and paths', async () => {
    await expect((await contractClient(app({ a: 'yesterday' }))).request('/x')).rejects.toThrow('does not match');
    await expect((await contractClient(app({}))).request('/x')).rejects.toThrow('does not match');
    await expect((await contractClient(app({ a: null, extra: 1 }))).request('/x')).rejects.toThrow('does not match');
    await expect((await contractClient(app({ a: null }, 418))).request('/x')).rejects.toThrow('418, which is not documented');
    await expect((await contractClient(app({ a: null }))).request('/y')).rejects.toThrow('not in /openapi.json');
  });
});
