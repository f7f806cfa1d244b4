import { exampleFromMedia, exampleFromSchema, type GroupFilter } from './examples.js';
import { mcpSettingOf } from './mcp-tools.js';
import { resolveLocalRef } from './refs.js';
import { specCodeSamples } from './samples.js';
import { SchemaTreeBuilder } from './schema-tree.js';
import type {
  ApiOperation,
  BodyView,
  EndpointPage,
  JsonObject,
  MediaView,
  ParameterView,
  PlannedEndpoint,
  ResponseView,
  SampleRequest,
  SecuritySchemeView,
  SecurityView,
} from './types.js';

function isObject(value: unknown): value is JsonObject {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** Follow `$ref` chains of non-schema objects (parameters, bodies, responses), stopping on cycles. */
function deref(document: JsonObject, value: unknown): JsonObject | undefined {
  const seen = new Set<string>();
  let current = value;
  while (isObject(current) && typeof current.$ref === 'string') {
    if (seen.has(current.$ref)) return undefined;
    seen.add(current.$ref);
    current = resolveLocalRef(document, current.$ref);
  }
  return isObject(current) ? current : undefined;
}

function pretty(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

/** Server URLs with `{variables}` replaced by their defaults. */
function serverUrls(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((server) => {
    if (!isObject(server) || typeof server.url !== 'string') return [];
    const variables = isObject(server.variables) ? server.variables : {};
    return [server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
      const variable = variables[name];
      return isObject(variable) && variable.default !== undefined ? String(variable.default) : whole;
    })];
  });
}

/** Plans everything one endpoint page shows, from the operation in its (OpenAPI 3.x) document. */
export function endpointPageFor(document: JsonObject, op: ApiOperation, ref: PlannedEndpoint): EndpointPage {
  const pathItem = deref(document, (document[op.pointer[0]!] as JsonObject | undefined)?.[op.pointer[1]!]) ?? {};
  const operation = deref(document, pathItem[op.pointer[2]!]) ?? {};
  const trees = new SchemaTreeBuilder(document);
  const parameters = parametersOf(document, trees, pathItem, operation);
  const requestBody = bodyOf(document, trees, operation.requestBody);
  const servers = serverUrls(operation.servers).concat(serverUrls(pathItem.servers), serverUrls(document.servers));
  const security = securityOf(document, operation.security ?? document.security);
  const page: EndpointPage = {
    ref,
    title: ref.title,
    metadata: op.custom.metadata,
    method: op.method,
    path: op.path,
    kind: op.kind,
    deprecated: op.deprecated,
    servers: [...new Set(servers)],
    security,
    parameters,
    responses: responsesOf(document, trees, operation.responses),
    samples: [],
  };
  const description = op.custom.description ?? op.description;
  if (description) page.description = description;
  if (op.custom.content) page.content = op.custom.content;
  if (requestBody) page.requestBody = requestBody;
  const mcp = mcpSettingOf(operation) ?? mcpSettingOf(document);
  if (mcp?.enabled) page.mcp = { ...(mcp.name ? { name: mcp.name } : {}), ...(mcp.description ? { description: mcp.description } : {}) };
  const form = formFieldsOf(document, operation.requestBody);
  if (form) page.formFields = form;
  page.samples = specCodeSamples(operation);
  if (op.kind === 'operation') {
    // The groups the generated body's parts are limited to: none, one example for all; else one per set of them a reader may have (at most 16).
    const seen = new Set<string>();
    const all = sampleRequest(document, page, operation, (groups) => (groups.forEach((g) => seen.add(g)), true));
    const groups = [...seen].sort();
    if (groups.length === 0) page.request = all;
    else {
      const inSet = (set: readonly string[]) => (parts: string[]) => parts.some((g) => set.includes(g));
      page.request = sampleRequest(document, page, operation, () => false);
      if (groups.length <= 4) {
        const variants: { sets: string[][]; request: SampleRequest; key: string }[] = [];
        for (let mask = 0; mask < 1 << groups.length; mask++) {
          const set = groups.filter((_, i) => mask & (1 << i));
          const request = mask === 0 ? page.request : sampleRequest(document, page, operation, inSet(set));
          const key = JSON.stringify(request.body ?? null);
          const same = variants.find((v) => v.key === key);
          if (same) same.sets.push(set);
          else variants.push({ sets: [set], request, key });
        }
        page.requestByGroups = { groups, variants: variants.map(({ sets, request }) => ({ sets, request })) };
      }
    }
  }
  return page;
}

function parametersOf(document: JsonObject, trees: SchemaTreeBuilder, pathItem: JsonObject, operation: JsonObject): ParameterView[] {
  const byKey = new Map<string, JsonObject>();
  for (const list of [pathItem.parameters, operation.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const param = deref(document, raw);
      if (param && typeof param.name === 'string') byKey.set(`${String(param.in)}:${param.name}`, param);
    }
  }
  const order = ['path', 'query', 'header', 'cookie'];
  return [...byKey.values()]
    .filter((p) => order.includes(String(p.in)))
    .sort((a, b) => order.indexOf(String(a.in)) - order.indexOf(String(b.in)))
    .map((p) => {
      const schema = p.schema ?? (isObject(p.content) ? (Object.values(p.content)[0] as JsonObject | undefined)?.schema : undefined);
      const view: ParameterView = {
        name: String(p.name),
        in: p.in as ParameterView['in'],
        required: p.required === true || p.in === 'path',
        deprecated: p.deprecated === true,
        schema: trees.build(schema),
      };
      if (typeof p.description === 'string') view.description = p.description;
      if (p.example !== undefined && view.schema.example === undefined) view.schema.example = p.example;
      return view;
    });
}

function mediaOf(document: JsonObject, trees: SchemaTreeBuilder, content: unknown): MediaView[] {
  if (!isObject(content)) return [];
  return Object.entries(content).map(([contentType, raw]) => {
    const media = isObject(raw) ? raw : {};
    const view: MediaView = { contentType };
    if (media.schema !== undefined) view.schema = trees.build(media.schema);
    const example = pretty(exampleFromMedia(document, media));
    if (example !== undefined) view.example = example;
    return view;
  });
}

function bodyOf(document: JsonObject, trees: SchemaTreeBuilder, raw: unknown): BodyView | undefined {
  const body = deref(document, raw);
  if (!body) return undefined;
  const view: BodyView = { required: body.required === true, media: mediaOf(document, trees, body.content) };
  if (typeof body.description === 'string') view.description = body.description;
  return view;
}

function responsesOf(document: JsonObject, trees: SchemaTreeBuilder, raw: unknown): ResponseView[] {
  if (!isObject(raw)) return [];
  return Object.entries(raw)
    .filter(([status]) => !status.startsWith('x-'))
    .map(([status, value]) => {
      const response = deref(document, value) ?? {};
      const headers = Object.entries(isObject(response.headers) ? response.headers : {}).map(([name, h]) => {
        const header = deref(document, h) ?? {};
        const view: ParameterView = { name, in: 'header', required: header.required === true, deprecated: false, schema: trees.build(header.schema) };
        if (typeof header.description === 'string') view.description = header.description;
        return view;
      });
      const view: ResponseView = { status, headers, media: mediaOf(document, trees, response.content) };
      if (typeof response.description === 'string') view.description = response.description;
      return view;
    });
}

function securityOf(document: JsonObject, requirements: unknown): SecurityView[] {
  if (!Array.isArray(requirements)) return [];
  const components = isObject(document.components) ? document.components : {};
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  return requirements.filter(isObject).flatMap((requirement) => {
    const entries = Object.entries(requirement);
    if (entries.length === 0) return [];
    return [{
      schemes: entries.map(([name, scopes]) => {
        const scheme = deref(document, schemes[name]) ?? {};
        const view: SecuritySchemeView = { name, type: String(scheme.type ?? 'unknown'), detail: schemeDetail(scheme), scopes: Array.isArray(scopes) ? scopes.map(String) : [] };
        if (scheme.type === 'http' && typeof scheme.scheme === 'string') view.scheme = scheme.scheme.toLowerCase();
        if (scheme.type === 'apiKey' && ['header', 'query', 'cookie'].includes(String(scheme.in)) && typeof scheme.name === 'string') {
          view.in = scheme.in as SecuritySchemeView['in'];
          view.paramName = scheme.name;
        }
        return view;
      }),
    }];
  });
}

function schemeDetail(scheme: JsonObject): string {
  const description = typeof scheme.description === 'string' ? ` ${scheme.description}` : '';
  if (scheme.type === 'http') {
    const kind = String(scheme.scheme ?? '').toLowerCase();
    if (kind === 'bearer') return `Header \`Authorization: Bearer <token>\`${scheme.bearerFormat ? ` (${String(scheme.bearerFormat)})` : ''}.${description}`;
    if (kind === 'basic') return `Header \`Authorization: Basic <base64 user:password>\`.${description}`;
    return `HTTP ${kind} authentication.${description}`;
  }
  if (scheme.type === 'apiKey') return `API key in ${String(scheme.in)} \`${String(scheme.name)}\`.${description}`;
  if (scheme.type === 'oauth2') return `OAuth 2.0.${description}`;
  if (scheme.type === 'openIdConnect') return `OpenID Connect (${String(scheme.openIdConnectUrl ?? '')}).${description}`;
  return description.trim();
}

/** The example request samples and the playground start from: first server, example parameter values, example body. */
function sampleRequest(document: JsonObject, page: EndpointPage, operation: JsonObject, keep: GroupFilter): SampleRequest {
  const valueOf = (p: ParameterView) => {
    const raw = p.schema.example ?? p.schema.default ?? p.schema.enum?.[0];
    return raw !== undefined ? String(raw) : undefined;
  };
  const req: SampleRequest = {
    method: page.method,
    server: (page.servers[0] ?? '').replace(/\/+$/, '') || 'https://api.example.com',
    path: page.path,
    pathParams: [],
    query: [],
    headers: [],
    cookies: [],
  };
  const lists = { path: req.pathParams, query: req.query, header: req.headers, cookie: req.cookies };
  for (const p of page.parameters) {
    const value = valueOf(p);
    lists[p.in].push({ name: p.name, value: value ?? (p.in === 'query' ? '<value>' : `<${p.name}>`), required: p.required });
  }
  for (const scheme of page.security[0]?.schemes ?? []) {
    const auth = authParam(scheme);
    if (auth) lists[auth.in].push({ name: auth.name, value: auth.value, required: true });
  }
  const body = deref(document, operation.requestBody);
  const content = isObject(body?.content) ? body.content : undefined;
  if (content) {
    const [contentType, media] = Object.entries(content)[0] ?? [];
    if (contentType && isObject(media)) {
      const example = exampleFromMedia(document, media, keep) ?? exampleFromSchema(document, media.schema, [], 0, keep);
      req.body = { contentType, value: example, required: body?.required === true };
    }
  }
  return req;
}

/** The properties of a `multipart/form-data` (or urlencoded) body, files (`format: binary`) marked, for the playground form. */
function formFieldsOf(document: JsonObject, raw: unknown): EndpointPage['formFields'] {
  const body = deref(document, raw);
  const content = isObject(body?.content) ? body.content : undefined;
  const [contentType, media] = content ? (Object.entries(content)[0] ?? []) : [];
  if (!contentType || !/^multipart\/form-data|^application\/x-www-form-urlencoded/i.test(contentType) || !isObject(media)) return undefined;
  const schema = deref(document, media.schema);
  const properties = isObject(schema?.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema?.required) ? schema.required.map(String) : []);
  return Object.entries(properties).map(([name, raw]) => {
    const prop = deref(document, raw) ?? {};
    const items = deref(document, prop.items) ?? {};
    const binary = prop.format === 'binary' || prop.format === 'base64' || items.format === 'binary' || prop.contentMediaType !== undefined;
    return { name, type: typeof prop.type === 'string' ? prop.type : 'string', required: required.has(name), binary };
  });
}

/** What a security scheme adds to the example request: a header, or a query or cookie parameter for API keys. */
function authParam(scheme: SecuritySchemeView): { in: 'header' | 'query' | 'cookie'; name: string; value: string } | undefined {
  if (scheme.type === 'http' && scheme.scheme === 'basic') return { in: 'header', name: 'Authorization', value: 'Basic <credentials>' };
  if (scheme.type === 'http' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return { in: 'header', name: 'Authorization', value: 'Bearer <token>' };
  if (scheme.type === 'apiKey' && scheme.in && scheme.paramName) return { in: scheme.in, name: scheme.paramName, value: '<api-key>' };
  return undefined;
}
