import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_CODES } from './codes.js';

describe('build error codes', () => {
  it('documents every code in docs/errors/build.md', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/errors/build.md'), 'utf8');
    expect(Object.keys(BUILD_CODES).filter((c) => !doc.includes(`- \`${c}\` - `))).toEqual([]);
  });
});
