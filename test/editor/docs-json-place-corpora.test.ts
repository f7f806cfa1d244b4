// Drag and drop (`place` edits of src/editor/docs-json.ts) on the real docs.json files of the corpora
// (compat/corpora.ts; skipped, saying so, without them). The hand-written cases: src/editor/docs-json-arrange.test.ts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import jsonc from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { CORPORA_DIR, corpusDir, haveCorpora } from '../../compat/corpora.js';
import { applyNavEdit, navOutline } from '../../src/editor/docs-json.js';
import type { OutlineNode } from '../../src/editor/nav-outline.js';

describe.skipIf(!haveCorpora())('drag and drop on the corpora\'s docs.json files', () => {
  // Collected even when skipped: read nothing without the corpora.
  const files = (haveCorpora() ? readdirSync(CORPORA_DIR) : [])
    .map((name) => ({ name, file: path.join(corpusDir(name), 'docs.json') }))
    .filter((c) => existsSync(c.file));

  /** The value at a JSON path of a parsed file. */
  const at = (value: unknown, p: (string | number)[]) => p.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], value);

  it('moves the first page of one group into another and a group above its previous sibling, the rest of each file as it was', () => {
    let checked = 0;
    for (const { name, file } of files) {
      const text = readFileSync(file, 'utf8');
      const outline = navOutline(text);
      const groups: { id: string; pages: OutlineNode[] }[] = [];
      const walk = (nodes: OutlineNode[]) => {
        for (const n of nodes) {
          if (n.type === 'group') groups.push({ id: n.id, pages: n.children.filter((c) => c.type === 'page') });
          if ('children' in n) walk(n.children);
        }
      };
      walk(outline.items);
      const [from, to] = [groups.find((g) => g.pages.length > 0), groups.slice(1).find((g) => g.id.includes('/'))];
      if (!from || !to || from.id === to.id || to.id.startsWith(`${from.id}/`)) continue;
      const page = from.pages[0] as Extract<OutlineNode, { type: 'page' }>;
      const moved = applyNavEdit(text, { op: 'place', id: page.id, expect: page.entry, target: to.id, position: 'inside' });
      const before = jsonc.parse(text, [], { allowTrailingComma: true }) as unknown;
      const after = jsonc.parse(moved, [], { allowTrailingComma: true }) as unknown;
      const toPages = at(after, [...to.id.split('/').map((k) => (/^\d+$/.test(k) ? Number(k) : k)), 'pages']) as unknown[];
      expect(toPages.at(-1), name).toBe(page.entry);
      // Everything but the navigation is untouched, and the file outside the navigation keeps its bytes.
      expect({ ...(after as object), navigation: null }, name).toEqual({ ...(before as object), navigation: null });
      const navAt = text.indexOf('"navigation"');
      expect(moved.slice(0, navAt), name).toBe(text.slice(0, navAt));
      // A group of a list of several goes above its previous sibling and back: the file as it was.
      const sibling = groups.find((g) => /\/(\d+)$/.test(g.id) && Number(g.id.split('/').pop()) > 0);
      if (sibling) {
        const prev = sibling.id.replace(/\d+$/, (i) => String(Number(i) - 1));
        const up = applyNavEdit(text, { op: 'place', id: sibling.id, expect: String(at(before, [...sibling.id.split('/').map((k) => (/^\d+$/.test(k) ? Number(k) : k)), 'group'])), target: prev, position: 'before' });
        const prevName = at(jsonc.parse(up, [], { allowTrailingComma: true }), [...sibling.id.split('/').map((k) => (/^\d+$/.test(k) ? Number(k) : k)), 'group']);
        expect(prevName, name).toBe(at(before, [...prev.split('/').map((k) => (/^\d+$/.test(k) ? Number(k) : k)), 'group']));
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });
});
