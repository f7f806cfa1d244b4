import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEV_CODES } from './codes.js';

describe('dev error codes', () => {
  it('documents every code in docs/errors/dev.md', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/errors/dev.md'), 'utf8');
    expect(Object.keys(DEV_CODES).filter((c) => !doc.includes(`- \`${c}\` - `))).toEqual([]);
  });
});
