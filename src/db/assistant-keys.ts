/** Assistant keys (migration 0300, `assistant_keys`): created, listed, revoked per project; stored as hashes only. */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from './connection.js';
import { randomBase36 } from './ids.js';
import { generateAssistantKey, hashAdminKey } from './key-format.js';
import { assistantKeys } from './schema.js';

export type AssistantKeyRow = typeof assistantKeys.$inferSelect;

export interface NewAssistantKey {
  projectId: string;
  name?: string;
  /** Origins (`https://docs.example.com`) a browser may call from; none: any. */
  allowedOrigins?: string[];
}

/** Create a key; the plaintext `key` is returned once here and never stored. */
export async function createAssistantKey(db: Database, input: NewAssistantKey): Promise<{ key: string; row: AssistantKeyRow }> {
  const key = generateAssistantKey();
  const [row] = await db.orm
    .insert(assistantKeys)
    .values({
      id: `akey_${randomBase36(12)}`,
      projectId: input.projectId,
      hash: hashAdminKey(key),
      last4: key.slice(-4),
      name: input.name ?? '',
      allowedOrigins: input.allowedOrigins ?? [],
      createdAt: new Date(),
    })
    .returning();
  return { key, row: row! };
}

/** The key stored under a hash, revoked or not, or null. */
export async function findAssistantKeyByHash(db: Database, hash: string): Promise<AssistantKeyRow | null> {
  const [row] = await db.orm.select().from(assistantKeys).where(eq(assistantKeys.hash, hash)).limit(1);
  return row ?? null;
}

/** A project's assistant keys, newest first. */
export async function listAssistantKeys(db: Database, projectId: string): Promise<AssistantKeyRow[]> {
  return db.orm.select().from(assistantKeys).where(eq(assistantKeys.projectId, projectId)).orderBy(desc(assistantKeys.createdAt), desc(assistantKeys.id));
}

/** Revoke a project's key; the row, or null when the project has no unrevoked key with that id. */
export async function revokeAssistantKey(db: Database, projectId: string, id: string): Promise<AssistantKeyRow | null> {
  const [row] = await db.orm
    .update(assistantKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(assistantKeys.id, id), eq(assistantKeys.projectId, projectId), isNull(assistantKeys.revokedAt)))
    .returning();
  return row ?? null;
}

/** Record that a key was used (callers throttle this). */
export async function touchAssistantKey(db: Database, id: string, at = new Date()): Promise<void> {
  await db.orm.update(assistantKeys).set({ lastUsedAt: at }).where(eq(assistantKeys.id, id));
}

/** Most origins one key may list. */
export const MAX_ALLOWED_ORIGINS = 20;

/**
 * Allowed origins as written by a person (one per line or comma-separated, `https://docs.example.com`
 * with or without a trailing slash) → their normal form (`https://docs.example.com`), or the first problem.
 */
export function parseAllowedOrigins(text: string): { origins: string[] } | { problem: string } {
  const items = text.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);
  if (items.length > MAX_ALLOWED_ORIGINS) return { problem: `Allowed origins: at most ${MAX_ALLOWED_ORIGINS}; list the sites that embed the assistant.` };
  const origins: string[] = [];
  for (const item of items) {
    let url: URL;
    try {
      url = new URL(item);
    } catch {
      return { problem: `Allowed origins: "${item.slice(0, 100)}" is not a URL; write it as https://docs.example.com.` };
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username) {
      return { problem: `Allowed origins: "${item.slice(0, 100)}" is not an origin; write the scheme and host only, as https://docs.example.com.` };
    }
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return { origins };
}
