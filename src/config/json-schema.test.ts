import { describe, expect, it } from 'vitest';
import { docsJsonSchema } from './json-schema.js';

type Node = { [k: string]: unknown };

/** Every property of every object in the schema, with its JSON pointer. */
function properties(schema: Node): [string, Node][] {
  const out: [string, Node][] = [];
  const visit = (node: unknown, at: string): void => {
    if (Array.isArray(node)) return node.forEach((n, i) => visit(n, `${at}/${i}`));
    if (!node || typeof node !== 'object') return;
    const n = node as Node;
    if (n.properties && typeof n.properties === 'object') {
      for (const [k, v] of Object.entries(n.properties as Node)) out.push([`${at}/properties/${k}`, v as Node]);
    }
    for (const [k, v] of Object.entries(n)) visit(v, `${at}/${k}`);
  };
  visit(schema, '#');
  return out;
}

describe('docsJsonSchema', () => {
  it('accepts `{ "$ref": ... }` wherever an object or array is expected', () => {
    const allowsRef = (n: Node) => Array.isArray(n.anyOf) && (n.anyOf as Node[]).some((b) => b.$ref === '#/$defs/JsonRef');
    const top = (defs.DocsConfig!.anyOf as Node[])[0]!.properties as Record<string, Node>;
    expect(allowsRef(top.redirects!)).toBe(true);
    expect(allowsRef(top.colors!)).toBe(true);
    expect(allowsRef(defs.Navigation!)).toBe(true);
    expect(allowsRef(defs.NavLanguage!)).toBe(true);
    expect(allowsRef(top.name!)).toBe(false);
    expect((defs.JsonRef!.required as string[])).toEqual(['$ref']);
  });

  const schema = docsJsonSchema();
  const defs = schema.$defs as Record<string, Node>;
  const described = (n: Node): boolean =>
    typeof n.description === 'string' || (typeof n.$ref === 'string' && described(defs[n.$ref.replace('#/$defs/', '')] ?? {}));

  it('gives every field a description (editor hover help)', () => {
    expect(properties(schema).length).toBeGreaterThan(200);
    const missing = properties(schema).filter(([, p]) => !described(p)).map(([at]) => at);
    expect(missing).toEqual([]);
  });

  it('requires name, colors and navigation and knows every top-level key real sites use', () => {
    const top = (defs.DocsConfig!.anyOf as Node[])[0]!;
    expect(top.required).toEqual(['name', 'colors', 'navigation']);
    const keys = Object.keys(top.properties as Node);
    for (const k of ['$schema', 'theme', 'name', 'description', 'colors', 'logo', 'favicon', 'navigation', 'navbar', 'footer', 'banner', 'redirects', 'api', 'appearance', 'background', 'fonts', 'icons', 'styling', 'interaction', 'seo', 'search', 'integrations', 'contextual', 'errors', 'variables', 'metadata', 'thumbnails']) {
      expect(keys).toContain(k);
    }
  });
});
