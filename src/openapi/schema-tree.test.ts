import { describe, expect, it } from 'vitest';
import { exampleFromSchema } from './examples.js';
import { SchemaTreeBuilder } from './schema-tree.js';
import type { JsonObject, SchemaNode } from './types.js';

const doc: JsonObject = {
  components: {
    schemas: {
      Node: { type: 'object', properties: { id: { type: 'string' }, next: { $ref: '#/components/schemas/Node' } } },
      A: { type: 'object', properties: { b: { $ref: '#/components/schemas/B' } } },
      B: { type: 'object', properties: { a: { $ref: '#/components/schemas/A' } } },
      Self: { $ref: '#/components/schemas/Self' },
      Pet: {
        type: 'object',
        required: ['kind'],
        properties: { kind: { type: 'string', enum: ['cat', 'dog'], default: 'cat' }, tags: { type: 'array', items: { type: 'string' }, maxItems: 5 } },
      },
      Named: { allOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'object', properties: { name: { type: 'string', example: 'Rex' } } }] },
      Either: { oneOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'string' }] },
    },
  },
};

function count(node: SchemaNode): number {
  return 1 + node.properties.reduce((n, p) => n + count(p), 0) + (node.items ? count(node.items) : 0) + (node.variants?.options.reduce((n, o) => n + count(o), 0) ?? 0);
}

describe('SchemaTreeBuilder', () => {
  it('turns self and mutual recursion into circular markers', () => {
    const node = new SchemaTreeBuilder(doc).build({ $ref: '#/components/schemas/Node' });
    expect(node.refName).toBe('Node');
    expect(node.properties.map((p) => [p.name, p.circular])).toEqual([['id', undefined], ['next', 'Node']]);
    const a = new SchemaTreeBuilder(doc).build({ $ref: '#/components/schemas/A' });
    expect(a.properties[0]!.properties[0]!.circular).toBe('A');
    expect(new SchemaTreeBuilder(doc).build({ $ref: '#/components/schemas/Self' }).circular).toBe('Self');
  });

  it('keeps required, enum, default, constraints, allOf members and oneOf options', () => {
    const named = new SchemaTreeBuilder(doc).build({ $ref: '#/components/schemas/Named' });
    expect(named.properties.map((p) => p.name)).toEqual(['kind', 'tags', 'name']);
    expect(named.properties[0]).toMatchObject({ required: true, enum: ['cat', 'dog'], default: 'cat', type: 'string' });
    expect(named.properties[1]).toMatchObject({ type: 'array<string>', constraints: ['max items 5'] });
    const either = new SchemaTreeBuilder(doc).build({ $ref: '#/components/schemas/Either' });
    expect(either.variants?.kind).toBe('oneOf');
    expect(either.variants?.options.map((o) => o.refName ?? o.type)).toEqual(['Pet', 'string']);
  });

  it('marks broken references and stays bounded on wide, deep specs', () => {
    expect(new SchemaTreeBuilder(doc).build({ $ref: '#/components/schemas/Nope' }).brokenRef).toBe('#/components/schemas/Nope');
    const wide: JsonObject = { components: { schemas: {} } };
    const schemas = (wide.components as JsonObject).schemas as JsonObject;
    for (let i = 0; i < 30; i++) {
      schemas[`S${i}`] = { type: 'object', properties: Object.fromEntries(Array.from({ length: 6 }, (_, j) => [`p${j}`, { $ref: `#/components/schemas/S${i + 1}` }])) };
    }
    const tree = new SchemaTreeBuilder(wide, 500).build({ $ref: '#/components/schemas/S0' });
    expect(count(tree)).toBeLessThanOrEqual(520);
  });
});

describe('exampleFromSchema', () => {
  it('builds examples from defaults, enums, formats and allOf, and ends on cycles', () => {
    expect(exampleFromSchema(doc, { $ref: '#/components/schemas/Named' })).toEqual({ kind: 'cat', tags: ['string'], name: 'Rex' });
    expect(exampleFromSchema(doc, { $ref: '#/components/schemas/Node' })).toEqual({ id: 'string' });
    expect(exampleFromSchema(doc, { type: 'string', format: 'date-time' })).toBe('2024-01-15T09:30:00Z');
  });
});
