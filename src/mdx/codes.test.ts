import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MDX_CODES } from './codes.js';

/** Every `MDX_...` code string written in the layer's source files. */
function codesUsedInSource(dir: string): Set<string> {
  const used = new Set<string>();
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) for (const c of codesUsedInSource(full)) used.add(c);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') && entry.name !== 'codes.ts') {
      for (const m of fs.readFileSync(full, 'utf8').matchAll(/'(MDX_[A-Z_]+)'/g)) used.add(m[1]!);
    }
  }
  return used;
}

describe('mdx error codes', () => {
  it('documents every code in docs/errors/mdx.md', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/errors/mdx.md'), 'utf8');
    expect(Object.keys(MDX_CODES).filter((c) => !doc.includes(`- \`${c}\` - `))).toEqual([]);
  });

  it('registers every code the layer emits', () => {
    expect([...codesUsedInSource(import.meta.dirname)].filter((c) => !(c in MDX_CODES))).toEqual([]);
  });
});
