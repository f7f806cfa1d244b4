/**
 * The admin API's OpenAPI document as the server publishes it (`GET /openapi.json`, `folio serve
 * --print-openapi`, `adminOpenApiDocument()`), which docs.json names as the API tab's `openapi`, so
 * Folio draws one endpoint page per route. The one addition: a server, so samples show a full URL.
 */
export const API_SPEC = 'reference/api/openapi.json';

export function apiSpec(document: object): Map<string, string> {
  const withServer = { ...document, servers: [{ url: 'http://localhost:3000', description: 'folio start / folio serve on this machine (default port)' }] };
  return new Map([[API_SPEC, JSON.stringify(withServer, null, 2) + '\n']]);
}
