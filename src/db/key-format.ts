import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { hashSecret } from '../shared/index.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Fixed prefix so secret scanners and people recognise a Folio admin key. */
export const KEY_PREFIX = 'folio_';
/** 22 base62 characters carry 130.9 random bits (the floor is 128). */
const RANDOM_LENGTH = 22;
/** CRC32 fits in 6 base62 characters (62^6 > 2^32). */
const CHECKSUM_LENGTH = 6;
const KEY_PATTERN = /^folio_([0-9A-Za-z]{22})([0-9A-Za-z]{6})$/;

function randomBase62(length: number): string {
  // 248 = 4 * 62: bytes at or above it are rejected so each character is uniform.
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

function checksumOf(random: string): string {
  let n = crc32(random);
  let out = '';
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = BASE62[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

/** A fresh admin key: `folio_` + 22 random base62 chars + 6-char CRC32 checksum of them. */
export function generateAdminKey(): string {
  const random = randomBase62(RANDOM_LENGTH);
  return `${KEY_PREFIX}${random}${checksumOf(random)}`;
}

/** True when `token` has the shape of a Folio key (prefix and length), whatever its checksum. */
export function isAdminKeyShaped(token: string): boolean {
  return KEY_PATTERN.test(token);
}

/**
 * True when `token` has the shape of a Folio key and its checksum matches, so a
 * leaked key can be recognised offline and typos are rejected without a lookup.
 */
export function isWellFormedAdminKey(token: string): boolean {
  const match = KEY_PATTERN.exec(token);
  return match !== null && checksumOf(match[1]!) === match[2];
}

/** Hex SHA-256 of a key: the only form in which keys are stored. */
export function hashAdminKey(token: string): string {
  return hashSecret(token);
}

/**
 * Prefix of assistant keys: public, read-only keys meant for browsers (search and ask, one
 * project). Its own prefix, so neither kind can pass for the other and a scanner tells them apart.
 */
export const ASSISTANT_KEY_PREFIX = 'folio_pub_';
const ASSISTANT_KEY_PATTERN = /^folio_pub_([0-9A-Za-z]{22})([0-9A-Za-z]{6})$/;

/** A fresh assistant key: `folio_pub_` + 22 random base62 chars + 6-char CRC32 checksum of them. */
export function generateAssistantKey(): string {
  const random = randomBase62(RANDOM_LENGTH);
  return `${ASSISTANT_KEY_PREFIX}${random}${checksumOf(random)}`;
}

/** True when `token` is shaped like an assistant key and its checksum matches. */
export function isWellFormedAssistantKey(token: string): boolean {
  const match = ASSISTANT_KEY_PATTERN.exec(token);
  return match !== null && checksumOf(match[1]!) === match[2];
}
