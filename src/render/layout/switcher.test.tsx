import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LinkView } from '../types.js';
import { Switcher, SwitcherOptions, switcherOptionsHtml } from './switcher.js';

/** The options as React elements, as the switcher draws them when an option has an image icon. */
const asElements = (options: LinkView[]) => renderToStaticMarkup(<SwitcherOptions options={options} />);

describe('switcherOptionsHtml', () => {
  it('writes the same HTML as the React elements, for every kind of option', () => {
    const options: LinkView[] = [
      { label: 'English', href: '/en/guide/intro', active: true },
      { label: 'Français', href: '/fr/guide/intro' },
      { label: 'v2 <beta> & "next" \'x\'', href: '/v2/a?b=1&c="2"', tag: 'Latest', description: 'Docs for <v2> & more' },
      { label: 'GitHub', href: 'https://github.com/x/y', external: true, icon: 'github' },
      { label: '', href: '/empty', icon: 'house', description: '', tag: '' },
      { label: '中文', href: '/cn/页面', iconOnly: true, icon: 'lucide:house' },
    ];
    expect(switcherOptionsHtml(options)).toBe(asElements(options));
    for (const option of options) expect(switcherOptionsHtml([option])).toBe(asElements([option]));
    expect(switcherOptionsHtml([])).toBe('');
  });

  it('leaves options with image icons to React, which also preloads their images in the head', () => {
    const options: LinkView[] = [
      { label: 'English', href: '/en', active: true },
      { label: 'Logo', href: '/logo', icon: '/images/logo.svg' },
    ];
    const page = renderToStaticMarkup(
      <html>
        <head />
        <body>
          <Switcher switcher={{ kind: 'language', label: 'Language', options }} />
        </body>
      </html>,
    );
    expect(page).toContain('<link rel="preload" as="image" href="/images/logo.svg"/>');
    expect(page).toContain('<img class="folio-icon folio-icon-img" src="/images/logo.svg" alt="" aria-hidden="true"/>');
  });
});
