import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import { dummyHash, hashPassword, verifyPassword } from '../auth/password.js';
import { hashToken, randomToken } from '../auth/tokens.js';
import type { Database } from '../../db/index.js';
import { dashboardSetupTokens, dashboardUsers } from './schema.js';

export interface DashboardUser {
  id: string;
  email: string;
  role: string;
}

/** Minimum password length; long passphrases beat composition rules. */
export const MIN_PASSWORD_LENGTH = 12;

/** Lower-case and trim so `Ann@x.io ` and `ann@x.io` are one account. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** True once any dashboard account exists. */
export async function hasOwner(db: Database): Promise<boolean> {
  const [row] = await db.orm.select({ n: count() }).from(dashboardUsers);
  return (row?.n ?? 0) > 0;
}

/** Create a dashboard account with a scrypt-hashed password. */
export async function createUser(db: Database, email: string, password: string, role = 'owner'): Promise<DashboardUser> {
  const user = { id: randomUUID(), email: normaliseEmail(email), role };
  await db.orm.insert(dashboardUsers).values({ ...user, passwordHash: await hashPassword(password) });
  return user;
}

/** The account for these credentials, or null; unknown emails cost the same time as wrong passwords. */
export async function authenticate(db: Database, email: string, password: string): Promise<DashboardUser | null> {
  const [row] = await db.orm.select().from(dashboardUsers).where(eq(dashboardUsers.email, normaliseEmail(email)));
  if (!row) {
    await verifyPassword(password, await dummyHash());
    return null;
  }
  return (await verifyPassword(password, row.passwordHash)) ? { id: row.id, email: row.email, role: row.role } : null;
}

/** Issue a one-time setup token valid for `ttlMs`; only the hash is stored. */
export async function createSetupToken(db: Database, ttlMs = 24 * 3600_000): Promise<string> {
  const token = randomToken();
  await db.orm.delete(dashboardSetupTokens).where(lt(dashboardSetupTokens.expiresAt, new Date()));
  await db.orm.insert(dashboardSetupTokens).values({ tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

/** True when the setup token exists and has not expired. */
export async function isSetupTokenValid(db: Database, token: string): Promise<boolean> {
  const rows = await db.orm
    .select({ h: dashboardSetupTokens.tokenHash })
    .from(dashboardSetupTokens)
    .where(and(eq(dashboardSetupTokens.tokenHash, hashToken(token)), gt(dashboardSetupTokens.expiresAt, new Date())));
  return rows.length > 0;
}

/**
 * Spend a setup token and create the owner in one transaction, or return null when the token is
 * unknown/expired or an owner exists. The table lock serialises racing set-ups (two tabs, two
 * tokens from two restarts), so exactly one owner is ever created this way.
 */
export async function createOwnerWithSetupToken(db: Database, token: string, email: string, password: string): Promise<DashboardUser | null> {
  const passwordHash = await hashPassword(password);
  return db.orm.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE dashboard_users IN SHARE ROW EXCLUSIVE MODE`);
    const [existing] = await tx.select({ n: count() }).from(dashboardUsers);
    if ((existing?.n ?? 0) > 0) return null;
    const spent = await tx
      .delete(dashboardSetupTokens)
      .where(and(eq(dashboardSetupTokens.tokenHash, hashToken(token)), gt(dashboardSetupTokens.expiresAt, new Date())))
      .returning({ h: dashboardSetupTokens.tokenHash });
    if (spent.length === 0) return null;
    // The owner exists now: every other outstanding link is void.
    await tx.delete(dashboardSetupTokens);
    const user = { id: randomUUID(), email: normaliseEmail(email), role: 'owner' };
    await tx.insert(dashboardUsers).values({ ...user, passwordHash });
    return user;
  });
}
