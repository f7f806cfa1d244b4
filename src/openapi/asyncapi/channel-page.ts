/**
 * One channel of an AsyncAPI document → `ChannelPage`: its address, the servers it is served on,
 * parameters, the operations on it (send/receive) and their messages with payload and header
 * schemas drawn as the OpenAPI schemas are (`SchemaTreeBuilder`), bindings and examples.
 * AsyncAPI 2.x is read into the same shape: `publish` is `receive`, `subscribe` is `send`
 * (the direction the official 2→3 converter gives them).
 */
import { exampleFromSchema } from '../examples.js';
import { refName } from '../refs.js';
import { SchemaTreeBuilder } from '../schema-tree.js';
import type { JsonObject } from '../types.js';
import { deref, isObject } from './document.js';
import type { AsyncChannel, BindingView, ChannelPage, ChannelParameterView, LoadedAsyncApi, MessageExampleView, MessageView, OperationView, PlannedChannel, ServerView } from './types.js';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);

/** Pretty JSON of a value; strings as they are. */
function pretty(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

/** An object with the fields of its `traits` underneath its own (AsyncAPI traits are merged, the object winning). */
function withTraits(document: JsonObject, value: unknown): JsonObject {
  const object = deref(document, value);
  if (!isObject(object)) return {};
  const traits = Array.isArray(object.traits) ? object.traits.map((t) => deref(document, t)).filter(isObject) : [];
  return traits.length ? Object.assign({}, ...traits, object) : object;
}

function bindingsOf(document: JsonObject, value: unknown): BindingView[] {
  const bindings = deref(document, value);
  if (!isObject(bindings)) return [];
  return Object.entries(bindings).map(([protocol, binding]) => ({ protocol, json: pretty(deref(document, binding) ?? {}) }));
}

/** `wss://host/path` of a 3.x server (`host`, `pathname`) or a 2.x one (`url`, scheme from `protocol` when it has none). */
function serverUrl(server: JsonObject, major: 2 | 3): string {
  const protocol = text(server.protocol);
  if (major === 3) {
    const host = text(server.host) ?? '';
    return `${protocol ? `${protocol}://` : ''}${host}${text(server.pathname) ?? ''}`;
  }
  const url = text(server.url) ?? '';
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(url) || !protocol ? url : `${protocol}://${url}`;
}

function serversOf(spec: LoadedAsyncApi, channel: JsonObject): ServerView[] {
  const { document, major } = spec;
  const all = isObject(document.servers) ? document.servers : {};
  // A channel may name the servers it is on (3.x: references, 2.x: names); otherwise it is on all of them.
  const names = Array.isArray(channel.servers)
    ? channel.servers.flatMap((s) => (typeof s === 'string' ? [s] : isObject(s) && typeof s.$ref === 'string' ? [refName(s.$ref)] : []))
    : Object.keys(all);
  return names.flatMap((name) => {
    const server = deref(document, all[name]);
    if (!isObject(server)) return [];
    const view: ServerView = { name, url: serverUrl(server, major), bindings: bindingsOf(document, server.bindings) };
    for (const key of ['protocol', 'protocolVersion', 'title', 'description'] as const) {
      const value = text(server[key]);
      if (value) view[key] = value;
    }
    return [view];
  });
}

function parametersOf(spec: LoadedAsyncApi, channel: JsonObject, tree: SchemaTreeBuilder): ChannelParameterView[] {
  const params = deref(spec.document, channel.parameters);
  if (!isObject(params)) return [];
  return Object.entries(params).map(([name, value]) => {
    const param = isObject(deref(spec.document, value)) ? (deref(spec.document, value) as JsonObject) : {};
    // 3.x parameters carry `enum`/`default`/`examples` themselves; 2.x ones a `schema`.
    const schema = param.schema ?? { type: 'string', ...pick(param, ['enum', 'default', 'examples']) };
    const view: ChannelParameterView = { name, schema: tree.build(schema, name, true) };
    if (text(param.description)) view.description = param.description as string;
    if (text(param.location)) view.location = param.location as string;
    return view;
  });
}

function pick(object: JsonObject, keys: string[]): JsonObject {
  return Object.fromEntries(keys.filter((k) => object[k] !== undefined).map((k) => [k, object[k]]));
}

/** The JSON Schema of a payload: a 3.x multi-format object's `schema`, else the payload itself. */
function payloadSchema(document: JsonObject, payload: unknown): { schema: unknown; format?: string } {
  const target = deref(document, payload);
  if (isObject(target) && 'schema' in target && Object.keys(target).every((k) => k === 'schema' || k === 'schemaFormat')) {
    return { schema: target.schema, ...(text(target.schemaFormat) ? { format: target.schemaFormat as string } : {}) };
  }
  return { schema: payload };
}

/** JSON Schema (any draft) and AsyncAPI schemas are drawn as trees; Avro, Protobuf, ... are shown as written. */
function isJsonSchemaFormat(format: string | undefined): boolean {
  return !format || /asyncapi|json|openapi/i.test(format);
}

function messageView(spec: LoadedAsyncApi, name: string, value: unknown, tree: SchemaTreeBuilder): MessageView {
  const { document } = spec;
  const message = withTraits(document, value);
  const view: MessageView = { name, examples: [], bindings: bindingsOf(document, message.bindings), deprecated: message.deprecated === true };
  for (const key of ['title', 'summary', 'description', 'contentType'] as const) {
    const v = text(message[key]);
    if (v) view[key] = v;
  }
  view.contentType ??= text(document.defaultContentType);
  if (view.contentType === undefined) delete view.contentType;
  let schema: unknown;
  if (message.payload !== undefined) {
    const found = payloadSchema(document, message.payload);
    const format = found.format ?? text(message.schemaFormat);
    if (isJsonSchemaFormat(format)) {
      schema = found.schema;
      view.payload = tree.build(found.schema);
    } else {
      view.payload = { type: format!.split(/[;/]/).find((p) => /avro|proto|raml/i.test(p)) ?? format!, constraints: [], properties: [] };
      view.examples.push({ name: 'Schema', code: pretty(found.schema) });
    }
  }
  if (message.headers !== undefined) view.headers = tree.build(payloadSchema(document, message.headers).schema);
  if (Array.isArray(message.examples)) {
    message.examples.forEach((example, i) => {
      if (!isObject(example)) return;
      const shown = example.payload !== undefined ? example.payload : example.headers;
      if (shown === undefined) return;
      const out: MessageExampleView = { name: text(example.name) ?? text(example.summary) ?? `Example ${i + 1}`, code: pretty(shown) };
      if (text(example.summary)) out.summary = example.summary as string;
      view.examples.push(out);
    });
  }
  if (view.examples.length === 0 && schema !== undefined) {
    const generated = exampleFromSchema(document, schema);
    if (generated !== undefined) view.examples.push({ name: view.title ?? name, code: pretty(generated) });
  }
  return view;
}

function operationView(document: JsonObject, id: string, op: JsonObject, action: 'send' | 'receive', messages: string[]): OperationView {
  const view: OperationView = { id, action, messages, bindings: bindingsOf(document, op.bindings), deprecated: op.deprecated === true };
  for (const key of ['title', 'summary', 'description'] as const) {
    const v = text(op[key]);
    if (v) view[key] = v;
  }
  return view;
}

/** Operations and messages of a 3.x channel: the document's `operations` whose `channel` is this one. */
function fromV3(spec: LoadedAsyncApi, channel: JsonObject, tree: SchemaTreeBuilder): { operations: OperationView[]; messages: MessageView[] } {
  const { document } = spec;
  const own = isObject(deref(document, channel.messages)) ? (deref(document, channel.messages) as JsonObject) : {};
  const messages = Object.entries(own).map(([name, value]) => messageView(spec, name, value, tree));
  const names = new Map<unknown, string>(Object.entries(own).map(([name, value]) => [deref(document, value), name]));
  const operations: OperationView[] = [];
  for (const [id, value] of Object.entries(isObject(document.operations) ? document.operations : {})) {
    const op = withTraits(document, value);
    if (deref(document, op.channel) !== channel) continue;
    const action = op.action === 'send' ? 'send' : 'receive';
    const refs = Array.isArray(op.messages) ? op.messages : undefined;
    const carried = refs
      ? refs.map((ref) => {
          const target = deref(document, ref);
          const known = names.get(target);
          if (known) return known;
          const name = isObject(ref) && typeof ref.$ref === 'string' ? refName(ref.$ref) : `${id} message`;
          // A message of another channel or of components only: drawn too, so the operation says what it carries.
          if (!messages.some((m) => m.name === name)) messages.push(messageView(spec, name, target, tree));
          names.set(target, name);
          return name;
        })
      : messages.map((m) => m.name);
    operations.push(operationView(document, id, op, action, carried));
  }
  return { operations, messages };
}

/** Operations and messages of a 2.x channel item: `publish` and `subscribe`, each with one message or `oneOf` several. */
function fromV2(spec: LoadedAsyncApi, channelId: string, channel: JsonObject, tree: SchemaTreeBuilder): { operations: OperationView[]; messages: MessageView[] } {
  const { document } = spec;
  const messages: MessageView[] = [];
  const operations: OperationView[] = [];
  for (const [verb, action] of [['publish', 'receive'], ['subscribe', 'send']] as const) {
    if (channel[verb] === undefined) continue;
    const op = withTraits(document, channel[verb]);
    const id = text(op.operationId) ?? `${verb} ${channelId}`;
    const message = deref(document, op.message);
    const options = isObject(message) && Array.isArray(message.oneOf) ? message.oneOf : op.message !== undefined ? [op.message] : [];
    const carried = options.map((option, i) => {
      const target = withTraits(document, option);
      const name = text(target.name) ?? text(target.messageId) ?? (isObject(option) && typeof option.$ref === 'string' ? refName(option.$ref) : options.length > 1 ? `${id} message ${i + 1}` : `${id} message`);
      if (!messages.some((m) => m.name === name)) messages.push(messageView(spec, name, option, tree));
      return name;
    });
    operations.push(operationView(document, id, op, action, carried));
  }
  return { operations, messages };
}

/** The page of `channel` in `spec`, placed at `ref.href`. */
export function channelPageFor(spec: LoadedAsyncApi, channel: AsyncChannel, ref: PlannedChannel): ChannelPage {
  const { document } = spec;
  const found = deref(document, (document.channels as JsonObject)[channel.id]);
  const fields: JsonObject = isObject(found) ? found : {};
  const tree = new SchemaTreeBuilder(document);
  const { operations, messages } = spec.major === 3 ? fromV3(spec, fields, tree) : fromV2(spec, channel.id, fields, tree);
  const page: ChannelPage = {
    ref, channelId: channel.id, title: ref.title, version: spec.version,
    servers: serversOf(spec, fields), parameters: parametersOf(spec, fields, tree), operations, messages,
    bindings: bindingsOf(document, fields.bindings), source: fields,
  };
  if (channel.address !== undefined) page.address = channel.address;
  if (text(fields.summary)) page.summary = fields.summary as string;
  if (text(fields.description)) page.description = fields.description as string;
  return page;
}
