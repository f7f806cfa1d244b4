import { describe, expect, it } from 'vitest';
import { notFoundText } from './answer-loop.js';
import { NOT_FOUND_LANGUAGES, notFoundStrings } from './not-found-strings.js';
import { UI_LANGUAGES } from '../render/index.js';

describe('the not-found answer per language', () => {
  it('has the three sentences, with their placeholders, for every language of the chrome', () => {
    expect([...NOT_FOUND_LANGUAGES].sort()).toEqual([...UI_LANGUAGES].sort());
    const english = notFoundStrings('en');
    for (const code of NOT_FOUND_LANGUAGES) {
      const words = notFoundStrings(code);
      expect(words.notFound, code).toMatch(/\S/);
      expect(words.support, code).toMatch(/\[[^\]]+\]\(\{url\}\)/);
      expect(words.email, code).toContain('{email}');
      if (code !== 'en') expect(words.notFound, code).not.toBe(english.notFound);
    }
  });

  it('reads codes as the chrome does and writes the links', () => {
    const settings = { supportUrl: 'https://help.example/new', supportEmail: 'help@example.com' };
    expect(notFoundText(settings, 't9', 'fr-CA')).toBe("Je n'ai pas trouvé cela dans la documentation. Vous pouvez poser la question à l'équipe via le [support](https://help.example/new?threadId=t9). Vous pouvez écrire à [help@example.com](mailto:help@example.com).");
    expect(notFoundText(settings, 't9', 'jp')).toBe('ドキュメントには見つかりませんでした。[サポート](https://help.example/new?threadId=t9)からチームに質問できます。[help@example.com](mailto:help@example.com) 宛てにメールを送ることもできます。');
    expect(notFoundText({}, 't9', 'xx')).toBe('I could not find this in the docs.');
    expect(notFoundText({}, 't9')).toBe('I could not find this in the docs.');
  });
});
