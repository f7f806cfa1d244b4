import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SecretBox, serverSecretBox } from './secret-box.js';

describe('SecretBox', () => {
  it('opens what it sealed, only with the same key and context, and never seals twice alike', () => {
    const box = new SecretBox(randomBytes(32));
    const sealed = box.seal('xoxb-secret', 'slack:p1:bot_token');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('secret');
    expect(box.seal('xoxb-secret', 'slack:p1:bot_token')).not.toBe(sealed);
    expect(box.open(sealed, 'slack:p1:bot_token')).toBe('xoxb-secret');
    expect(box.open(sealed, 'slack:p2:bot_token')).toBeNull();
    expect(new SecretBox(randomBytes(32)).open(sealed, 'slack:p1:bot_token')).toBeNull();
    const [v, iv, tag, body] = sealed.split('.');
    expect(box.open([v, iv, tag, `${body!.slice(0, -2)}AA`].join('.'), 'slack:p1:bot_token')).toBeNull();
    expect(box.open('garbage', 'slack:p1:bot_token')).toBeNull();
  });

  it('keeps the key of a data folder in secret.key (owner only), or takes FOLIO_SECRET_KEY', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-secret-'));
    try {
      const sealed = serverSecretBox(dir, {}).seal('x', 'c');
      expect(serverSecretBox(dir, {}).open(sealed, 'c')).toBe('x');
      expect(fs.statSync(path.join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
      const key = 'k'.repeat(40);
      expect(serverSecretBox(dir, { FOLIO_SECRET_KEY: key }).open(new SecretBox(key).seal('y', 'c'), 'c')).toBe('y');
      expect(serverSecretBox(dir, { FOLIO_SECRET_KEY: key }).open(sealed, 'c')).toBeNull();
      expect(() => new SecretBox('short').seal('z', 'c')).toThrow(/at least 32 characters/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
