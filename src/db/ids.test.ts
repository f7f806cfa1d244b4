import { describe, expect, it } from 'vitest';
import { uuidV7 } from './ids.js';

describe('uuidV7', () => {
  it('is a version 7, RFC variant UUID carrying the millisecond time', () => {
    const id = uuidV7(0x0189_abcd_ef01);
    expect(id).toMatch(/^0189abcd-ef01-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('sorts in creation order, also many ids within one millisecond', () => {
    const ids = Array.from({ length: 5000 }, () => uuidV7(1_800_000_000_000));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
