import { and, arrayContains, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from './connection.js';
import { randomBase36 } from './ids.js';
import { generateAdminKey, hashAdminKey } from './key-format.js';
import { apiKeys, type ApiKeyRow } from './schema.js';

export interface NewApiKey {
  projectIds: string[];
  name?: string;
  expiresAt?: Date | null;
}

/** Create a key; the plaintext `key` is returned once here and never stored. */
export async function createApiKey(db: Database, input: NewApiKey): Promise<{ key: string; row: ApiKeyRow }> {
  const key = generateAdminKey();
  const [row] = await db.orm
    .insert(apiKeys)
    .values({
      id: `key_${randomBase36(12)}`,
      hash: hashAdminKey(key),
      last4: key.slice(-4),
      name: input.name ?? '',
      projectIds: input.projectIds,
      createdAt: new Date(),
      expiresAt: input.expiresAt ?? null,
    })
    .returning();
  return { key, row: row! };
}

/** The key row stored under a hash, revoked or not, or null. */
export async function findApiKeyByHash(db: Database, hash: string): Promise<ApiKeyRow | null> {
  const [row] = await db.orm.select().from(apiKeys).where(eq(apiKeys.hash, hash)).limit(1);
  return row ?? null;
}

/** `pg_notify` channel told a key's hash (`-<hash>` for a deleted row) whenever a key is issued, changed or revoked. */
export const API_KEY_CHANNEL = 'folio_api_keys';

/** The hashes of every stored key, revoked or not (a few bytes each: the whole set fits in memory). */
export async function allApiKeyHashes(db: Database): Promise<string[]> {
  const rows = await db.query<{ hash: string }>('SELECT hash FROM api_keys');
  return rows.map((r) => r.hash);
}

/** Keys granting access to a project, newest first. */
export async function listApiKeys(db: Database, projectId: string): Promise<ApiKeyRow[]> {
  return db.orm
    .select()
    .from(apiKeys)
    .where(arrayContains(apiKeys.projectIds, [projectId]))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** Revoke a key; returns the row, or null when no unrevoked key has that id. */
export async function revokeApiKey(db: Database, id: string): Promise<ApiKeyRow | null> {
  const [row] = await db.orm
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning();
  return row ?? null;
}

/** Record that a key was used (callers throttle this; it is not on every request). */
export async function touchApiKey(db: Database, id: string, at = new Date()): Promise<void> {
  await db.orm.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id));
}

/** Why a stored key may not be used now, or null when it is usable. */
export function apiKeyUnusableReason(row: ApiKeyRow, now = Date.now()): 'revoked' | 'expired' | null {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt.getTime() <= now) return 'expired';
  return null;
}
