import { describe, expect, it } from 'vitest';
import { plannedEndpointFor } from './provider.js';
import { endpointPageFor } from './endpoint-page.js';
import { requestSamples, unsupportedSampleLanguages } from './samples.js';
import { specFromText } from './spec-store.js';

function pageOf(text: string, method: string, path: string) {
  const { spec, diagnostics } = specFromText('spec.json', text);
  expect(diagnostics).toEqual([]);
  const op = spec!.operations.find((o) => o.method === method && o.path === path)!;
  return endpointPageFor(spec!.renderDocument, op, plannedEndpointFor(spec!, op, 'spec.json'));
}

describe('endpointPageFor', () => {
  it('plans a Swagger 2.0 operation through the upgrade: servers, body, responses', () => {
    const page = pageOf(
      JSON.stringify({
        swagger: '2.0',
        info: { title: 'Old', version: '1' },
        host: 'api.old.test',
        basePath: '/v1',
        schemes: ['https'],
        paths: {
          '/pets': {
            post: {
              summary: 'Add pet',
              consumes: ['application/json'],
              parameters: [{ in: 'body', name: 'body', required: true, schema: { type: 'object', required: ['name'], properties: { name: { type: 'string', example: 'Rex' } } } }],
              responses: { '200': { description: 'OK', schema: { type: 'object', properties: { id: { type: 'integer' } } } } },
            },
          },
        },
      }),
      'POST',
      '/pets',
    );
    expect(page.servers).toEqual(['https://api.old.test/v1']);
    expect(page.requestBody?.media[0]?.schema?.properties[0]).toMatchObject({ name: 'name', required: true });
    expect(page.responses[0]?.media[0]?.schema?.properties[0]?.name).toBe('id');
    expect(page.request?.body).toEqual({ contentType: 'application/json', value: { name: 'Rex' }, required: true });
    expect(requestSamples(page.request!, { languages: ['curl'] })[0]?.code).toContain(`--data '\n{\n  "name": "Rex"\n}\n'`);
  });

  it('merges path-level parameters, orders them by location and puts query API keys into samples', () => {
    const page = pageOf(
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'X', version: '1' },
        servers: [{ url: 'https://{region}.api.test', variables: { region: { default: 'eu' } } }],
        components: { securitySchemes: { key: { type: 'apiKey', in: 'query', name: 'api_key' } } },
        security: [{ key: [] }],
        paths: {
          '/items/{id}': {
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', example: 'it_1' } }],
            get: {
              summary: 'Get item',
              parameters: [
                { name: 'X-Trace', in: 'header', required: true, schema: { type: 'string' } },
                { name: 'expand', in: 'query', schema: { type: 'boolean', default: false } },
              ],
              responses: { '200': { description: 'OK' } },
            },
          },
        },
      }),
      'GET',
      '/items/{id}',
    );
    expect(page.parameters.map((p) => `${p.in}:${p.name}:${p.required}`)).toEqual(['path:id:true', 'query:expand:false', 'header:X-Trace:true']);
    expect(page.security[0]?.schemes[0]).toMatchObject({ name: 'key', type: 'apiKey', detail: 'API key in query `api_key`.' });
    const samples = requestSamples(page.request!);
    const curl = samples.find((s) => s.label === 'cURL')!.code;
    expect(curl).toContain("--url 'https://eu.api.test/items/it_1?expand=false&api_key=<api-key>'");
    expect(curl).toContain("--header 'X-Trace: <X-Trace>'");
    // The platform's default languages, in its order, each written by httpsnippet.
    expect(samples.map((s) => s.label)).toEqual(['cURL', 'Python', 'JavaScript', 'PHP', 'Go', 'Java']);
    expect(samples.find((s) => s.label === 'Go')!.code).toContain('url := "https://eu.api.test/items/it_1?expand=false&api_key=<api-key>"');
    // `api.examples.defaults: required` drops the optional `expand` but keeps the key and required header.
    const required = requestSamples(page.request!, { languages: ['python', 'ruby'], defaults: 'required' });
    expect(required.map((s) => s.label)).toEqual(['Python', 'Ruby']);
    expect(required[0]!.code).toContain('querystring = {"api_key":"<api-key>"}');
    expect(required[0]!.code).not.toContain('expand');
  });

  it('keeps a relative server and unsupported languages out of the way', () => {
    const page = pageOf(
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'X', version: '1' },
        servers: [{ url: '/api' }],
        paths: { '/things/{id}': { delete: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '204': { description: 'Gone' } } } } },
      }),
      'DELETE',
      '/things/{id}',
    );
    const [curl] = requestSamples(page.request!, { languages: ['sh', 'dart'] });
    expect(curl!.code).toBe("curl --request DELETE \\\n  --url /api/things/<id>");
    expect(unsupportedSampleLanguages(['curl', 'dart', 'C++'])).toEqual(['dart', 'C++']);
  });
});
