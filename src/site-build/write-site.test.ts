import { describe, expect, it } from 'vitest';
import { Utf8Slabs } from './write-site.js';

describe('Utf8Slabs (page Markdown bytes from shared buffers)', () => {
  it('gives the bytes Buffer.from gives, each encoding its own bytes', () => {
    const slabs = new Utf8Slabs();
    const texts = ['# Intro\n\nPlain ASCII.\n', 'Ünïcödé — “quotes” → 日本語\n', 'Emoji 🚀 and a pair 𝄞\n', 'Lone \ud800 surrogate \udc00 here\n', '', 'x'.repeat(700_000), 'é'.repeat(600_000), 'after the big ones\n'];
    const encoded = texts.map((t) => slabs.encode(t));
    // All encoded first, then compared: a later encoding must not overwrite an earlier one's bytes.
    encoded.forEach((bytes, i) => expect(Buffer.compare(bytes, Buffer.from(texts[i]!))).toBe(0));
  });
});
