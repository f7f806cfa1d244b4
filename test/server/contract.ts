import { z } from 'zod';

type Json = Record<string, unknown>;
type FetchLike = { request(input: string, init?: RequestInit): Response | Promise<Response> };

/** Replace every `#/components/...` reference with its target so a schema stands alone. */
function deref(node: unknown, doc: Json): unknown {
  if (Array.isArray(node)) return node.map((n) => deref(n, doc));
  if (!node || typeof node !== 'object') return node;
  const ref = (node as Json).$ref;
  if (typeof ref === 'string') {
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((at, key) => (at as Json)[key], doc);
    return deref(target, doc);
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, deref(v, doc)]));
}

/** Closed objects: a response may not carry fields the document does not declare. */
function closeObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (!node || typeof node !== 'object') return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, closeObjects(v)])) as Json;
  if (out.type === 'object' && out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

/**
 * Wraps an app so every response is checked against the served OpenAPI
 * document: the status must be documented for the operation, and a JSON body
 * must validate against its schema (converted to zod, objects closed).
 */
export async function contractClient(app: FetchLike): Promise<{ request(input: string, init?: RequestInit): Promise<Response>; checked: number }> {
  const doc = (await (await app.request('/openapi.json')).json()) as Json;
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const routes = Object.keys(paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));
  const validators = new Map<string, z.ZodType>();
  const client = {
    checked: 0,
    async request(input: string, init: RequestInit = {}): Promise<Response> {
      const response = await app.request(input, init);
      const method = (init.method ?? 'GET').toLowerCase();
      const pathname = new URL(input, 'http://localhost').pathname;
      const route = routes.find((r) => r.pattern.test(pathname));
      if (!route) throw new Error(`contract: ${method.toUpperCase()} ${pathname} is not in /openapi.json`);
      const operation = paths[route.template]?.[method];
      if (!operation) throw new Error(`contract: ${method.toUpperCase()} ${route.template} is not in /openapi.json`);
      const responses = operation.responses as Record<string, Json>;
      const documented = responses[String(response.status)];
      if (!documented) {
        throw new Error(`contract: ${method.toUpperCase()} ${route.template} answered ${response.status}, which is not documented (${Object.keys(responses).join(', ')})`);
      }
      const schema = (documented.content as Record<string, Json> | undefined)?.['application/json']?.schema;
      if (schema) {
        const key = `${method} ${route.template} ${response.status}`;
        let validator = validators.get(key);
        if (!validator) {
          validator = z.fromJSONSchema(closeObjects(deref(schema, doc)) as Parameters<typeof z.fromJSONSchema>[0]);
          validators.set(key, validator);
        }
        const body = await response.clone().json();
        const result = validator.safeParse(body);
        if (!result.success) {
          throw new Error(`contract: ${key} body does not match /openapi.json: ${JSON.stringify(result.error.issues)}\n${JSON.stringify(body)}`);
        }
        client.checked++;
      }
      return response;
    },
  };
  return client;
}
