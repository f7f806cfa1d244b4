import { forGroups, hasGroupParts, type EndpointPage, type SchemaNode } from '../../openapi/index.js';
import type { ApiDisplay } from './display.js';

/** A form field of the playground: a parameter with its type, allowed values and example. */
export interface PlaygroundField {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  type: string;
  enum?: string[];
  /** `x-mint-enum`: values only readers of these groups see (cut per reader, `openapi/reader-groups.ts`). */
  enumGroups?: Record<string, string[]>;
  example?: string;
  /** The description's first sentence as plain text (the form's hint under the name). */
  description?: string;
}

/**
 * A node of the request body's form: objects and arrays hold their parts, `json` is a part the form
 * cannot draw as fields (a choice of schemas, a free-form object, a part nested too deep), edited as JSON text.
 */
export interface PlaygroundBodyNode {
  name?: string;
  kind: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'json';
  /** The display type (`string<date-time>`). */
  type: string;
  required?: boolean;
  description?: string;
  enum?: string[];
  /** `x-mint-enum`: values only readers of these groups see. */
  enumGroups?: Record<string, string[]>;
  /** `x-mint.groups`: only readers of these groups see this property. */
  groups?: string[];
  /** The schema's own example (or default), as the form's starting value when the site prefills. */
  example?: unknown;
  properties?: PlaygroundBodyNode[];
  items?: PlaygroundBodyNode;
}

/** What the playground island reads from the page (`script.api-playground-data`). */
export interface PlaygroundSpec {
  method: string;
  path: string;
  /** The operation's title and description's first sentence (the panel's heading). */
  title?: string;
  summary?: string;
  servers: string[];
  fields: PlaygroundField[];
  body?: {
    contentType: string;
    example: string;
    required: boolean;
    fields?: { name: string; type: string; required: boolean; binary: boolean }[];
    /** The JSON body as a form, when its schema is an object the form can draw. */
    schema?: PlaygroundBodyNode;
  };
  /** `description`: the scheme's own description (the spec's), as plain text. */
  auth: { name: string; type: string; scheme?: string; in?: string; paramName?: string; description?: string }[];
  /** The first response example, shown until a real answer arrives. */
  response?: { status: string; code: string };
  /** The page's request sample tabs, in order; `own`: the spec's sample, shown as written. */
  samples?: { label: string; own: boolean }[];
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
  if (node.enumGroups) out.enumGroups = node.enumGroups;
  const example = text(node.example ?? node.default);
  if (example !== undefined) out.example = example;
  return out;
}

/** The kind of form control a display type (`integer<int32>`, `array<Pet>`, `string | null`) asks for. */
function kindOf(type: string): PlaygroundBodyNode['kind'] {
  const base = /^[a-z]+/i.exec(type.trim())?.[0]?.toLowerCase() ?? '';
  return base === 'object' || base === 'array' || base === 'string' || base === 'number' || base === 'integer' || base === 'boolean' ? base : 'json';
}

/** Limits that keep a page's data bounded on large schemas: deeper or further parts are JSON text. */
const BODY_DEPTH = 4;
const BODY_NODES = 120;

/** The body schema as form nodes (read-only properties left out: a request does not send them). */
function bodyNode(node: SchemaNode, depth: number, budget: { left: number }, required?: boolean): PlaygroundBodyNode {
  budget.left--;
  let kind = kindOf(node.type);
  if (node.variants || node.circular || node.truncated || node.brokenRef) kind = 'json';
  if (kind === 'object' && (node.properties.length === 0 || depth >= BODY_DEPTH)) kind = 'json';
  if (kind === 'array' && (!node.items || depth >= BODY_DEPTH)) kind = 'json';
  const out: PlaygroundBodyNode = { kind, type: node.type };
  if (node.name) out.name = node.name;
  if (required ?? node.required) out.required = true;
  const hint = plainHint(node.description);
  if (hint) out.description = hint;
  if (node.enum && kind !== 'json') out.enum = node.enum.map((v) => text(v) ?? '');
  if (node.enumGroups && out.enum) out.enumGroups = node.enumGroups;
  if (node.groups) out.groups = node.groups;
  const example = node.example ?? node.default;
  if (example !== undefined) out.example = example;
  if (kind === 'object') {
    out.properties = [];
    for (const p of node.properties) {
      if (p.readOnly || budget.left <= 0) continue;
      out.properties.push(bodyNode(p, depth + 1, budget));
    }
  }
  if (kind === 'array') out.items = bodyNode(node.items!, depth + 1, budget, false);
  return out;
}

/** A form node in the shape of an example value (no schema to read): types from the values, nothing marked required. */
function exampleNode(value: unknown, depth: number, name?: string): PlaygroundBodyNode {
  const named = name === undefined ? {} : { name };
  if (Array.isArray(value)) {
    return depth < BODY_DEPTH && value.length > 0 ? { ...named, kind: 'array', type: 'array', items: exampleNode(value[0], depth + 1) } : { ...named, kind: 'json', type: 'array' };
  }
  if (value !== null && typeof value === 'object') {
    if (depth >= BODY_DEPTH) return { ...named, kind: 'json', type: 'object' };
    return { ...named, kind: 'object', type: 'object', properties: Object.entries(value).map(([key, v]) => exampleNode(v, depth + 1, key)) };
  }
  const kind = typeof value === 'boolean' ? 'boolean' : typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value === 'string' ? 'string' : 'json';
  return { ...named, kind, type: kind === 'json' ? 'any' : kind };
}

/** The scheme's own description, without the sentence `schemeDetail` puts first (the header it goes in). */
function ownDescription(detail: string): string | undefined {
  const rest = detail.replace(/^(?:Header `[^`]*`(?: \([^)]*\))?\.|API key in \w+ `[^`]*`\.|OAuth 2\.0\.|OpenID Connect \([^)]*\)\.|HTTP \w* authentication\.)\s*/, '');
  const plain = rest.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]*>/g, '').replace(/[`*]/g, '').replace(/\s+/g, ' ').trim();
  return plain === '' ? undefined : plain;
}

/** The playground's input as JSON safe inside a `<script>` element; `samples` are the page's request sample tabs. */
export function playgroundData(page: EndpointPage, display: ApiDisplay, samples: { label: string; own: boolean }[] = []): string {
  return scriptJson(forGroups(playgroundFull(page, display, samples), new Set()));
}

/** The playground's data with every part, those for some groups marked. */
function playgroundFull(page: EndpointPage, display: ApiDisplay, samples: { label: string; own: boolean }[]): PlaygroundSpec {
  const spec: PlaygroundSpec = {
    method: page.method,
    path: page.path,
    title: page.title,
    servers: page.servers.length > 0 ? page.servers : [page.request?.server ?? ''],
    fields: page.parameters.map((p) => field(p.schema, p.name, p.in, p.required, p.description)),
    auth: (page.security[0]?.schemes ?? []).map(({ name, type, scheme, in: where, paramName, detail }) => {
      const description = ownDescription(detail);
      return { name, type, scheme, in: where, paramName, ...(description ? { description } : {}) };
    }),
    proxy: display.proxy,
    credentials: display.credentials,
    prefill: display.prefill,
  };
  const summary = plainHint(page.description);
  if (summary) spec.summary = summary;
  if (samples.length > 0) spec.samples = samples;
  const response = page.responses.flatMap((r) => {
    const media = r.media.find((m) => m.example !== undefined);
    return media ? [{ status: r.status, code: media.example! }] : [];
  })[0];
  if (response) spec.response = response;
  const body = page.request?.body;
  if (body) spec.body = { contentType: body.contentType, example: typeof body.value === 'string' ? body.value : JSON.stringify(body.value ?? {}, null, 2), required: body.required };
  if (spec.body && page.formFields?.length) spec.body.fields = page.formFields;
  else if (spec.body && /json/i.test(spec.body.contentType)) {
    const schema = page.requestBody?.media.find((m) => m.contentType === spec.body!.contentType)?.schema;
    // An `api:` page has no schema: its `<ParamField body>`s made the example, whose shape stands for one.
    const node = schema ? bodyNode(schema, 0, { left: BODY_NODES }, spec.body.required) : exampleNode(body?.value, 0);
    if (node?.kind === 'object') spec.body.schema = node;
  }
  return spec;
}

/**
 * The playground's data with its parts for some groups only (`x-mint.groups`, `x-mint-enum`), which
 * `folio serve` cuts per reader into the page's data block; undefined when it has none.
 */
export function playgroundGroupsData(page: EndpointPage, display: ApiDisplay, samples: { label: string; own: boolean }[] = []): string | undefined {
  const full = playgroundFull(page, display, samples);
  return hasGroupParts(full) ? scriptJson(full) : undefined;
}

function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
