import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDocsConfig } from '../../src/config/index.js';
import { formatDiagnostic } from '../../src/shared/diagnostics.js';

// One folder per rule: docs.json (or mint.json) + pages + expected.txt holding the exact
// lines `folio validate` prints. `valid-*` folders must have no errors, `invalid-*` at least one.
// FOLIO_UPDATE_FIXTURES=1 rewrites expected.txt (review the diff before committing).
const dir = path.join(import.meta.dirname, 'fixtures');
const cases = fs.readdirSync(dir).filter((name) => fs.statSync(path.join(dir, name)).isDirectory()).sort();

describe('docs.json fixtures', () => {
  it('has at least 30 invalid and 10 valid cases', () => {
    expect(cases.filter((c) => c.startsWith('invalid-')).length).toBeGreaterThanOrEqual(30);
    expect(cases.filter((c) => c.startsWith('valid-')).length).toBeGreaterThanOrEqual(10);
  });

  it.each(cases)('%s', async (name) => {
    const root = path.join(dir, name);
    const loaded = await loadDocsConfig(root);
    const lines = loaded.diagnostics.map(formatDiagnostic);
    const expectedFile = path.join(root, 'expected.txt');
    if (process.env.FOLIO_UPDATE_FIXTURES) fs.writeFileSync(expectedFile, lines.map((l) => l + '\n').join(''));
    const expected = fs.readFileSync(expectedFile, 'utf8').split('\n').filter((l) => l !== '');
    expect(lines).toEqual(expected);
    const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
    if (name.startsWith('valid-')) {
      expect(errors).toEqual([]);
      expect(loaded.config).not.toBeNull();
    } else {
      expect(errors.length).toBeGreaterThan(0);
    }
  });
});
