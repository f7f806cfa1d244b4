import { describe, expect, it } from 'vitest';
import { FEEDBACK_LANGUAGES, REASON_LANGUAGES, feedbackStrings, reasonChoices } from './feedback-strings.js';
import { UI_LANGUAGES } from './ui-strings.js';

describe('feedback widget words per language', () => {
  it('has a full row for every language of the chrome, each its own', () => {
    expect([...FEEDBACK_LANGUAGES].sort()).toEqual([...UI_LANGUAGES].sort());
    const english = feedbackStrings('en');
    expect([...REASON_LANGUAGES].sort()).toEqual([...UI_LANGUAGES].sort());
    for (const code of FEEDBACK_LANGUAGES) {
      const { reasons, ...strings } = feedbackStrings(code);
      expect(Object.keys(strings), code).toHaveLength(12);
      for (const [key, value] of Object.entries({ ...strings, ...reasons })) expect(value, `${code}.${key}`).toMatch(/\S/);
      expect(Object.keys(reasons), code).toHaveLength(8);
      expect(new Set(Object.values(reasons)).size, code).toBe(8);
      if (code !== 'en') expect(strings.title, code).not.toBe(english.title);
      if (code !== 'en') expect(strings.reasonsDown, code).not.toBe(english.reasonsDown);
    }
  });

  it('reads codes as the chrome does: alias, base language, English otherwise', () => {
    expect(feedbackStrings('fr-CA').title).toBe('Cette page vous a-t-elle été utile ?');
    expect(feedbackStrings('ja').yes).toBe(feedbackStrings('jp').yes);
    expect(feedbackStrings('xx').codeButton).toBe('Feedback on this code');
  });

  it('offers the preset reasons of each thumb, in order', () => {
    const words = feedbackStrings('en');
    expect(reasonChoices(words, false)).toEqual([
      { id: 'inaccurate', label: 'Inaccurate' },
      { id: 'not_found', label: "Couldn't find what I was looking for" },
      { id: 'out_of_date', label: 'Out of date' },
      { id: 'hard_to_understand', label: 'Hard to understand' },
      { id: 'other', label: 'Other' },
    ]);
    expect(reasonChoices(words, true).map((r) => r.label)).toEqual(['Accurate', 'Solved my problem', 'Easy to understand', 'Other']);
    expect(reasonChoices(feedbackStrings('fr'), false)[1]!.label).toBe("Je n'ai pas trouvé ce que je cherchais");
  });
});
