import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_CODES } from './codes.js';

describe('config error codes', () => {
  it('documents every code in docs/errors/config.md', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/errors/config.md'), 'utf8');
    const missing = Object.keys(CONFIG_CODES).filter((code) => !doc.includes(`- \`${code}\` - `));
    expect(missing).toEqual([]);
  });
});
