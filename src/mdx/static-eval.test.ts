import { describe, expect, it } from 'vitest';
import type { Expression } from 'estree';
import { parseMdx } from './parse.js';
import { evaluateStatic, NotStatic } from './static-eval.js';

/** The estree of `{source}` written in an MDX page. */
function expr(source: string): Expression {
  const parsed = parseMdx(`{${source}}`, 'x.mdx', 0);
  if (!parsed.ok) throw new Error(parsed.diagnostic.message);
  const node = parsed.tree.children[0] as { data?: { estree?: { body: Array<{ expression: Expression }> } } };
  return node.data!.estree!.body[0]!.expression;
}

describe('evaluateStatic', () => {
  it('evaluates literals, arrays, objects, templates, operators and scope names', () => {
    expect(evaluateStatic(expr('[1, -2, "a", true, null]'), {})).toEqual([1, -2, 'a', true, null]);
    expect(evaluateStatic(expr('{ a: 1, "b-c": [x], ...rest }'), { x: 2, rest: { d: 3 } })).toEqual({ a: 1, 'b-c': [2], d: 3 });
    expect(evaluateStatic(expr('`v${n + 1}`'), { n: 1 })).toBe('v2');
    expect(evaluateStatic(expr('ok ? "y" : "n"'), { ok: false })).toBe('n');
    expect(evaluateStatic(expr('links.docs'), { links: { docs: '/d' } })).toBe('/d');
  });

  it('refuses anything that would run code', () => {
    for (const source of ['fetch("x")', 'new Date()', '() => 1', 'a = 1', 'x.toUpperCase()', '/re/']) {
      expect(() => evaluateStatic(expr(source), { x: 'a' }), source).toThrow(NotStatic);
    }
  });

  it('names an unknown identifier so it can be reported', () => {
    try {
      evaluateStatic(expr('missing'), {});
      expect.unreachable();
    } catch (error) {
      expect((error as NotStatic).unknownName).toBe('missing');
    }
  });
});
