/**
 * A fast slice of the visual mode's corpus round trip (the whole of it: editor-visual-corpus.test.ts,
 * e2e tier): the first pages with components of a few corpora, read as the visual model and written back.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir, haveCorpora } from '../../compat/corpora.js';
import { roundTrip } from '../../src/client/editor/components/round-trip.js';

const CORPORA = ['mintlify-docs', 'fastmcp', 'lago', 'prefect', 'trigger-dev', 'nango'];
const haveSlice = haveCorpora(...CORPORA);
describe.skipIf(!haveSlice)('the visual model over a slice of the corpora', () => {
  // Collected even when skipped: read nothing without the corpora.
  const pages = (haveSlice ? CORPORA : []).flatMap((name) => {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.name.startsWith('.') || e.name === 'node_modules') continue;
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name.endsWith('.mdx')) found.push(p);
      }
    };
    walk(corpusDir(name));
    // Pages with components first: they exercise the trees.
    return found.sort().filter((p) => /<(Card|Tabs?|Steps?|Accordion|CodeGroup|Note|Warning|Tip|Frame|ParamField)\b/.test(readFileSync(p, 'utf8'))).slice(0, 8);
  });
  it.each(pages.map((p) => [path.relative(corpusDir(''), p), p]))('%s', (_name, file) => {
    const source = readFileSync(file, 'utf8');
    const r = roundTrip(source);
    expect(r.identical).toBe(true);
    if (r.topEdit !== null) expect(r.topEdit).toBe(true);
    if (r.nestedEdit !== null) expect(r.nestedEdit).toBe(true);
  });
});
