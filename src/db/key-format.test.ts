import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateAdminKey, hashAdminKey, isWellFormedAdminKey } from './key-format.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

describe('admin key format', () => {
  it('is folio_ + 22 random base62 characters (130 bits) + a 6-character checksum', () => {
    const keys = new Set(Array.from({ length: 200 }, generateAdminKey));
    expect(keys.size).toBe(200);
    for (const key of keys) {
      expect(key).toMatch(/^folio_[0-9A-Za-z]{28}$/);
      expect(isWellFormedAdminKey(key)).toBe(true);
    }
  });

  it('rejects any single-character change (CRC32 catches every one)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 6, max: 33 }), fc.integer({ min: 1, max: 61 }), (position, shift) => {
        const key = generateAdminKey();
        const changed = BASE62[(BASE62.indexOf(key[position]!) + shift) % 62]!;
        return !isWellFormedAdminKey(key.slice(0, position) + changed + key.slice(position + 1));
      }),
      { numRuns: 500 },
    );
  });

  it('rejects other shapes', () => {
    const key = generateAdminKey();
    for (const bad of ['', 'folio_', key.slice(0, -1), `${key}x`, key.replace('folio_', 'folia_'), ` ${key}`, key.toLowerCase() === key ? `${key}A` : key.toLowerCase()]) {
      expect(isWellFormedAdminKey(bad), bad).toBe(false);
    }
  });

  it('hashes to hex SHA-256', () => {
    expect(hashAdminKey('folio_x')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashAdminKey('folio_x')).not.toBe(hashAdminKey('folio_y'));
  });
});
