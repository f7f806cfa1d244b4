import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDocsConfig } from '../../src/config/index.js';
import { formatDiagnostic } from '../../src/shared/diagnostics.js';
import { CORPORA_DIR, haveCorpora, passingCorpora } from '../../compat/corpora.js';

// The real repositories Folio must stay compatible with: the ones compat/passing.json lists as
// validating (`npm run compat` measures all). Set FOLIO_CORPORA to point elsewhere; the suite is
// skipped, saying so, when the corpora it reads are absent.
const corpora = CORPORA_DIR;
const names = passingCorpora('validate');

describe.skipIf(!haveCorpora('mintlify-docs', 'prefect', 'polar', 'langtrace-mint-json'))('real corpora', () => {
  it.each(names)('%s validates with zero errors', async (name) => {
    const loaded = await loadDocsConfig(path.join(corpora, name));
    const errors = loaded.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic);
    expect(errors).toEqual([]);
    expect(loaded.config).not.toBeNull();
  });

  it('resolves mintlify-docs language $refs and points into the referenced file', async () => {
    const loaded = await loadDocsConfig(path.join(corpora, 'mintlify-docs'));
    const languages = loaded.config!.navigation.languages!;
    expect(languages.map((l) => l.language)).toEqual(['en', 'fr', 'es', 'zh']);
    expect(loaded.locate(['navigation', 'languages', 2, 'tabs', 0]).file).toBe('es.json');
    expect(Array.isArray(loaded.config!.redirects)).toBe(true);
  });

  it('reports only the ignored group `anchor` keys and its missing logo files of prefect as warnings', async () => {
    const loaded = await loadDocsConfig(path.join(corpora, 'prefect'));
    // The corpus copy has no logos/ folder: its logo and favicon are really missing.
    const assets = loaded.diagnostics.filter((d) => d.code === 'CONFIG_ASSET_NOT_FOUND');
    expect(assets.map((d) => d.path)).toEqual(['favicon', 'logo.dark', 'logo.light']);
    const warnings = loaded.diagnostics.filter((d) => d.severity === 'warning' && d.code !== 'CONFIG_ASSET_NOT_FOUND');
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings.every((w) => w.code === 'CONFIG_UNKNOWN_KEY' && w.path.endsWith('.anchor'))).toBe(true);
  });

  it('resolves polar\'s relative logo and favicon paths from the docs root, not from each page', async () => {
    const loaded = await loadDocsConfig(path.join(corpora, 'polar'));
    expect(loaded.config!.logo).toEqual({ light: '/logo/light.png', dark: '/logo/dark.png', href: 'https://polar.sh' });
    expect(loaded.config!.favicon).toBe('/logo/favicon.png');
  });

  it('converts langtrace mint.json tabs-less navigation into groups plus a global anchor', async () => {
    const loaded = await loadDocsConfig(path.join(corpora, 'langtrace-mint-json'));
    expect(loaded.source).toBe('mint.json');
    expect(loaded.config!.navigation.groups!.length).toBeGreaterThan(3);
    expect(loaded.config!.navigation.global!.anchors![0]!.href).toBe('https://github.com/Scale3-Labs/langtrace');
    expect(loaded.config!.navbar!.primary!.label).toBe('Langtrace App');
  });
});
