/**
 * docs.json settings pages from the JSON Schema `folio schema` prints (`docsJsonSchema()`, the same one
 * `docs.schema.json` holds): one section per top-level setting with its fields as nested lists, and the
 * navigation elements (`$defs`) on a page of their own. Every description is the schema's own, so it
 * says what Folio does with the setting.
 */
import { frontmatter, generatedNote, mdxText } from './mdx-text.js';

export const SETTINGS_DIR = 'reference/settings';
const SOURCE = 'the JSON Schema of docs.json (`folio schema`, `src/config/schema/`)';

export interface JsonSchema {
  description?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  required?: string[];
  pattern?: string;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  $defs?: Record<string, JsonSchema>;
}

const JSON_REF = '#/$defs/JsonRef';
const defName = (ref: string) => ref.replace('#/$defs/', '');
const anchorOf = (name: string) => name.toLowerCase();

/** The schema without its `$ref`-file alternative (every object may be a `{ "$ref": file }`, said once at the top). */
function unwrap(schema: JsonSchema): JsonSchema {
  const alternatives = (schema.anyOf ?? schema.oneOf)?.filter((s) => s.$ref !== JSON_REF);
  if (!alternatives) return schema;
  if (alternatives.length === 1) {
    const only = unwrap(alternatives[0]!);
    return { ...only, description: schema.description ?? only.description };
  }
  return { ...schema, anyOf: alternatives, oneOf: undefined };
}

function linkToDef(ref: string): string {
  const name = defName(ref);
  return name === 'DocsConfig' ? 'docs.json' : `[${name}](/${SETTINGS_DIR}/navigation#${anchorOf(name)})`;
}

/** A short type: `string`, `"a" \| "b"`, `array of NavGroup`, `object`. */
function typeOf(input: JsonSchema): string {
  const schema = unwrap(input);
  if (schema.$ref) return linkToDef(schema.$ref);
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``;
  if (schema.enum) return schema.enum.map((v) => `\`${JSON.stringify(v)}\``).join(', ');
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' or ');
  if (schema.type === 'array') return `array of ${schema.items ? typeOf(schema.items) : 'values'}`;
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  if (schema.type === 'object' && !schema.properties && typeof schema.additionalProperties === 'object') return `map of name to ${typeOf(schema.additionalProperties)}`;
  return schema.type ?? 'any';
}

function constraints(schema: JsonSchema): string {
  const parts: string[] = [];
  if (schema.pattern) parts.push(`pattern \`${schema.pattern}\``);
  if (schema.minLength) parts.push(`at least ${schema.minLength} character${schema.minLength > 1 ? 's' : ''}`);
  if (schema.minimum !== undefined) parts.push(`at least ${schema.minimum}`);
  if (schema.maximum !== undefined) parts.push(`at most ${schema.maximum}`);
  return parts.map((p) => `, ${p}`).join('');
}

/** Nested list lines of an object's fields (and of each shape of a field that has several). */
function fieldLines(input: JsonSchema, indent: string): string[] {
  const schema = unwrap(input);
  const lines: string[] = [];
  if (schema.anyOf) {
    for (const alt of schema.anyOf.map(unwrap)) {
      const children = fieldLines(alt, indent + '  ');
      if (children.length === 0) continue;
      lines.push(`${indent}- As ${typeOf(alt)}${alt.description ? `: ${mdxText(alt.description)}` : ''}`, ...children);
    }
    return lines;
  }
  const objectOf = schema.type === 'array' && schema.items ? unwrap(schema.items) : schema;
  const required = new Set(objectOf.required ?? []);
  for (const [name, field] of Object.entries(objectOf.properties ?? {})) {
    const f = unwrap(field);
    const flags = required.has(name) ? ', required' : '';
    const text = f.description ? ` ${mdxText(f.description)}` : '';
    lines.push(`${indent}- \`${name}\` (${typeOf(f)}${flags}${constraints(f)}):${text}`.replace(/:$/, ''));
    if (!f.$ref) lines.push(...fieldLines(f, indent + '  '));
  }
  return lines;
}

function sectionLines(heading: string, input: JsonSchema, required: boolean): string[] {
  const schema = unwrap(input);
  const lines = [`## ${heading}`, ''];
  if (schema.description) lines.push(mdxText(schema.description), '');
  lines.push(`Type: ${typeOf(schema)}${required ? ', required' : ''}${constraints(schema)}.`, '');
  const fields = schema.$ref ? [] : fieldLines(schema, '');
  if (fields.length > 0) lines.push(...fields, '');
  return lines;
}

function rootObject(schema: JsonSchema): { root: JsonSchema; defs: Record<string, JsonSchema> } {
  const defs = schema.$defs ?? {};
  const root = unwrap(schema.$ref ? defs[defName(schema.$ref)]! : schema);
  return { root, defs };
}

function settingsPage(schema: JsonSchema): string {
  const { root } = rootObject(schema);
  const required = new Set(root.required ?? []);
  const lines = [
    frontmatter({ title: 'docs.json settings', description: 'Every top-level setting of docs.json, its fields and what Folio does with each.' }),
    generatedNote(SOURCE),
    `${mdxText(root.description ?? '')} Point \`$schema\` at \`docs.schema.json\` (\`folio schema > docs.schema.json\`) for editor completion and hover help with these same descriptions; \`folio validate\` checks a file against it. Any object below may instead be \`{ "$ref": "./file.json" }\`: its value is loaded from that file, relative to the file holding the \`$ref\`, and sibling keys override the loaded object. The navigation elements are on [Navigation elements](/${SETTINGS_DIR}/navigation).`,
    '',
  ];
  for (const [name, field] of Object.entries(root.properties ?? {})) lines.push(...sectionLines(name, field, required.has(name)));
  return lines.join('\n').replace(/\n+$/, '\n');
}

function navigationPage(schema: JsonSchema): string {
  const { defs } = rootObject(schema);
  const lines = [
    frontmatter({ title: 'Navigation elements', description: 'The shapes docs.json navigation is made of: groups, tabs, anchors, dropdowns, products, versions, languages, menus.' }),
    generatedNote(SOURCE),
    'The element types that docs.json `navigation` and the header, footer and banner settings refer to, as the schema defines them.',
    '',
  ];
  for (const [name, def] of Object.entries(defs)) {
    if (name === 'DocsConfig' || name === 'JsonRef') continue;
    lines.push(...sectionLines(name, def, false));
  }
  return lines.join('\n').replace(/\n+$/, '\n');
}

/** Generated files of the settings reference, by path relative to the docs root. */
export function settingsPages(schema: JsonSchema): Map<string, string> {
  return new Map([
    [`${SETTINGS_DIR}/docs-json.mdx`, settingsPage(schema)],
    [`${SETTINGS_DIR}/navigation.mdx`, navigationPage(schema)],
  ]);
}
