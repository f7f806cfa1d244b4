import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dbCodes } from '../../src/db/codes.js';
import { serverCodes } from '../../src/server/codes.js';

const documented = (file: string) =>
  new Set([...fs.readFileSync(new URL(`../../docs/errors/${file}`, import.meta.url), 'utf8').matchAll(/^- `([A-Z0-9_]+)` - \S/gm)].map((m) => m[1]));

describe('error codes', () => {
  it.each([
    ['server.md', Object.keys(serverCodes)],
    ['db.md', Object.keys(dbCodes)],
  ])('every code is documented in docs/errors/%s and nothing else is', (file, codes) => {
    expect([...documented(file)].sort()).toEqual([...codes].sort());
  });

  it('every code used in server sources is registered', () => {
    const used = new Set<string>();
    const walk = (dir: URL) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        if (entry.name === 'dashboard') continue;
        const url = new URL(`${entry.name}${entry.isDirectory() ? '/' : ''}`, dir);
        if (entry.isDirectory()) walk(url);
        else for (const m of fs.readFileSync(url, 'utf8').matchAll(/'((?:AUTH|UPDATE|SITE|SERVER)_[A-Z_]+|NOT_FOUND|INVALID_REQUEST|BODY_TOO_LARGE|RATE_LIMITED|JOB_ARCHIVED|INTERNAL)'/g)) used.add(m[1]!);
      }
    };
    walk(new URL('../../src/server/', import.meta.url));
    for (const code of used) expect(Object.keys(serverCodes), code).toContain(code);
  });
});
