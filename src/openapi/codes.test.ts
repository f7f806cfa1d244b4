import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPENAPI_CODES } from './codes.js';

describe('openapi error codes', () => {
  it('documents every code in docs/errors/openapi.md', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/errors/openapi.md'), 'utf8');
    const missing = Object.keys(OPENAPI_CODES).filter((code) => !doc.includes(`- \`${code}\` - `));
    expect(missing).toEqual([]);
  });

  it('uses only registered codes in the layer', () => {
    const dir = import.meta.dirname;
    const used = new Set<string>();
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      for (const match of fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/'(OPENAPI_[A-Z_]+)'/g)) used.add(match[1]!);
    }
    expect([...used].filter((code) => !(code in OPENAPI_CODES))).toEqual([]);
  });
});
