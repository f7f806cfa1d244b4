/** Types of the openapi layer: loaded specs → planned endpoints (ApiPlan) → endpoint pages. */

export type JsonObject = { [key: string]: unknown };

export const HTTP_METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** One `openapi` value from docs.json, normalized: a spec path or URL and the directory its pages go under. */
export interface OpenApiSource {
  /** Repository path (leading slash optional) or http(s) URL of the spec. */
  source: string;
  /** URL directory of generated pages; `api-reference` when unset. */
  directory?: string;
}

/** Page metadata and content a spec author sets with `x-mint` or `x-service` on an operation. */
export interface EndpointCustomization {
  title?: string;
  sidebarTitle?: string;
  description?: string;
  /** Explicit URL of the endpoint page; replaces the generated one. */
  href?: string;
  /** MDX/Markdown placed before the generated reference. */
  content?: string;
  /** Every other metadata field, kept so nothing is dropped silently. */
  metadata: JsonObject;
}

/** One operation (or 3.1 webhook) of a spec, with everything needed to plan its page. */
export interface ApiOperation {
  /** Normalized id of the spec (repository-relative path or URL). */
  specFile: string;
  kind: 'operation' | 'webhook';
  method: HttpMethod;
  /** The path template, or the webhook name for webhooks. */
  path: string;
  /** JSON pointer segments to the operation object, e.g. ['paths', '/users', 'get']. */
  pointer: string[];
  summary?: string;
  description?: string;
  operationId?: string;
  tags: string[];
  deprecated: boolean;
  hidden: boolean;
  custom: EndpointCustomization;
  /** URL segment(s) below the directory, unique within the spec: `tag-slug/summary-slug`. */
  slug: string;
}

/** A loaded and parsed spec. */
export interface LoadedSpec {
  /** Normalized id: repository-relative posix path without leading slash, or the URL. */
  id: string;
  /** Absolute file path when local. */
  absolutePath?: string;
  format: 'json' | 'yaml';
  version: '2.0' | '3.0' | '3.1' | 'unknown';
  text: string;
  /** The document as written (positions, validation). */
  document: JsonObject;
  /** The document pages are planned from: Swagger 2.0 upgraded to OpenAPI 3, others as written. */
  renderDocument: JsonObject;
  operations: ApiOperation[];
  /** Line:column of a JSON pointer in `text`, for diagnostics about parts of the spec. */
  positionOf(segments: readonly string[]): { line: number; column: number };
}

/** A reference to a generated endpoint page, as navigation needs it. Same shape as navigation's EndpointRef. */
export interface PlannedEndpoint {
  /** HTTP method, or `WEBHOOK` for a 3.1 webhook (its path is then the webhook name). */
  method: HttpMethod | 'WEBHOOK';
  path: string;
  title: string;
  href: string;
  tag?: string;
  deprecated?: boolean;
  specFile: string;
  sidebarTitle?: string;
  kind: 'operation' | 'webhook';
}

/** A schema drawn as a finite tree: cycles become `circular` markers, never loops. */
export interface SchemaNode {
  name?: string;
  /** Display type, e.g. `string<date-time>`, `object`, `array<Pet>`. */
  type: string;
  refName?: string;
  required?: boolean;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  example?: unknown;
  deprecated?: boolean;
  nullable?: boolean;
  /** `x-mint.groups`: only readers of these groups see this property or `oneOf` option (the page and playground are cut per reader). */
  groups?: string[];
  /** `x-mint-enum`: enum values only readers of the listed groups see (values not listed are everyone's). */
  enumGroups?: Record<string, string[]>;
  readOnly?: boolean;
  writeOnly?: boolean;
  constraints: string[];
  properties: SchemaNode[];
  items?: SchemaNode;
  additionalProperties?: SchemaNode;
  variants?: { kind: 'oneOf' | 'anyOf'; options: SchemaNode[] };
  /** Set when this node repeats an ancestor: the name of the component it refers to. */
  circular?: string;
  /** Set when the tree was cut to keep pages bounded. */
  truncated?: boolean;
  /** Set when a `$ref` could not be resolved. */
  brokenRef?: string;
}

export interface ParameterView {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  deprecated: boolean;
  description?: string;
  schema: SchemaNode;
}

export interface MediaView {
  contentType: string;
  schema?: SchemaNode;
  /** Pretty-printed example (from the spec, or generated from the schema). */
  example?: string;
}

export interface BodyView {
  required: boolean;
  description?: string;
  media: MediaView[];
}

export interface ResponseView {
  status: string;
  description?: string;
  headers: ParameterView[];
  media: MediaView[];
}

export interface SecurityView {
  /** Alternatives: the request needs every scheme of one requirement. */
  schemes: SecuritySchemeView[];
}

/** One security scheme of a requirement, with what the playground needs to send it. */
export interface SecuritySchemeView {
  name: string;
  type: string;
  detail: string;
  scopes: string[];
  /** `http` schemes: `bearer`, `basic`, ... (lower case). */
  scheme?: string;
  /** `apiKey` schemes: where the key goes and under which name. */
  in?: 'header' | 'query' | 'cookie';
  paramName?: string;
}

/** A parameter of the example request: its name, example value and whether the operation requires it. */
export interface SampleParam {
  name: string;
  value: string;
  required: boolean;
}

/**
 * The example request of an operation, from which code samples (httpsnippet) and the playground's
 * first values are made: first server, example parameter values, the first security requirement.
 */
export interface SampleRequest {
  method: HttpMethod;
  /** Base URL with server variables at their defaults (`https://api.example.com` when the spec has none). */
  server: string;
  /** The path template (`/pets/{id}`). */
  path: string;
  pathParams: SampleParam[];
  query: SampleParam[];
  headers: SampleParam[];
  cookies: SampleParam[];
  body?: { contentType: string; value: unknown; required: boolean };
}

export interface CodeSample {
  label: string;
  lang: string;
  code: string;
}

/** Everything an endpoint page shows, decided here and only drawn by src/render/endpoint. */
export interface EndpointPage {
  ref: PlannedEndpoint;
  title: string;
  description?: string;
  /** `x-mint`/`x-service` content placed before the reference (MDX source). */
  content?: string;
  metadata: JsonObject;
  method: HttpMethod;
  path: string;
  kind: 'operation' | 'webhook';
  deprecated: boolean;
  servers: string[];
  security: SecurityView[];
  parameters: ParameterView[];
  requestBody?: BodyView;
  responses: ResponseView[];
  /** Samples the spec ships (`x-codeSamples`); generated ones are made from `request` with the site's settings. */
  samples: CodeSample[];
  /** The example request, for generated samples and the playground (operations only, not webhooks). */
  request?: SampleRequest;
  /**
   * When the generated example body holds parts limited to groups (`x-mint.groups`, `x-mint-enum`):
   * `request` has none of them (what a reader of no group sees), and these are the example requests per
   * set of the reader's groups among `groups` (`sets`: each such set, sorted, that gets this one).
   */
  requestByGroups?: { groups: string[]; variants: { sets: string[][]; request: SampleRequest }[] };
  /** `x-mint.mcp` (or `x-mcp`) enables the operation as an MCP tool of the site (`mcp-tools.ts`). */
  mcp?: { name?: string; description?: string };
  /** Fields of a `multipart/form-data` body (files among them), for the playground's form. */
  formFields?: { name: string; type: string; required: boolean; binary: boolean }[];
}
