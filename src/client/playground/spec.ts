/**
 * What the playground reads from the page (`script.api-playground-data`, written by
 * `src/render/endpoint/playground-data.ts`; the client imports no other layer, so the shape is
 * repeated here) and what a send gives back.
 */

/** A parameter the form asks for. */
export interface Field {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  type: string;
  enum?: string[];
  example?: string;
  /** The first sentence of the parameter's description, as plain text. */
  description?: string;
}

export interface AuthScheme {
  name: string;
  type: string;
  scheme?: string;
  in?: string;
  paramName?: string;
  /** The scheme's own description (the spec's), as plain text. */
  description?: string;
}

/** A part of the JSON body's form (see `PlaygroundBodyNode` in render/endpoint/playground-data.ts). */
export interface BodyNode {
  name?: string;
  kind: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'json';
  type: string;
  required?: boolean;
  description?: string;
  enum?: string[];
  example?: unknown;
  properties?: BodyNode[];
  items?: BodyNode;
}

export interface FormField {
  name: string;
  type: string;
  required: boolean;
  binary: boolean;
}

export interface Spec {
  method: string;
  path: string;
  title?: string;
  summary?: string;
  servers: string[];
  fields: Field[];
  body?: { contentType: string; example: string; required: boolean; fields?: FormField[]; schema?: BodyNode };
  auth: AuthScheme[];
  response?: { status: string; code: string };
  samples?: { label: string; own: boolean }[];
  proxy: boolean;
  credentials: boolean;
  prefill: boolean;
}

/** The API's answer, as the proxy returns it (a direct send is put in the same shape). */
export interface Answer {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: string;
  encoding: 'utf8' | 'base64';
  timeMs: number;
}

/** The request the form describes. */
export interface Outgoing {
  url: string;
  headers: [string, string][];
  body?: string;
  form?: FormData;
}

/**
 * Form values by key: `server`, `auth:<scheme>`, `auth:<scheme>:user`, `<in>:<name>`, `body` (JSON
 * text), `form:<name>` (multipart), `body:<path>` (a field of the body's form: `body:owner.name`,
 * `body:tags.0`).
 */
export type Values = Record<string, string>;
