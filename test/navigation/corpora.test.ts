import { describe, expect, it } from 'vitest';
import { placementsOf } from '../../src/navigation/index.js';
import { corpusDir, haveCorpora } from '../../compat/corpora.js';
import { diagnosticLines, loadFixture } from './harness.js';

/** Page files discovered per corpus (pinned so a discovery regression shows up as a number). */
const EXPECTED_PAGES: Record<string, number> = {
  mem0: 245,
  // 1,070 files, 8 of them under agent-context/, which its .mintignore excludes, and the root skill.md
  // (the site's skill file for agents, not a page).
  'mintlify-docs': 1061,
  ollama: 60,
  prefect: 946,
  'trigger-dev': 326,
  'langtrace-mint-json': 99,
};

describe.skipIf(!haveCorpora(...Object.keys(EXPECTED_PAGES)))('real docs repositories resolve', () => {
  for (const [name, pageCount] of Object.entries(EXPECTED_PAGES)) {
    it(name, async () => {
      const { model, index, diagnostics } = await loadFixture(corpusDir(name));
      const errors = diagnosticLines(diagnostics.filter((d) => d.severity === 'error'));
      expect(errors).toEqual([]);
      expect(index.pages.size).toBe(pageCount);
      // Every page file is routable, listed or hidden.
      for (const page of index.pages.values()) expect(model.pages.has(`/${page.path}`)).toBe(true);
      for (const section of model.sections) {
        const hrefs = placementsOf(section.sidebar).map((p) => p.href);
        expect(new Set(hrefs).size).toBe(hrefs.length);
        for (const href of hrefs) expect(model.pages.get(href)?.listed).toBe(true);
      }
      expect(model.sectionsById.get(model.defaultSectionId)).toBeDefined();
    });
  }
});
