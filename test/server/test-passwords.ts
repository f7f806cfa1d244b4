/**
 * Passwords of test fixtures at a low scrypt cost. A hash carries its parameters, so signing in to
 * such an account or site costs what its hash says (about 1 ms here), where the default cost is
 * 60-90 ms a check and files that sign in a hundred times spent seconds on it. Tests of the hashing
 * itself (its pool, timing, the default cost) hash at the default.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/db/index.js';
import { dashboardUsers } from '../../src/dashboard/data/schema.js';
import { normaliseEmail, type DashboardUser } from '../../src/dashboard/data/users.js';
import { hashPassword, type ScryptCost } from '../../src/shared/index.js';

/** N=2^10: enough to be a real scrypt hash, cheap enough to check hundreds of times. */
export const TEST_SCRYPT_COST: ScryptCost = { N: 1024, r: 8, p: 1 };

/** `hashPassword` at the test cost. */
export const cheapPasswordHash = (password: string) => hashPassword(password, TEST_SCRYPT_COST);

/** A dashboard account as `createUser` makes it, its password hashed at the test cost. */
export async function createCheapUser(db: Database, email: string, password: string, role = 'owner'): Promise<DashboardUser> {
  const user = { id: randomUUID(), email: normaliseEmail(email), role };
  await db.orm.insert(dashboardUsers).values({ ...user, passwordHash: await cheapPasswordHash(password) });
  return user;
}
