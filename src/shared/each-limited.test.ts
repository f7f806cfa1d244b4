import { describe, expect, it } from 'vitest';
import { eachLimited } from './each-limited.js';

describe('eachLimited', () => {
  it('runs every item once, never more than the limit at a time', async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    await eachLimited(Array.from({ length: 50 }, (_, i) => i), 4, async (item) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, item % 3));
      seen.push(item);
      running--;
    });
    expect(most).toBe(4);
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('rejects with the first failure', async () => {
    await expect(eachLimited([1, 2, 3], 2, async (item) => {
      if (item === 2) throw new Error('two');
    })).rejects.toThrow('two');
    await eachLimited([], 3, async () => {
      throw new Error('never');
    });
  });
});
