import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { genericSignedPayload, hmacSha256, verifyGeneric, verifyGithub, verifyGitlab } from './verify.js';

const body = Buffer.from('{"ref":"refs/heads/main"}');

describe('webhook signatures', () => {
  it('GitHub: accepts the HMAC of the raw body, refuses any other body, secret or shape', () => {
    // The value GitHub computes: HMAC-SHA256 keyed with the secret, over the exact bytes, hex.
    const good = `sha256=${createHmac('sha256', 's3cret').update(body).digest('hex')}`;
    expect(verifyGithub('s3cret', body, good)).toBeNull();
    expect(verifyGithub('s3cret', body, good.toUpperCase().replace('SHA256', 'sha256'))).toBeNull();
    expect(verifyGithub('other', body, good)).toMatch(/does not match/);
    expect(verifyGithub('s3cret', Buffer.from('{"ref":"refs/heads/evil"}'), good)).toMatch(/does not match/);
    expect(verifyGithub('s3cret', body, undefined)).toMatch(/no X-Hub-Signature-256/);
    expect(verifyGithub('s3cret', body, 'sha1=abc')).toMatch(/not sha256=/);
  });

  it('GitLab: the token must equal the secret', () => {
    expect(verifyGitlab('tok', 'tok')).toBeNull();
    expect(verifyGitlab('tok', 'to')).toMatch(/not the project secret/);
    expect(verifyGitlab('tok', undefined)).toMatch(/no X-Gitlab-Token/);
  });

  it('generic: signs timestamp, delivery id and body, within five minutes', () => {
    const now = 1_800_000_000;
    const sign = (t: string, id: string, b: Buffer) => hmacSha256('k', genericSignedPayload(t, id, b));
    const headers = { timestamp: String(now), deliveryId: 'd1', signature: sign(String(now), 'd1', body) };
    expect(verifyGeneric('k', body, headers, now + 10)).toBeNull();
    expect(verifyGeneric('k', body, { ...headers, deliveryId: 'd2' }, now)).toMatch(/does not match/);
    expect(verifyGeneric('k', body, headers, now + 301)).toMatch(/more than 300 s/);
    expect(verifyGeneric('k', body, { ...headers, signature: undefined }, now)).toMatch(/send X-Folio-Signature/);
    expect(verifyGeneric('wrong', body, headers, now)).toMatch(/does not match/);
  });
});
