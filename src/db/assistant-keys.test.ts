import { describe, expect, it } from 'vitest';
import { parseAllowedOrigins } from './assistant-keys.js';
import { generateAdminKey, generateAssistantKey, isAdminKeyShaped, isWellFormedAdminKey, isWellFormedAssistantKey } from './key-format.js';

describe('assistant keys', () => {
  it('are well formed with their own prefix, and neither kind passes for the other', () => {
    const key = generateAssistantKey();
    expect(key).toMatch(/^folio_pub_[0-9A-Za-z]{28}$/);
    expect(isWellFormedAssistantKey(key)).toBe(true);
    expect(isAdminKeyShaped(key)).toBe(false);
    expect(isWellFormedAdminKey(key)).toBe(false);
    const admin = generateAdminKey();
    expect(isWellFormedAssistantKey(admin)).toBe(false);
    // One character changed fails the checksum.
    const typo = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
    expect(isWellFormedAssistantKey(typo)).toBe(false);
  });

  it('take allowed origins in their normal form and name the first bad one', () => {
    expect(parseAllowedOrigins('https://Docs.Example.com/\nhttp://localhost:3000, https://docs.example.com')).toEqual({ origins: ['https://docs.example.com', 'http://localhost:3000'] });
    expect(parseAllowedOrigins('')).toEqual({ origins: [] });
    expect(parseAllowedOrigins('https://docs.example.com/path')).toMatchObject({ problem: expect.stringContaining('not an origin') });
    expect(parseAllowedOrigins('ftp://x.example')).toMatchObject({ problem: expect.stringContaining('not an origin') });
    expect(parseAllowedOrigins('docs')).toMatchObject({ problem: expect.stringContaining('not a URL') });
    expect(parseAllowedOrigins(Array.from({ length: 21 }, (_, i) => `https://s${i}.example`).join(' '))).toMatchObject({ problem: expect.stringContaining('at most 20') });
  });
});
