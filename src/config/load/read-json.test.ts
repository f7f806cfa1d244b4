import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createReadContext, readJsonFile } from './read-json.js';

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-ref-'));
const root = path.join(base, 'site');
fs.mkdirSync(path.join(root, 'nav'), { recursive: true });
fs.writeFileSync(path.join(base, 'secret.json'), '{"secret": true}');
fs.writeFileSync(path.join(root, 'nav', 'inner.json'), '{"inner": true}');
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

/** Read a docs.json whose only value is `{"$ref": ref}`. */
function readRef(ref: string) {
  fs.writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ value: { $ref: ref } }));
  const ctx = createReadContext(root, 'docs.json');
  const value = readJsonFile(ctx, path.join(root, 'docs.json'), [], []) as { value: unknown };
  return { value: value.value, ctx };
}

describe('$ref resolution', () => {
  it('resolves relative to the including file and records the referenced file positions', () => {
    const { value, ctx } = readRef('./nav/inner.json');
    expect(value).toEqual({ inner: true });
    expect(ctx.map.locate(['value', 'inner'])).toEqual({ file: 'nav/inner.json', line: 1, column: 11 });
  });

  it('never reads a file outside the docs root, whatever the path', () => {
    const segment = fc.constantFrom('..', '.', 'nav', 'site', 'secret.json', 'inner.json', '', '%2e%2e', '\\..');
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 6 }), (parts) => {
        const { value } = readRef(parts.join('/'));
        return JSON.stringify(value ?? null).includes('secret') === false;
      }),
      { numRuns: 200 },
    );
    expect(readRef('../secret.json').ctx.diagnostics.map((d) => d.code)).toEqual(['REF_OUTSIDE_ROOT']);
  });

  it('refuses a symlink inside the root that points outside it', () => {
    fs.symlinkSync(path.join(base, 'secret.json'), path.join(root, 'link.json'));
    const { value, ctx } = readRef('./link.json');
    expect(value).toBeUndefined();
    expect(ctx.diagnostics.map((d) => d.code)).toEqual(['REF_OUTSIDE_ROOT']);
  });
});
