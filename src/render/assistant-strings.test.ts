import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ASSISTANT_LANGUAGES, assistantStrings } from './assistant-strings.js';
import { AssistantTrigger } from './layout/search-trigger.js';
import { UI_LANGUAGES } from './ui-strings.js';

describe('assistant words per language', () => {
  it('has a full row for every language of the chrome, with the status placeholder', () => {
    expect([...ASSISTANT_LANGUAGES].sort()).toEqual([...UI_LANGUAGES].sort());
    for (const code of ASSISTANT_LANGUAGES) {
      const strings = assistantStrings(code);
      expect(Object.keys(strings), code).toHaveLength(20);
      for (const [key, value] of Object.entries(strings)) expect(value, `${code}.${key}`).toMatch(/\S/);
      expect(strings.status, code).toContain('{n}');
      if (code !== 'en') expect(strings.intro, code).not.toBe(assistantStrings('en').intro);
    }
  });

  it('reads codes as the chrome does: alias, base language, English otherwise', () => {
    expect(assistantStrings('fr-CA').askAi).toBe("Demander à l'IA");
    expect(assistantStrings('zh').newChat).toBe(assistantStrings('cn').newChat);
    expect(assistantStrings('xx').askAi).toBe('Ask AI');
  });

  it('hands the panel its words in the page language through the Ask button, and nothing the panel does not use', () => {
    const html = renderToStaticMarkup(createElement(AssistantTrigger, { lang: 'de' }));
    expect(html).toContain('>KI fragen</span>');
    const json = /data-assistant-text="([^"]*)"/.exec(html)![1]!.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&');
    const words = JSON.parse(json) as Record<string, string>;
    expect(words.title).toBe('Assistent');
    expect(words.ask).toBe('Frage stellen');
    expect(Object.keys(words)).not.toContain('askAi');
    expect(Object.keys(words)).not.toContain('notSetUp');
    expect(Object.keys(words)).toHaveLength(18);
    // English pages carry none: the panel's script has them.
    const english = renderToStaticMarkup(createElement(AssistantTrigger, { lang: 'en' }));
    expect(english).toContain('>Ask AI</span>');
    expect(english).not.toContain('data-assistant-text');
    expect(renderToStaticMarkup(createElement(AssistantTrigger, {}))).not.toContain('data-assistant-text');
  });
});
