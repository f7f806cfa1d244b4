import { eq, lt } from 'drizzle-orm';
import { hashToken, randomToken } from '../auth/tokens.js';
import type { Database } from '../../db/index.js';
import { dashboardSessions, dashboardUsers } from './schema.js';
import type { DashboardUser } from './users.js';

/** Signed-in sessions last 7 days; anonymous ones (sign-in form only) 2 hours. */
export const SESSION_TTL_MS = 7 * 24 * 3600_000;
export const ANONYMOUS_TTL_MS = 2 * 3600_000;

export interface Session {
  /** The secret cookie value; only its hash is stored. */
  id: string;
  userId: string | null;
  csrfToken: string;
  expiresAt: Date;
}

/** Start a session (anonymous when `userId` is null) with a fresh CSRF synchronizer token. */
export async function createSession(db: Database, userId: string | null): Promise<Session> {
  const session: Session = {
    id: randomToken(),
    userId,
    csrfToken: randomToken(),
    expiresAt: new Date(Date.now() + (userId ? SESSION_TTL_MS : ANONYMOUS_TTL_MS)),
  };
  await db.orm.insert(dashboardSessions).values({
    idHash: hashToken(session.id),
    userId,
    csrfToken: session.csrfToken,
    expiresAt: session.expiresAt,
  });
  // Sweep expired rows here rather than on a timer: sign-ins are rare and this keeps the table small.
  await db.orm.delete(dashboardSessions).where(lt(dashboardSessions.expiresAt, new Date()));
  return session;
}

/** The live session for a cookie value with its signed-in user (one query: it runs on every request), or null. */
export async function findSession(db: Database, id: string): Promise<{ session: Session; user: DashboardUser | null } | null> {
  const [row] = await db.orm
    .select({ s: dashboardSessions, u: { id: dashboardUsers.id, email: dashboardUsers.email, role: dashboardUsers.role } })
    .from(dashboardSessions)
    .leftJoin(dashboardUsers, eq(dashboardUsers.id, dashboardSessions.userId))
    .where(eq(dashboardSessions.idHash, hashToken(id)));
  if (!row || row.s.expiresAt.getTime() <= Date.now()) return null;
  return { session: { id, userId: row.s.userId, csrfToken: row.s.csrfToken, expiresAt: row.s.expiresAt }, user: row.u };
}

/** End a session (sign-out, or replacing the anonymous one at sign-in to stop session fixation). */
export async function deleteSession(db: Database, id: string): Promise<void> {
  await db.orm.delete(dashboardSessions).where(eq(dashboardSessions.idHash, hashToken(id)));
}
