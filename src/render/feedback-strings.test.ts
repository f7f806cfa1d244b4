import { describe, expect, it } from 'vitest';
import { FEEDBACK_LANGUAGES, feedbackStrings } from './feedback-strings.js';
import { UI_LANGUAGES } from './ui-strings.js';

describe('feedback widget words per language', () => {
  it('has a full row for every language of the chrome, each its own', () => {
    expect([...FEEDBACK_LANGUAGES].sort()).toEqual([...UI_LANGUAGES].sort());
    const english = feedbackStrings('en');
    for (const code of FEEDBACK_LANGUAGES) {
      const strings = feedbackStrings(code);
      expect(Object.keys(strings), code).toHaveLength(10);
      for (const [key, value] of Object.entries(strings)) expect(value, `${code}.${key}`).toMatch(/\S/);
      if (code !== 'en') expect(strings.title, code).not.toBe(english.title);
    }
  });

  it('reads codes as the chrome does: alias, base language, English otherwise', () => {
    expect(feedbackStrings('fr-CA').title).toBe('Cette page vous a-t-elle été utile ?');
    expect(feedbackStrings('ja').yes).toBe(feedbackStrings('jp').yes);
    expect(feedbackStrings('xx').codeButton).toBe('Feedback on this code');
  });
});
