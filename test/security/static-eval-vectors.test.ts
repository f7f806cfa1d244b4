/**
 * The code vectors of issue 13 against Folio's static evaluator (`src/mdx/static-eval.ts`), the
 * part of the MDX layer that decides expressions without running them. Each payload must be
 * refused (NotStatic) without its side effect. What the evaluator refuses, the MDX layer today
 * hands to the @mdx-js/mdx fallback, which does run it: these tests pin what an untrusted mode
 * can keep rendering in-process, not that pages with these payloads are safe yet.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Parser, type Node } from 'acorn';
import jsx from 'acorn-jsx';
import type { Node as EsNode } from 'estree';
import { afterAll, describe, expect, it } from 'vitest';
import { evaluateStatic, NotStatic } from '../../src/mdx/static-eval.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-static-eval-'));
const marker = path.join(dir, 'marker');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const parser = Parser.extend(jsx());
const expression = (source: string) => (parser.parse(`(${source})`, { ecmaVersion: 'latest', sourceType: 'module' }) as Node & { body: [{ expression: EsNode }] }).body[0].expression;

const m = JSON.stringify(marker);
/** Payloads of the vectors, written as the expression a page would put in `{...}` or an attribute. */
const VECTORS: Record<string, string> = {
  'process.getBuiltinModule': `process.getBuiltinModule("fs").writeFileSync(${m}, "x")`,
  'dynamic import()': `import("node:fs").then((f) => f.writeFileSync(${m}, "x"))`,
  'Function constructor': `Function("require('fs').writeFileSync(${marker}, 'x')")()`,
  'constructor of a literal': `"".constructor.constructor("return process")().getBuiltinModule("fs").writeFileSync(${m}, "x")`,
  'eval': `eval("process.getBuiltinModule('fs').writeFileSync(" + ${JSON.stringify(m)} + ", 'x')")`,
  'globalThis': `globalThis.process.getBuiltinModule("fs").writeFileSync(${m}, "x")`,
  'arrow function called': `(() => process.exit(1))()`,
  'IIFE in JSX attribute': `<Card title={(function () { return process.env.HOME })()} />`,
  'process.env in JSX child': `<p>{process.env.PATH}</p>`,
  'assignment': `globalThis.x = 1`,
  'new expression': `new Function("return process")()`,
  'tagged template': `String.raw\`\${process.env.HOME}\``,
  'prototype pollution through spread key': `{ ...{ ["__proto__"]: { polluted: 1 } } }.polluted.constructor("return process")()`,
};

describe('static evaluation refuses every code vector', () => {
  for (const [name, source] of Object.entries(VECTORS)) {
    it(name, () => {
      expect(() => evaluateStatic(expression(source), { Card: 'div' })).toThrow(NotStatic);
      expect(fs.existsSync(marker)).toBe(false);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  }
});
