import { beforeEach, describe, expect, it, vi } from 'vitest';

// uuidV7 keeps the last millisecond it used; a fresh module per test, so ids made earlier in the
// same process (other test files share modules when not isolated) cannot move these clocks.
let uuidV7: typeof import('./ids.js').uuidV7;
beforeEach(async () => {
  vi.resetModules();
  ({ uuidV7 } = await import('./ids.js'));
});

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
