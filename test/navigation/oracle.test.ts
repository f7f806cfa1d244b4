/**
 * `folio nav --json` against the platform's own resolution of each real repository
 * (../shared/oracle-nav): the corpora compat/passing.json lists as agreeing must keep agreeing on
 * href recall, titles and order. `npm run compat` measures every corpus.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir, haveCorpora, NAV_THRESHOLD, ORACLE_DIR, passingCorpora } from '../../compat/corpora.js';
import { compareNavigation } from '../../compat/oracle.js';
import { navigationToJson } from '../../src/navigation/index.js';
import { loadFixture } from './harness.js';

const corpora = passingCorpora('nav').filter((name) => existsSync(path.join(ORACLE_DIR, `${name}.json`)));

if (corpora.length === 0 && haveCorpora()) console.warn(`skipped: no oracle navigation at ${ORACLE_DIR} for the corpora compat/passing.json lists (set FOLIO_ORACLE_NAV)`);

describe.skipIf(corpora.length === 0)('navigation equals the oracle', () => {
  it.each(corpora)('%s', async (name) => {
    const { config, index, provider } = await loadFixture(corpusDir(name));
    const ours = JSON.parse(JSON.stringify(navigationToJson(config.navigation, index, provider)));
    const oracle = JSON.parse(readFileSync(path.join(ORACLE_DIR, `${name}.json`), 'utf8'));
    const agreement = compareNavigation(oracle, ours);
    const report = { missing: agreement.missing, extra: agreement.extra, titles: agreement.titleDiffs };
    expect({ recall: agreement.recall >= NAV_THRESHOLD, titles: agreement.titles >= NAV_THRESHOLD, order: agreement.order >= NAV_THRESHOLD, report }).toEqual({
      recall: true,
      titles: true,
      order: true,
      report,
    });
  }, 120_000);
});
