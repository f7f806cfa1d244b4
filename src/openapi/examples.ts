import { resolveLocalRef } from './refs.js';
import type { JsonObject } from './types.js';

function isObject(value: unknown): value is JsonObject {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

const STRING_FORMATS: Record<string, string> = {
  'date-time': '2024-01-15T09:30:00Z',
  date: '2024-01-15',
  time: '09:30:00',
  email: 'user@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  hostname: 'example.com',
  ipv4: '203.0.113.7',
  byte: 'U3dhZ2dlciByb2Nrcw==',
  binary: '<binary>',
  password: '********',
};

/**
 * Which parts limited to groups (`x-mint.groups` on a property or `oneOf`/`anyOf` option, `x-mint-enum`
 * on enum values) an example holds: called with a part's groups, true to keep it. `keepAll` keeps every
 * part; an endpoint page's request examples are made once per set of the reader's groups (`endpoint-page.ts`).
 */
export type GroupFilter = (groups: string[]) => boolean;

export const keepAll: GroupFilter = () => true;

const groupsIn = (value: unknown): string[] => (Array.isArray(value) ? value.filter((g): g is string => typeof g === 'string' && g.trim() !== '').map((g) => g.trim()) : []);

/** Whether a property or option (its `x-mint.groups`, through one `$ref`) is kept by `keep`. */
function readerMay(document: JsonObject, schema: unknown, keep: GroupFilter): boolean {
  const own = isObject(schema) && typeof schema.$ref === 'string' ? resolveLocalRef(document, schema.$ref) : schema;
  const groups = isObject(own) && isObject(own['x-mint']) ? groupsIn(own['x-mint'].groups) : [];
  return groups.length === 0 || keep(groups);
}

/**
 * An example value for a schema: the spec's own example, default, const or
 * first enum value when given, else one built from the type. Cycles stop at
 * the repeated `$ref` (and depth is capped), so generation always ends.
 */
export function exampleFromSchema(document: JsonObject, schema: unknown, stack: readonly string[] = [], depth = 0, keep: GroupFilter = keepAll): unknown {
  if (!isObject(schema) || depth > 8) return undefined;
  if (typeof schema.$ref === 'string') {
    if (stack.includes(schema.$ref)) return undefined;
    return exampleFromSchema(document, resolveLocalRef(document, schema.$ref), [...stack, schema.$ref], depth + 1, keep);
  }
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    // The first value this reader's groups may see (`x-mint-enum`).
    const byValue = isObject(schema['x-mint-enum']) ? schema['x-mint-enum'] : {};
    return schema.enum.find((v) => typeof v !== 'string' || !Object.hasOwn(byValue, v) || keep(groupsIn(byValue[v]))) ?? schema.enum[0];
  }
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((part) => exampleFromSchema(document, part, stack, depth + 1, keep));
    if (parts.every((p) => isObject(p) || p === undefined)) return Object.assign({}, ...parts.filter(Boolean));
    return parts.find((p) => p !== undefined);
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key];
    const first = Array.isArray(options) ? options.find((o) => readerMay(document, o, keep)) : undefined;
    if (first !== undefined) return exampleFromSchema(document, first, stack, depth + 1, keep);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || (type === undefined && isObject(schema.properties))) {
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(isObject(schema.properties) ? schema.properties : {}).slice(0, 40)) {
      if (isObject(value) && value.readOnly === true) continue;
      if (!readerMay(document, value, keep)) continue;
      const example = exampleFromSchema(document, value, stack, depth + 1, keep);
      if (example !== undefined) out[key] = example;
    }
    return out;
  }
  if (type === 'array') {
    const item = exampleFromSchema(document, schema.items, stack, depth + 1, keep);
    return item === undefined ? [] : [item];
  }
  if (type === 'string') return STRING_FORMATS[String(schema.format)] ?? 'string';
  if (type === 'integer') return typeof schema.minimum === 'number' ? schema.minimum : 123;
  if (type === 'number') return typeof schema.minimum === 'number' ? schema.minimum : 1.5;
  if (type === 'boolean') return true;
  return undefined;
}

/** The example of a media type object: `example`, first of `examples`, else generated from its schema. */
export function exampleFromMedia(document: JsonObject, media: JsonObject, keep: GroupFilter = keepAll): unknown {
  if (media.example !== undefined) return media.example;
  if (isObject(media.examples)) {
    const first = Object.values(media.examples)[0];
    const resolved = isObject(first) && typeof first.$ref === 'string' ? resolveLocalRef(document, first.$ref) : first;
    if (isObject(resolved) && resolved.value !== undefined) return resolved.value;
  }
  return exampleFromSchema(document, media.schema, [], 0, keep);
}
