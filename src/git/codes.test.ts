import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GIT_CODES } from './codes.js';

describe('git error codes', () => {
  it('documents every code in docs/reference/errors/git.md, and only those', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/reference/errors/git.md'), 'utf8');
    expect([...doc.matchAll(/^- `([A-Z0-9_]+)` - \S/gm)].map((m) => m[1]).sort()).toEqual(Object.keys(GIT_CODES).sort());
  });

  it('uses only registered codes in the git sources', () => {
    for (const file of fs.readdirSync(import.meta.dirname)) {
      for (const m of fs.readFileSync(path.join(import.meta.dirname, file), 'utf8').matchAll(/'(GIT_[A-Z_]+)'/g)) {
        expect(Object.keys(GIT_CODES), `${file}: ${m[1]}`).toContain(m[1]);
      }
    }
  });
});
