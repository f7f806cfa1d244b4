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
 * An example value for a schema: the spec's own example, default, const or
 * first enum value when given, else one built from the type. Cycles stop at
 * the repeated `$ref` (and depth is capped), so generation always ends.
 */
export function exampleFromSchema(document: JsonObject, schema: unknown, stack: readonly string[] = [], depth = 0): unknown {
  if (!isObject(schema) || depth > 8) return undefined;
  if (typeof schema.$ref === 'string') {
    if (stack.includes(schema.$ref)) return undefined;
    return exampleFromSchema(document, resolveLocalRef(document, schema.$ref), [...stack, schema.$ref], depth + 1);
  }
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((part) => exampleFromSchema(document, part, stack, depth + 1));
    if (parts.every((p) => isObject(p) || p === undefined)) return Object.assign({}, ...parts.filter(Boolean));
    return parts.find((p) => p !== undefined);
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length > 0) return exampleFromSchema(document, options[0], stack, depth + 1);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || (type === undefined && isObject(schema.properties))) {
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(isObject(schema.properties) ? schema.properties : {}).slice(0, 40)) {
      if (isObject(value) && value.readOnly === true) continue;
      const example = exampleFromSchema(document, value, stack, depth + 1);
      if (example !== undefined) out[key] = example;
    }
    return out;
  }
  if (type === 'array') {
    const item = exampleFromSchema(document, schema.items, stack, depth + 1);
    return item === undefined ? [] : [item];
  }
  if (type === 'string') return STRING_FORMATS[String(schema.format)] ?? 'string';
  if (type === 'integer') return typeof schema.minimum === 'number' ? schema.minimum : 123;
  if (type === 'number') return typeof schema.minimum === 'number' ? schema.minimum : 1.5;
  if (type === 'boolean') return true;
  return undefined;
}

/** The example of a media type object: `example`, first of `examples`, else generated from its schema. */
export function exampleFromMedia(document: JsonObject, media: JsonObject): unknown {
  if (media.example !== undefined) return media.example;
  if (isObject(media.examples)) {
    const first = Object.values(media.examples)[0];
    const resolved = isObject(first) && typeof first.$ref === 'string' ? resolveLocalRef(document, first.$ref) : first;
    if (isObject(resolved) && resolved.value !== undefined) return resolved.value;
  }
  return exampleFromSchema(document, media.schema);
}
