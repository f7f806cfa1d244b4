/**
 * Stable diagnostic codes of the openapi layer. Each is documented in
 * docs/reference/errors/openapi.md (a test checks every code appears there).
 */
export const OPENAPI_CODES = {
  OPENAPI_SOURCE_NOT_FOUND: 'A spec file named in docs.json or frontmatter does not exist inside the docs root.',
  OPENAPI_SOURCE_OUTSIDE_ROOT: 'A spec path escapes the docs root (.., absolute or drive paths).',
  OPENAPI_URL_REFUSED: 'A remote spec URL is not http(s), or resolves to a private, loopback or link-local address.',
  OPENAPI_FETCH_FAILED: 'A remote spec could not be downloaded (network error, HTTP status, too large, too slow, too many redirects).',
  OPENAPI_PARSE_ERROR: 'A spec is not valid JSON or YAML.',
  OPENAPI_TOO_DEEP: 'A spec nests objects and arrays more than 128 levels deep; it is not read.',
  OPENAPI_INVALID: 'A spec does not conform to the OpenAPI 3.0/3.1 or Swagger 2.0 schema.',
  OPENAPI_BAD_REF: 'A $ref points to nothing inside the spec, or to an external file or URL, which is not followed.',
  OPENAPI_ENDPOINT_NOT_FOUND: 'A `METHOD /path` entry names an operation the spec does not have.',
  OPENAPI_BAD_ENTRY: 'An endpoint entry or `openapi` frontmatter value is not of the form `[spec] METHOD /path`.',
  OPENAPI_HIDDEN_LISTED: 'A page list names an endpoint the spec marks `x-hidden`; it is left out.',
  OPENAPI_NO_SPEC: 'An endpoint entry has no spec: no `openapi` is set on it or an ancestor, and none was found in the repository.',
  OPENAPI_HREF_COLLISION: 'Two different operations would get the same page URL (e.g. the same summary in two specs); the later one gets a numbered suffix.',
  OPENAPI_PROXY_BAD_REQUEST: 'The playground proxy (`POST /__folio/api-proxy`) got a request it cannot read: not JSON, unknown method, bad headers, body too large.',
  OPENAPI_PROXY_REFUSED: 'The playground proxy refused the target: not one of the servers the site\'s specs and `api:` pages name, not http(s), credentials in the URL, or a private, loopback or link-local address.',
  OPENAPI_PROXY_FAILED: 'The playground proxy reached no answer: network error, timeout, or an answer over the size limit.',
  OPENAPI_BAD_API_FRONTMATTER: 'An MDX page\'s `api:` frontmatter is not `METHOD /path` or `METHOD https://host/path`, or is a relative path with no `api.mdx.server`; the page is built without its request line and playground.',
  ASYNCAPI_SOURCE_NOT_FOUND: 'An AsyncAPI document named in docs.json (`asyncapi`) or `asyncapi:` frontmatter does not exist inside the docs root, leaves it, or is over the size limit.',
  ASYNCAPI_FETCH_FAILED: 'A remote AsyncAPI document could not be downloaded, or its URL was refused (not http(s), private or loopback address).',
  ASYNCAPI_PARSE_ERROR: 'An AsyncAPI document is not valid JSON or YAML.',
  ASYNCAPI_TOO_DEEP: 'An AsyncAPI document nests objects and arrays more than 128 levels deep; it is not read.',
  ASYNCAPI_INVALID: 'An AsyncAPI document has no `asyncapi` version field of 2.x or 3.x, or its `channels` is not an object.',
  ASYNCAPI_BAD_REF: 'A `$ref` in an AsyncAPI document points to nothing inside it, or to another file, which is not followed.',
  ASYNCAPI_CHANNEL_NOT_FOUND: 'An `asyncapi:` frontmatter value names a channel the AsyncAPI document does not have.',
  ASYNCAPI_NO_SPEC: 'An `asyncapi:` frontmatter value names only a channel, and no AsyncAPI document is set in docs.json or found in the repository.',
} as const;

export type OpenApiCode = keyof typeof OPENAPI_CODES;
