import { describe, expect, it } from 'vitest';
import type { DocsConfig } from '../schema/docs-config.js';
import { rootRelativeAsset, withRootRelativeAssets } from './asset-paths.js';

describe('rootRelativeAsset', () => {
  it.each([
    ['./logo/light.png', '/logo/light.png'],
    ['logo/light.png', '/logo/light.png'],
    ['./images/../logo.svg', '/logo.svg'],
    ['/logo/light.png', '/logo/light.png'],
    ['https://cdn.example.com/logo.png', 'https://cdn.example.com/logo.png'],
    ['//cdn.example.com/logo.png', '//cdn.example.com/logo.png'],
    ['data:image/svg+xml;base64,PHN2Zz4=', 'data:image/svg+xml;base64,PHN2Zz4='],
  ])('%s → %s', (value, expected) => expect(rootRelativeAsset(value)).toBe(expected));
});

describe('withRootRelativeAssets', () => {
  it('resolves every site-level file from the docs root and leaves the rest alone', () => {
    const config = {
      name: 'Polar',
      colors: { primary: '#0062FF' },
      navigation: { pages: ['index'] },
      logo: { light: './logo/light.png', dark: './logo/dark.png', href: 'https://polar.sh' },
      favicon: './logo/favicon.png',
      background: { image: { light: 'bg/light.png', dark: '/bg/dark.png' }, decoration: 'grid' },
      thumbnails: { background: './og.png' },
      fonts: { family: 'Inter', source: 'fonts/inter.woff2', heading: { family: 'Lora', source: './fonts/lora.woff2' } },
    } as DocsConfig;
    const before = structuredClone(config);
    expect(withRootRelativeAssets(config)).toEqual({
      ...config,
      logo: { light: '/logo/light.png', dark: '/logo/dark.png', href: 'https://polar.sh' },
      favicon: '/logo/favicon.png',
      background: { image: { light: '/bg/light.png', dark: '/bg/dark.png' }, decoration: 'grid' },
      thumbnails: { background: '/og.png' },
      fonts: { family: 'Inter', source: '/fonts/inter.woff2', heading: { family: 'Lora', source: '/fonts/lora.woff2' } },
    });
    expect(config).toEqual(before);
  });
});
