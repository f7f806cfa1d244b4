import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDocsConfig } from '../../src/config/index.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-config-prop-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// Navigation-shaped junk: the keys the loader cares about, with values of any type.
const key = fc.constantFrom('pages', 'groups', 'tabs', 'anchors', 'versions', 'languages', 'menu', 'group', 'tab', 'anchor', 'version', 'language', 'item', 'default', 'root', 'openapi', 'href', '$ref', 'hidden', '__proto__', 'icon');
const { node } = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc.string({ maxLength: 12 }),
    fc.boolean(),
    fc.integer(),
    fc.constant(null),
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(key, tie('node'), { maxKeys: 4 }),
  ),
}));

describe('loadDocsConfig on arbitrary input', () => {
  it('never throws, always positions each problem and sorts them', async () => {
    await fc.assert(
      fc.asyncProperty(node, fc.jsonValue({ maxDepth: 3 }), async (navigation, extra) => {
        const docs = { name: 'x', colors: { primary: '#000' }, navigation, extra };
        fs.writeFileSync(path.join(dir, 'docs.json'), JSON.stringify(docs));
        const loaded = await loadDocsConfig(dir);
        for (const d of loaded.diagnostics) {
          expect(d.line).toBeGreaterThanOrEqual(1);
          expect(d.column).toBeGreaterThanOrEqual(1);
          expect(d.message.length).toBeGreaterThan(10);
        }
        const order = loaded.diagnostics.map((d) => [d.file, d.line, d.column]);
        const sorted = [...order].sort((a, b) => String(a[0]).localeCompare(String(b[0])) || Number(a[1]) - Number(b[1]) || Number(a[2]) - Number(b[2]));
        expect(order).toEqual(sorted);
        // No usable config only ever comes with a schema, $ref or syntax error that says why.
        const blocking = loaded.diagnostics.some((d) => d.severity === 'error' && /^(CONFIG_|REF_|JSON_)/.test(d.code));
        if (loaded.config === null) expect(blocking).toBe(true);
        else expect(loaded.diagnostics.some((d) => d.severity === 'error' && d.code.startsWith('CONFIG_'))).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
