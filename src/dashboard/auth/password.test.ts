import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.js';
import { hashToken, randomToken, tokensEqual } from './tokens.js';

describe('passwords', () => {
  it('verifies the right password and rejects others and malformed hashes', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$1$2')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$abc$8$1$c2FsdA$a2V5')).toBe(false);
  });

  it('keeps a lower cost given for test fixtures in the hash, and checks at that cost', async () => {
    const stored = await hashPassword('correct horse battery', { N: 1024, r: 8, p: 1 });
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
  });

  it('salts each hash', async () => {
    expect(await hashPassword('same password!')).not.toBe(await hashPassword('same password!'));
  });
});

describe('tokens', () => {
  it('are 256-bit, hash stably and compare exactly', () => {
    const a = randomToken();
    expect(a).toMatch(/^[\w-]{43}$/);
    expect(randomToken()).not.toBe(a);
    expect(hashToken(a)).toBe(hashToken(a));
    expect(hashToken(a)).not.toBe(a);
    expect(tokensEqual(a, a)).toBe(true);
    expect(tokensEqual(a, `${a}x`)).toBe(false);
    expect(tokensEqual(a, randomToken())).toBe(false);
  });
});
