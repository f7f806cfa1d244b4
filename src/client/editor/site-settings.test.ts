import { describe, expect, it } from 'vitest';
import { readSiteSettings, writeSiteSettings } from './site-settings.js';

const DOCS = `{
  // The team's comment stays.
  "$schema": "https://mintlify.com/docs.json",
  "theme": "mint",
  "name": "Acme",
  "colors": { "primary": "#0D9373", "light": "#07C983" },
  "logo": "/logo.svg",
  "navigation": { "pages": ["index"] }
}
`;

describe('site settings of docs.json', () => {
  it('reads the settings, with a string logo for both modes', () => {
    expect(readSiteSettings(DOCS)).toEqual({ name: 'Acme', primary: '#0D9373', light: '#07C983', dark: '', logoLight: '/logo.svg', logoDark: '/logo.svg', favicon: '', buttonLabel: '', buttonHref: '' });
  });

  it('writes back nothing when nothing changed, and only the changed value otherwise', () => {
    expect(writeSiteSettings(DOCS, readSiteSettings(DOCS))).toBe(DOCS);
    const out = writeSiteSettings(DOCS, { ...readSiteSettings(DOCS), primary: '#2255AA' });
    expect(out).toBe(DOCS.replace('"primary": "#0D9373"', '"primary": "#2255AA"'));
  });

  it('adds colours, a dark logo (then two files), a favicon and a navbar button; clears a colour', () => {
    const out = writeSiteSettings(DOCS, { ...readSiteSettings(DOCS), dark: '#111827', light: '', logoDark: '/logo-dark.svg', favicon: '/favicon.svg', buttonLabel: 'Dashboard', buttonHref: 'https://app.acme.test' });
    expect(out).toContain('// The team\'s comment stays.');
    const config = readSiteSettings(out);
    expect(config).toMatchObject({ dark: '#111827', light: '', logoLight: '/logo.svg', logoDark: '/logo-dark.svg', favicon: '/favicon.svg', buttonLabel: 'Dashboard', buttonHref: 'https://app.acme.test' });
    expect(out).toMatch(/"logo": \{\s*"light": "\/logo.svg",\s*"dark": "\/logo-dark.svg"\s*\}/);
    expect(out).toMatch(/"type": "button"/);
  });
});
