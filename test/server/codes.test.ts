import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiCodes } from '../../src/api/codes.js';
import { dbCodes } from '../../src/db/codes.js';
import { hostingCodes } from '../../src/hosting/codes.js';
import { serverCodes } from '../../src/server/codes.js';

const documented = (file: string) =>
  new Set([...fs.readFileSync(new URL(`../../docs/reference/errors/${file}`, import.meta.url), 'utf8').matchAll(/^- `([A-Z0-9_]+)` - \S/gm)].map((m) => m[1]));

/** Every quoted code-like string matching `pattern` in the sources under `src/<folder>`. */
function usedIn(folder: string, pattern: RegExp): Set<string> {
  const used = new Set<string>();
  const walk = (dir: URL) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const url = new URL(`${entry.name}${entry.isDirectory() ? '/' : ''}`, dir);
      if (entry.isDirectory()) walk(url);
      else for (const m of fs.readFileSync(url, 'utf8').matchAll(pattern)) used.add((m[1] ?? m[2])!);
    }
  };
  walk(new URL(`../../src/${folder}/`, import.meta.url));
  return used;
}

describe('error codes', () => {
  it.each([
    ['api.md', Object.keys(apiCodes)],
    ['hosting.md', Object.keys(hostingCodes)],
    ['server.md', Object.keys(serverCodes)],
    ['db.md', Object.keys(dbCodes)],
  ])('every code is documented in docs/reference/errors/%s and nothing else is', (file, codes) => {
    expect([...documented(file)].sort()).toEqual([...codes].sort());
  });

  it.each([
    ['api', /'(AUTH_[A-Z_]+|NOT_FOUND|INVALID_REQUEST|BODY_TOO_LARGE|RATE_LIMITED|JOB_ARCHIVED|INTERNAL)'/g, apiCodes],
    ['hosting', /'((?:UPDATE|SITE)_[A-Z_]+)'|`((?:UPDATE|SITE)_[A-Z_]+): /g, hostingCodes],
    ['server', /'(SERVER_[A-Z_]+)'/g, serverCodes],
  ] as const)('every code used in src/%s is registered there', (folder, pattern, registry) => {
    for (const code of usedIn(folder, pattern)) expect(Object.keys(registry), code).toContain(code);
  });
});
