import { describe, expect, it } from 'vitest';
import { TRANSLATION_NOTICE_LANGUAGES, translationNoticeStrings } from './translation-strings.js';
import { uiLanguage } from './ui-strings.js';

describe('stale translation notice words', () => {
  it('has both words in every language the chrome speaks', () => {
    for (const code of TRANSLATION_NOTICE_LANGUAGES) {
      const words = translationNoticeStrings(code);
      expect(words.message.length, code).toBeGreaterThan(10);
      expect(words.link.length, code).toBeGreaterThan(3);
      expect(uiLanguage(code), code).toBe(code);
    }
  });

  it('reads aliases and regional codes as the chrome does, unknown codes in English', () => {
    expect(translationNoticeStrings('zh-Hans').link).toBe('阅读原文页面');
    expect(translationNoticeStrings('fr-CA').link).toBe('Lire la page d’origine');
    expect(translationNoticeStrings('xx').link).toBe('Read the source page');
  });
});
