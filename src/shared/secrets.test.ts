import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashSecret } from './secrets.js';

describe('hashSecret', () => {
  it('is the SHA-256 of the secret, hex unless asked for base64url', () => {
    expect(hashSecret('folio_x')).toBe(createHash('sha256').update('folio_x').digest('hex'));
    expect(hashSecret('folio_x')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSecret('folio_x', 'base64url')).toBe(Buffer.from(hashSecret('folio_x'), 'hex').toString('base64url'));
    expect(hashSecret('folio_x')).not.toBe(hashSecret('folio_y'));
  });
});
