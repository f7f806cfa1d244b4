import { describe, expect, it } from 'vitest';
import { namesOfReply, topicNamingPrompt } from './naming.js';
import type { Topic } from './types.js';

const topic = (label: string, questions: string[]): Topic => ({
  id: label.toLowerCase(),
  label,
  pages: [{ path: `/${label.toLowerCase()}`, title: label }],
  count: questions.length,
  unanswered: 0,
  thumbsDown: 0,
  thumbsUp: 0,
  questions: questions.map((text) => ({ text, count: 1, cited: [], kind: 'question' })),
});

describe('naming topics with a model', () => {
  it('asks for one name per topic as a JSON array, each question quoted as data', () => {
    const prompt = topicNamingPrompt([topic('Tabs', ['how do tabs work?']), topic('Redirects', ['old links "break"\nnow'])], 'Acme');
    expect(prompt).toContain('Readers of the Acme documentation');
    expect(prompt).toContain('a JSON array of exactly 2 strings');
    expect(prompt).toContain('Topic 2: now called "Redirects"; pages: Redirects (/redirects)\n  - "old links \\"break\\"\\nnow"');
  });

  it('reads the names from a reply with prose or a fence around them, or none', () => {
    expect(namesOfReply('Here they are:\n```json\n["Navigation", "Moving pages"]\n```', 2)).toEqual(['Navigation', 'Moving pages']);
    expect(namesOfReply('["Navigation"]', 2)).toBeNull();
    expect(namesOfReply('["Navigation", 3]', 2)).toBeNull();
    expect(namesOfReply('Navigation, Moving pages', 2)).toBeNull();
    expect(namesOfReply('[not json]', 1)).toBeNull();
  });
});
