import { z } from 'zod';
import { docsConfigSchema } from './schema/docs-config.js';

type Schema = { [k: string]: unknown };

const JSON_REF: Schema = {
  type: 'object',
  description: 'Load this value from another JSON file, relative to the file that holds the `$ref`; sibling keys override the loaded object.',
  properties: { $ref: { type: 'string', description: 'Relative path to a .json file inside the docs root, e.g. "./navigation.json".' } },
  required: ['$ref'],
};

/**
 * Let every object or array value be `{ "$ref": "./file.json" }` instead, as the
 * loader allows, so editors do not flag split configurations.
 */
function allowRefs(node: Schema): Schema {
  const out: Schema = { ...node };
  const props = out.properties as Record<string, Schema> | undefined;
  if (props) out.properties = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, allowRefs(v)]));
  if (out.items && typeof out.items === 'object') out.items = allowRefs(out.items as Schema);
  if (out.additionalProperties && typeof out.additionalProperties === 'object') out.additionalProperties = allowRefs(out.additionalProperties as Schema);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) if (Array.isArray(out[key])) out[key] = (out[key] as Schema[]).map(allowRefs);
  if (out.type !== 'object' && out.type !== 'array') return out;
  const { description, ...rest } = out;
  return { ...(description !== undefined ? { description } : {}), anyOf: [rest, { $ref: '#/$defs/JsonRef' }] };
}

/** JSON Schema (draft 2020-12) of docs.json, for editor autocompletion through `$schema`. */
export function docsJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(docsConfigSchema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Schema;
  const defs = Object.fromEntries(Object.entries((schema.$defs ?? {}) as Record<string, Schema>).map(([k, v]) => [k, allowRefs(v)]));
  return { ...schema, $defs: { ...defs, JsonRef: JSON_REF } };
}
