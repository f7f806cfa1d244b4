import fs from 'node:fs';
import { validate } from '@scalar/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOpenApiDocument } from '../../src/api/index.js';
import { startTestServer, type TestServer } from './helpers.js';

describe('GET /openapi.json', () => {
  let s: TestServer;
  let served: Record<string, unknown>;
  beforeAll(async () => {
    s = await startTestServer('pglite');
    served = await (await s.app.request('/openapi.json')).json();
  });
  afterAll(() => s.cleanup());

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await validate(served);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('is the spec the bundled example docs build their API reference from (regenerate: folio serve --print-openapi > examples/admin-openapi.json)', () => {
    const bundled = JSON.parse(fs.readFileSync(new URL('../../examples/admin-openapi.json', import.meta.url), 'utf8'));
    expect(bundled).toEqual(served);
  });

  it('is what adminOpenApiDocument() returns without a database', () => {
    expect(JSON.parse(JSON.stringify(adminOpenApiDocument()))).toEqual(served);
  });

  it('keeps the spec AgentJob fields, required and nullable where the spec says', () => {
    const job = (served as { components: { schemas: Record<string, { properties: Record<string, { type: unknown }>; required: string[] }> } })
      .components.schemas.AgentJob!;
    expect(Object.keys(job.properties)).toEqual(['id', 'status', 'source', 'model', 'prLink', 'createdAt', 'archivedAt', 'failureReason', 'summary']);
    expect(job.properties.failureReason!.type).toEqual(['string', 'null']);
    expect(job.properties.summary!.type).toEqual(['string', 'null']);
    expect(job.properties.prLink!.type).toEqual(['string', 'null']);
    expect(job.properties.archivedAt!.type).toEqual(['string', 'null']);
    expect(job.properties.createdAt!.type).toBe('string');
  });
});
