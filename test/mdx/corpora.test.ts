import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderMdx } from '../../src/mdx/index.js';
import { passingCorpora } from '../../compat/corpora.js';
import { CORPORA_DIR, corpusVariables, inputFor, listMdx } from './corpus-helpers.js';

// Real docs sites: every page must render without throwing. Pages with error diagnostics are
// tolerated but reported (they are mistakes in the sites themselves: snippets used without an
// import, a misspelt component, `{name}` written as text), and the count is pinned loosely so a
// regression that breaks many pages fails the test.
// The corpora compat/passing.json lists as building (`npm run compat` measures every one).
const corpora = passingCorpora('testBuild');

describe.each(corpora)('corpus %s', (corpus) => {
  it('renders every page without throwing', { timeout: 600_000 }, async () => {
    const root = path.join(CORPORA_DIR, corpus);
    const variables = corpusVariables(root);
    const pages = listMdx(root).filter((f) => !/(^|\/)_?snippets\//.test(f));
    const failures: string[] = [];
    const byRenderer = { fast: 0, mdx: 0 };
    for (const file of pages) {
      const out = await renderMdx(inputFor(root, file, variables));
      byRenderer[out.renderer]++;
      expect(typeof out.html).toBe('string');
      for (const d of out.diagnostics) if (d.severity === 'error') failures.push(`${d.file}:${d.line}:${d.column} ${d.code}`);
    }
    const pagesWithErrors = new Set(failures.map((f) => f.split(':')[0])).size;
    console.log(
      `${corpus}: ${pages.length} pages, ${byRenderer.fast} fast path, ${byRenderer.mdx} MDX fallback, ${pagesWithErrors} with errors` +
        (failures.length ? `\n  ${failures.join('\n  ')}` : ''),
    );
    expect(pagesWithErrors).toBeLessThanOrEqual(Math.max(3, Math.ceil(pages.length * 0.01)));
  });
});
