import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAVIGATION_CODES } from './codes.js';

describe('navigation error codes', () => {
  it('documents every code in docs/errors/navigation.md', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/errors/navigation.md'), 'utf8');
    const missing = Object.keys(NAVIGATION_CODES).filter((code) => !doc.includes(`- \`${code}\` - `));
    expect(missing).toEqual([]);
  });
});
