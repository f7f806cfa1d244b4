/**
 * Secrets the server must read back (a Slack bot token, a signing secret) sealed with AES-256-GCM
 * under the server's secret key, so the database alone does not give them away. Each sealed value
 * is bound to where it is kept (`context`, e.g. `slack:<project>:bot_token`): a value copied into
 * another row or field does not open.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const VERSION = 'v1';

export class SecretBox {
  private loaded: Buffer | null = null;

  /** `key`: 32 bytes, or any secret text of 32 characters or more (hashed to 32 bytes); a function is called on first use. */
  constructor(private readonly source: Buffer | string | (() => Buffer | string)) {}

  private get key(): Buffer {
    this.loaded ??= keyOf(typeof this.source === 'function' ? this.source() : this.source);
    return this.loaded;
  }


  /** `v1.<iv>.<tag>.<ciphertext>`, base64url parts; a fresh 12-byte IV every time. */
  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  /** The sealed text, or null when it was sealed under another key or context, or altered. */
  open(sealed: string, context: string): string | null {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}

function keyOf(key: Buffer | string): Buffer {
  if (typeof key === 'string') {
    if (key.length < 32) throw new Error('The secret key must be at least 32 characters (FOLIO_SECRET_KEY).');
    return createHash('sha256').update(`folio-secret-box\n${key}`).digest();
  }
  if (key.length !== 32) throw new Error('The secret key must be 32 bytes.');
  return key;
}

/**
 * The server's secret key: `FOLIO_SECRET_KEY` when set (every server sharing one database must set
 * the same), else `<dataDir>/secret.key`, 32 random bytes written on first use, readable by the
 * owner only. Kept apart from the database so a copy of the database opens no sealed value.
 */
export function serverSecretBox(dataDir: string, env: NodeJS.ProcessEnv = process.env): SecretBox {
  const fromEnv = env.FOLIO_SECRET_KEY?.trim();
  if (fromEnv) return new SecretBox(fromEnv);
  // Read (or made) on first use: a server that never seals a secret writes no key file.
  return new SecretBox(() => {
    const file = path.join(dataDir, 'secret.key');
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  });
}
