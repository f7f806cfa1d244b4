// scrypt password hashes: dashboard accounts and protected sites (one shared password per project).
import { randomBytes, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { HashPool } from './hash-pool.js';

export { HashPoolBusyError } from './hash-pool.js';

/** scrypt parameters: N=2^15 costs ~60 ms and 32 MiB on this machine, enough to slow guessing, cheap for one sign-in. */
const PARAMS = { N: 32768, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const MAX_MEM = 64 * 1024 * 1024;

/**
 * Every hash of this process runs on one bounded pool of threads of its own (`HashPool`), not on
 * libuv's, which file reads share: 60 concurrent wrong sign-ins held site assets for seconds. Beyond
 * 64 waiting, a check is refused with HashPoolBusyError.
 */
const pool = new HashPool();

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return pool.run({ password: password.normalize('NFKC'), salt, keyLength, options });
}

/** scrypt's cost parameters; each hash carries the ones it was made with. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * Hash a password as `scrypt$N$r$p$salt$key` (base64url parts) so parameters can change later.
 * Every account and site password is hashed at the default cost; a lower `cost` is for test
 * fixtures only (their checks then cost what their hash says).
 */
export async function hashPassword(password: string, cost: ScryptCost = PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { N: cost.N, r: cost.r, p: cost.p, maxmem: MAX_MEM });
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Check a password against a stored hash in constant time; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltText, keyText] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(keyText, 'base64url');
  const options = { N: Number(n), r: Number(r), p: Number(p), maxmem: MAX_MEM };
  if (!Number.isInteger(options.N) || expected.length === 0) return false;
  const actual = await scrypt(password, Buffer.from(saltText, 'base64url'), expected.length, options);
  return timingSafeEqual(actual, expected);
}

let dummy: Promise<string> | undefined;

/** A hash of a random password, checked when the email is unknown so timing does not reveal which accounts exist. */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}
