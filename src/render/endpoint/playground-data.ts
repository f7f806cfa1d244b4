import type { EndpointPage, SchemaNode } from '../../openapi/index.js';
import type { ApiDisplay } from './display.js';

/** A form field of the playground: a parameter with its type, allowed values and example. */
export interface PlaygroundField {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  type: string;
  enum?: string[];
  example?: string;
  /** The description's first sentence as plain text (the form's hint under the name). */
  description?: string;
}

/** What the playground island reads from the page (`script.api-playground-data`). */
export interface PlaygroundSpec {
  method: string;
  path: string;
  servers: string[];
  fields: PlaygroundField[];
  body?: { contentType: string; example: string; required: boolean; fields?: { name: string; type: string; required: boolean; binary: boolean }[] };
  auth: { name: string; type: string; scheme?: string; in?: string; paramName?: string }[];
  proxy: boolean;
  credentials: boolean;
  prefill: boolean;
}

function text(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The first sentence of a Markdown description as plain text, at most 160 characters. */
export function plainHint(markdown: string | undefined): string | undefined {
  if (!markdown) return undefined;
  const text = markdown
    .trim()
    .split(/\n\s*\n/)[0]!
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, '')
    .replace(/[`*]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const sentence = /^.*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;
  if (!sentence) return undefined;
  return sentence.length > 160 ? `${sentence.slice(0, 159).trimEnd()}…` : sentence;
}

function field(node: SchemaNode, name: string, where: PlaygroundField['in'], required: boolean, description?: string): PlaygroundField {
  const out: PlaygroundField = { name, in: where, required, type: node.type };
  const hint = plainHint(description ?? node.description);
  if (hint) out.description = hint;
  if (node.enum) out.enum = node.enum.map((v) => text(v) ?? '');
  const example = text(node.example ?? node.default);
  if (example !== undefined) out.example = example;
  return out;
}

/** The playground's input as JSON safe inside a `<script>` element. */
export function playgroundData(page: EndpointPage, display: ApiDisplay): string {
  const spec: PlaygroundSpec = {
    method: page.method,
    path: page.path,
    servers: page.servers.length > 0 ? page.servers : [page.request?.server ?? ''],
    fields: page.parameters.map((p) => field(p.schema, p.name, p.in, p.required, p.description)),
    auth: (page.security[0]?.schemes ?? []).map(({ name, type, scheme, in: where, paramName }) => ({ name, type, scheme, in: where, paramName })),
    proxy: display.proxy,
    credentials: display.credentials,
    prefill: display.prefill,
  };
  const body = page.request?.body;
  if (body) spec.body = { contentType: body.contentType, example: typeof body.value === 'string' ? body.value : JSON.stringify(body.value ?? {}, null, 2), required: body.required };
  if (spec.body && page.formFields?.length) spec.body.fields = page.formFields;
  return JSON.stringify(spec).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
