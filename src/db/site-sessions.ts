import { and, eq, lt } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { hashSecret } from '../shared/index.js';
import type { Database } from './connection.js';
import { siteSessions } from './schema.js';

/** Readers stay signed in to a protected site for 7 days. */
export const SITE_SESSION_TTL_MS = 7 * 24 * 3600_000;

export interface SiteSession {
  /** The secret cookie value; only its SHA-256 is stored. */
  id: string;
  projectId: string;
  /** `password`, or the reader's OpenID subject. */
  subject: string;
  expiresAt: Date;
}

const hashOf = (id: string) => hashSecret(id, 'base64url');

/** Start a reader's session on a project's site; sweeps expired ones (sign-ins are rare). */
export async function createSiteSession(db: Database, projectId: string, subject: string, ttlMs = SITE_SESSION_TTL_MS): Promise<SiteSession> {
  const session = { id: randomBytes(32).toString('base64url'), projectId, subject, expiresAt: new Date(Date.now() + ttlMs) };
  await db.orm.insert(siteSessions).values({ idHash: hashOf(session.id), projectId, subject, expiresAt: session.expiresAt });
  await db.orm.delete(siteSessions).where(lt(siteSessions.expiresAt, new Date()));
  return session;
}

/** The live session of a cookie value on this project's site, or null. */
export async function findSiteSession(db: Database, projectId: string, id: string): Promise<SiteSession | null> {
  const [row] = await db.orm.select().from(siteSessions).where(and(eq(siteSessions.idHash, hashOf(id)), eq(siteSessions.projectId, projectId)));
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  return { id, projectId, subject: row.subject, expiresAt: row.expiresAt };
}

/** End a reader's session (sign-out). */
export async function deleteSiteSession(db: Database, id: string): Promise<void> {
  await db.orm.delete(siteSessions).where(eq(siteSessions.idHash, hashOf(id)));
}
