import { describe, expect, it } from 'vitest';
import { UI_LANGUAGES, uiStrings } from './ui-strings.js';

describe('chrome words per language', () => {
  it('has every word for every language, and picks by code, alias or base language', () => {
    expect(UI_LANGUAGES.length).toBeGreaterThanOrEqual(30);
    for (const code of UI_LANGUAGES) for (const [key, value] of Object.entries(uiStrings(code))) expect(value, `${code}.${key}`).toBeTruthy();
    expect(uiStrings('fr').onThisPage).toBe('Sur cette page');
    expect(uiStrings('zh').next).toBe(uiStrings('cn').next);
    expect(uiStrings('ja').previous).toBe('前へ');
    expect(uiStrings('es-MX').search).toBe('Buscar…');
    expect(uiStrings('xx').onThisPage).toBe('On this page');
  });
});
