import { refName, resolveLocalRef } from './refs.js';
import type { JsonObject, SchemaNode } from './types.js';

const MAX_DEPTH = 12;

function isObject(value: unknown): value is JsonObject {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Turns JSON Schemas of one document into finite SchemaNode trees. A `$ref`
 * already on the current path becomes a `circular` marker instead of being
 * followed; depth and a node budget bound the tree, so a page never grows
 * without limit however tangled the spec is.
 */
export class SchemaTreeBuilder {
  private remaining: number;

  constructor(
    private readonly document: JsonObject,
    nodeBudget = 4000,
  ) {
    this.remaining = nodeBudget;
  }

  /** The tree for `schema`, named `name` when it is a property. */
  build(schema: unknown, name?: string, required?: boolean): SchemaNode {
    return this.node(schema, [], 0, name, required);
  }

  private node(schema: unknown, stack: readonly string[], depth: number, name?: string, required?: boolean): SchemaNode {
    const base: SchemaNode = { type: 'any', constraints: [], properties: [] };
    if (name !== undefined) base.name = name;
    if (required) base.required = true;
    if (--this.remaining < 0 || depth > MAX_DEPTH) return { ...base, truncated: true };
    if (!isObject(schema)) return base;

    const ref = schema.$ref;
    if (typeof ref === 'string') {
      const label = refName(ref);
      if (stack.includes(ref)) return { ...base, type: label, refName: label, circular: label };
      const target = resolveLocalRef(this.document, ref);
      if (target === undefined) return { ...base, type: label, brokenRef: ref };
      // Siblings of $ref (3.1) such as description override the target's.
      const { $ref: _ignored, ...siblings } = schema;
      const merged = isObject(target) ? { ...target, ...siblings } : target;
      const node = this.node(merged, [...stack, ref], depth + 1, name, required);
      node.refName ??= label;
      return node;
    }
    return this.describe(schema, base, stack, depth);
  }

  private describe(schema: JsonObject, node: SchemaNode, stack: readonly string[], depth: number): SchemaNode {
    copyAnnotations(schema, node);
    node.type = typeLabel(schema);
    if (Array.isArray(schema.allOf)) this.mergeAllOf(schema.allOf, node, stack, depth);
    for (const kind of ['oneOf', 'anyOf'] as const) {
      const options = schema[kind];
      if (Array.isArray(options) && options.length > 0) {
        node.variants = { kind, options: options.map((option) => this.node(option, stack, depth + 1)) };
        if (node.type === 'any') node.type = kind;
      }
    }
    this.addProperties(schema, node, stack, depth);
    if (schema.items !== undefined && !Array.isArray(schema.items)) {
      node.items = this.node(schema.items, stack, depth + 1);
      node.type = `array<${node.items.refName ?? node.items.type}>`;
    }
    if (isObject(schema.additionalProperties)) {
      node.additionalProperties = this.node(schema.additionalProperties, stack, depth + 1);
    }
    return node;
  }

  private addProperties(schema: JsonObject, node: SchemaNode, stack: readonly string[], depth: number): void {
    if (!isObject(schema.properties)) return;
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    for (const [key, value] of Object.entries(schema.properties)) {
      const child = this.node(value, stack, depth + 1, key, required.has(key));
      const existing = node.properties.findIndex((p) => p.name === key);
      if (existing >= 0) node.properties[existing] = child;
      else node.properties.push(child);
    }
    if (node.type === 'any') node.type = 'object';
  }

  /** allOf: one object with every member's properties; a circular member is noted, not expanded. */
  private mergeAllOf(members: unknown[], node: SchemaNode, stack: readonly string[], depth: number): void {
    for (const member of members) {
      const part = this.node(member, stack, depth + 1);
      if (part.circular) {
        node.constraints.push(`circular: ${part.circular}`);
        continue;
      }
      for (const property of part.properties) {
        const existing = node.properties.findIndex((p) => p.name === property.name);
        if (existing >= 0) node.properties[existing] = property;
        else node.properties.push(property);
      }
      node.description ??= part.description;
      node.constraints.push(...part.constraints);
      if (part.variants && !node.variants) node.variants = part.variants;
      if (node.type === 'any' && part.type !== 'any') node.type = part.type.startsWith('array') ? part.type : 'object';
      if (part.items && !node.items) node.items = part.items;
      if (part.enum && !node.enum) node.enum = part.enum;
    }
  }
}

function typeLabel(schema: JsonObject): string {
  const types = Array.isArray(schema.type) ? schema.type.filter((t) => t !== 'null').map(String) : schema.type ? [String(schema.type)] : [];
  let label = types.join(' | ') || (schema.properties ? 'object' : schema.items ? 'array' : Array.isArray(schema.enum) ? typeof schema.enum[0] : 'any');
  if (label === 'undefined') label = 'any';
  if (typeof schema.format === 'string') label += `<${schema.format}>`;
  return label;
}

function copyAnnotations(schema: JsonObject, node: SchemaNode): void {
  if (typeof schema.description === 'string') node.description = schema.description;
  else if (typeof schema.title === 'string' && node.name !== undefined) node.description = schema.title;
  if (schema.default !== undefined) node.default = schema.default;
  if (Array.isArray(schema.enum)) node.enum = schema.enum;
  if (schema.const !== undefined) node.enum = [schema.const];
  const example = schema.example ?? (Array.isArray(schema.examples) ? schema.examples[0] : undefined);
  if (example !== undefined) node.example = example;
  if (schema.deprecated === true) node.deprecated = true;
  if (schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes('null'))) node.nullable = true;
  if (schema.readOnly === true) node.readOnly = true;
  // The platform's filters per reader group: a property or option (`x-mint.groups`), enum values (`x-mint-enum`).
  const groups = isObject(schema['x-mint']) ? groupNames(schema['x-mint'].groups) : [];
  if (groups.length > 0) node.groups = groups;
  if (isObject(schema['x-mint-enum'])) {
    const byValue: Record<string, string[]> = {};
    for (const [value, names] of Object.entries(schema['x-mint-enum'])) if (groupNames(names).length > 0) byValue[value] = groupNames(names);
    if (Object.keys(byValue).length > 0) node.enumGroups = byValue;
  }
  if (schema.writeOnly === true) node.writeOnly = true;
  const bounds: [string, string][] = [
    ['minimum', '>='],
    ['exclusiveMinimum', '>'],
    ['maximum', '<='],
    ['exclusiveMaximum', '<'],
    ['minLength', 'min length'],
    ['maxLength', 'max length'],
    ['minItems', 'min items'],
    ['maxItems', 'max items'],
    ['pattern', 'pattern'],
  ];
  for (const [key, label] of bounds) {
    const value = schema[key];
    if (typeof value === 'number' || typeof value === 'string') node.constraints.push(`${label} ${value}`);
  }
  if (schema.uniqueItems === true) node.constraints.push('unique items');
}

/** Group names of an `x-mint` list: strings, trimmed, empty ones dropped. */
function groupNames(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((g): g is string => typeof g === 'string' && g.trim() !== '').map((g) => g.trim()) : [];
}
