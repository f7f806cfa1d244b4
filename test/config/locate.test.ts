import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDocsConfig } from '../../src/config/index.js';

const fixtures = path.join(import.meta.dirname, 'fixtures');

describe('LoadedDocsConfig.locate', () => {
  it('points into the $ref file that held a value, and at the including file for sibling overrides', async () => {
    const loaded = await loadDocsConfig(path.join(fixtures, 'valid-ref-split'));
    expect(loaded.config!.navigation.languages!.map((l) => [l.language, l.default])).toEqual([
      ['en', undefined],
      ['fr', true],
    ]);
    expect(loaded.locate(['navigation', 'languages', 0, 'pages', 0])).toEqual({ file: 'nav/navigation.json', line: 6, column: 9 });
    expect(loaded.locate(['navigation', 'languages', 1, 'pages', 0])).toEqual({ file: 'nav/fr.json', line: 4, column: 5 });
    expect(loaded.locate(['navigation', 'languages', 1, 'default'])).toEqual({ file: 'nav/navigation.json', line: 11, column: 18 });
    expect(loaded.locate(['redirects', 0, 'destination'])).toEqual({ file: 'redirects.json', line: 4, column: 20 });
  });

  it('maps converted mint.json fields back to their mint.json positions', async () => {
    const loaded = await loadDocsConfig(path.join(fixtures, 'valid-mint-versions'));
    expect(loaded.source).toBe('mint.json');
    expect(loaded.locate(['navigation', 'versions', 1, 'groups', 0, 'pages', 0])).toEqual({ file: 'mint.json', line: 29, column: 9 });
    expect(loaded.locate(['navigation', 'versions', 0, 'tabs', 1])).toEqual({ file: 'mint.json', line: 11, column: 5 });
  });

  it('falls back to the nearest located ancestor for fields the file does not spell out', async () => {
    const loaded = await loadDocsConfig(path.join(fixtures, 'valid-minimal-pages'));
    expect(loaded.locate(['navigation', 'pages', 0, 'nothing', 'here'])).toEqual(loaded.locate(['navigation', 'pages', 0]));
  });
});
