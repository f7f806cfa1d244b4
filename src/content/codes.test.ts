import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_CODES } from './codes.js';

describe('content error codes', () => {
  it('documents every code in docs/errors/content.md', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/errors/content.md'), 'utf8');
    const missing = Object.keys(CONTENT_CODES).filter((code) => !doc.includes(`- \`${code}\` - `));
    expect(missing).toEqual([]);
  });
});
