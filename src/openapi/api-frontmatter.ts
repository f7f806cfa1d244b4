/**
 * Endpoints written by hand: an MDX page whose frontmatter says `api: "POST https://api.acme.com/v1/users"`
 * (or a path under docs.json `api.mdx.server`). Planned into the same `EndpointPage` the generated
 * pages use, so they get the same request line, samples and playground.
 */
import { bodyValueOf, type ParamFieldInfo } from './param-fields.js';
import { HTTP_METHODS, type EndpointPage, type HttpMethod, type SecurityView } from './types.js';

export interface ApiFrontmatterEndpoint {
  method: HttpMethod;
  /** Base URL: the one in the value, else the first `api.mdx.server`. */
  server: string;
  path: string;
}

/** `api:` frontmatter → method, server and path, or why it cannot be used. */
export function parseApiFrontmatter(value: unknown, servers: readonly string[]): ApiFrontmatterEndpoint | { problem: string } {
  if (typeof value !== 'string') return { problem: `api: must be a string like "POST /v1/users" or "GET https://api.example.com/v1/users", not ${JSON.stringify(value)}` };
  const match = /^\s*([A-Za-z]+)\s+(\S+)\s*$/.exec(value);
  const method = match?.[1]?.toUpperCase();
  if (!match || !method || !(HTTP_METHODS as readonly string[]).includes(method)) {
    return { problem: `api: "${value}" is not "METHOD /path" or "METHOD https://host/path"; the method is one of ${HTTP_METHODS.join(', ')}` };
  }
  const target = match[2]!;
  if (/^https?:\/\//i.test(target)) {
    let url: URL;
    try {
      url = new URL(target.replace(/\{/g, '%7B').replace(/\}/g, '%7D'));
    } catch {
      return { problem: `api: "${value}": "${target}" is not a valid URL` };
    }
    return { method: method as HttpMethod, server: url.origin, path: decodeURIComponent(url.pathname) + url.search };
  }
  if (!target.startsWith('/')) return { problem: `api: "${value}": the path must start with "/" or be a full http(s) URL` };
  const server = servers[0];
  if (!server) return { problem: `api: "${value}" is a relative path but docs.json sets no \`api.mdx.server\`; add the server there or write the full URL` };
  return { method: method as HttpMethod, server: server.replace(/\/+$/, ''), path: target };
}

function schemaOf(field: ParamFieldInfo | undefined): EndpointPage['parameters'][number]['schema'] {
  const schema: EndpointPage['parameters'][number]['schema'] = { type: field?.type ?? 'string', constraints: [], properties: [] };
  if (field?.example !== undefined) schema.example = field.example;
  return schema;
}

/** The security of a hand-written endpoint from `api.mdx.auth` (or the page's `authMethod`). */
function securityOf(method: string | undefined, name: string | undefined): SecurityView[] {
  if (method === 'bearer') return [{ schemes: [{ name: 'bearer', type: 'http', scheme: 'bearer', detail: 'Header `Authorization: Bearer <token>`.', scopes: [] }] }];
  if (method === 'basic') return [{ schemes: [{ name: 'basic', type: 'http', scheme: 'basic', detail: 'Header `Authorization: Basic <base64 user:password>`.', scopes: [] }] }];
  if (method === 'key' || method === 'cobo') {
    const header = name ?? 'x-api-key';
    return [{ schemes: [{ name: header, type: 'apiKey', in: 'header', paramName: header, detail: `API key in header \`${header}\`.`, scopes: [] }] }];
  }
  return [];
}

/**
 * An `EndpointPage` for a hand-written endpoint: path parameters from the `{braces}`, the others
 * and the body from the page's `<ParamField>`s (`paramFieldsOf`), auth from the settings.
 */
export function manualEndpointPage(
  endpoint: ApiFrontmatterEndpoint,
  page: { href: string; title: string; auth?: { method?: string; name?: string } },
  fields: readonly ParamFieldInfo[] = [],
): EndpointPage {
  const path = endpoint.path.split('?')[0]!;
  const names = [...new Set([...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!))];
  const byName = new Map(fields.filter((f) => f.in === 'path').map((f) => [f.name, f]));
  const others = fields.filter((f) => f.in !== 'path' && f.in !== 'body');
  const bodyFields = fields.filter((f) => f.in === 'body');
  const security = securityOf(page.auth?.method, page.auth?.name);
  const out: EndpointPage = {
    ref: { method: endpoint.method, path, title: page.title, href: page.href, specFile: '', kind: 'operation' },
    title: page.title,
    metadata: {},
    method: endpoint.method,
    path,
    kind: 'operation',
    deprecated: false,
    servers: [endpoint.server],
    security,
    // Drawn by the page's own <ParamField>s; kept here for the playground's form and the samples.
    parameters: [
      ...names.map((name) => ({ name, in: 'path' as const, required: true, deprecated: false, schema: schemaOf(byName.get(name)) })),
      ...others.map((f) => ({ name: f.name, in: f.in as 'query' | 'header' | 'cookie', required: f.required, deprecated: false, schema: schemaOf(f) })),
    ],
    responses: [],
    samples: [],
  };
  // The page documents its parameters with <ParamField>; only path ones are known here, for samples and the playground.
  const sample = (f: ParamFieldInfo) => ({ name: f.name, value: f.example ?? `<${f.name}>`, required: f.required });
  const request: NonNullable<EndpointPage['request']> = {
    method: endpoint.method,
    server: endpoint.server,
    path,
    pathParams: names.map((name) => ({ name, value: byName.get(name)?.example ?? `<${name}>`, required: true })),
    query: others.filter((f) => f.in === 'query').map(sample),
    headers: others.filter((f) => f.in === 'header').map(sample),
    cookies: others.filter((f) => f.in === 'cookie').map(sample),
  };
  if (bodyFields.length > 0) {
    const files = bodyFields.some((f) => /^file$/i.test(f.type));
    request.body = { contentType: files ? 'multipart/form-data' : 'application/json', value: Object.fromEntries(bodyFields.map((f) => [f.name, bodyValueOf(f)])), required: bodyFields.some((f) => f.required) };
    // The playground draws one input per field of a form body, a file picker for `file`.
    if (files) out.formFields = bodyFields.map((f) => ({ name: f.name, type: f.type, required: f.required, binary: /^file$/i.test(f.type) }));
  }
  for (const scheme of security[0]?.schemes ?? []) {
    if (scheme.type === 'apiKey') request.headers.push({ name: scheme.paramName!, value: '<api-key>', required: true });
    else request.headers.push({ name: 'Authorization', value: scheme.scheme === 'basic' ? 'Basic <credentials>' : 'Bearer <token>', required: true });
  }
  out.request = request;
  return out;
}
