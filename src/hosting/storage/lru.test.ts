import { describe, expect, it } from 'vitest';
import { ByteLru } from './lru.js';

describe('ByteLru', () => {
  it('evicts the least recently used entries once the byte budget is exceeded', () => {
    const lru = new ByteLru(100);
    lru.set('a', Buffer.alloc(10));
    lru.set('b', Buffer.alloc(10));
    lru.set('c', Buffer.alloc(10));
    expect(lru.get('a')).toBeDefined(); // a is now the most recent
    for (let i = 0; i < 8; i++) lru.set(`x${i}`, Buffer.alloc(10));
    // 11 entries of 10 bytes into 100: the oldest untouched one (b) went first, a stayed.
    expect(lru.bytes).toBeLessThanOrEqual(100);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBeDefined();
  });

  it('does not keep a value larger than an eighth of the budget', () => {
    const lru = new ByteLru(80);
    lru.set('big', Buffer.alloc(11));
    expect(lru.get('big')).toBeUndefined();
    expect(lru.bytes).toBe(0);
  });
});
