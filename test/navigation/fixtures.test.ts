import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { navigationToJson } from '../../src/navigation/index.js';
import { diagnosticLines, loadFixture, modelToJson } from './harness.js';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const cases = readdirSync(FIXTURES).filter((name) => existsSync(path.join(FIXTURES, name, 'docs.json'))).sort();

/**
 * One folder per scenario: docs.json + pages + expected.json (the resolved SiteModel, the
 * `nav --json` output and the content/navigation diagnostics). `UPDATE_FIXTURES=1` rewrites expected.json;
 * review the diff before committing.
 */
describe('navigation fixtures', () => {
  it('has fixtures', () => expect(cases.length).toBeGreaterThan(10));
  for (const name of cases) {
    it(name, async () => {
      const root = path.join(FIXTURES, name);
      const optionsFile = path.join(root, 'options.json');
      const options = existsSync(optionsFile) ? (JSON.parse(readFileSync(optionsFile, 'utf8')) as { openapi?: boolean }) : {};
      const { config, index, model, diagnostics, provider } = await loadFixture(root, options);
      const actual = {
        // Only this layer's and content's problems: config and openapi pin their own messages.
        diagnostics: diagnosticLines(diagnostics.filter((d) => /^(NAVIGATION|CONTENT)_/.test(d.code))),
        model: modelToJson(model),
        navJson: navigationToJson(config.navigation, index, provider),
      };
      const expectedFile = path.join(root, 'expected.json');
      const serialised = JSON.parse(JSON.stringify(actual)) as unknown;
      if (process.env.UPDATE_FIXTURES === '1') {
        writeFileSync(expectedFile, `${JSON.stringify(serialised, null, 2)}\n`);
      }
      expect(serialised).toEqual(JSON.parse(readFileSync(expectedFile, 'utf8')));
    });
  }
});
