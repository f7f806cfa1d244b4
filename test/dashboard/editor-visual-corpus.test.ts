/**
 * The visual mode's round trip over every `.mdx` page of the corpora (e2e tier: ~2 minutes on the
 * shared 2-core machine): each page read as the visual model (`src/client/editor/components/tree.ts`,
 * the code the browser runs) and written back unchanged is byte-identical, and an edit of one
 * paragraph (top-level, and one inside a component) changes only that paragraph's lines. The fast
 * slice is `src/client/editor/components/tree.test.ts`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPORA_DIR, haveCorpora } from '../../compat/corpora.js';
import { roundTrip } from '../../src/client/editor/components/round-trip.js';

function* pagesOf(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name.startsWith('.') || e.name === 'node_modules') continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* pagesOf(p);
    else if (e.name.endsWith('.mdx')) yield p;
  }
}

describe.skipIf(!haveCorpora())('the visual model over every corpus page', () => {
  it('writes each page back byte for byte and keeps edits to their lines', () => {
    const totals = { pages: 0, opaque: 0, opaquePages: 0, labelled: 0, drawn: 0, topEdits: 0, nestedEdits: 0 };
    const failures: string[] = [];
    for (const corpus of readdirSync(CORPORA_DIR).sort())
      for (const file of pagesOf(path.join(CORPORA_DIR, corpus))) {
        const r = roundTrip(readFileSync(file, 'utf8'));
        const name = path.relative(CORPORA_DIR, file);
        totals.pages++;
        totals.opaque += r.opaque;
        if (r.opaque) totals.opaquePages++;
        totals.labelled += r.labelled;
        totals.drawn += r.drawn;
        if (!r.identical) failures.push(`${name}: not byte-identical ${r.problem ?? ''}`);
        if (r.topEdit !== null) totals.topEdits++;
        if (r.topEdit === false) failures.push(`${name}: a paragraph edit changed other lines`);
        if (r.nestedEdit !== null) totals.nestedEdits++;
        if (r.nestedEdit === false) failures.push(`${name}: an edit inside a component changed other lines`);
      }
    console.log(`visual round trip: ${JSON.stringify(totals)}`);
    expect(failures.slice(0, 20)).toEqual([]);
    expect(totals.pages).toBeGreaterThan(1000);
  }, 900_000);
});
