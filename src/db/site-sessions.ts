import { and, eq, lt } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { hashSecret } from '../shared/index.js';
import type { Database } from './connection.js';
import { siteSessions, siteUsedStates } from './schema.js';

/** Readers stay signed in to a protected site for 7 days. */
export const SITE_SESSION_TTL_MS = 7 * 24 * 3600_000;

export interface SiteSession {
  /** The secret cookie value; only its SHA-256 is stored. */
  id: string;
  projectId: string;
  /** `password`, the reader's OpenID subject, or `jwt:` and the token's subject. */
  subject: string;
  expiresAt: Date;
  /** The reader's groups: pages restricted to groups open for one of them. */
  groups: string[];
  /** What the sign-in said of the reader (a JWT's `user` and `content`); null for none. */
  userData: Record<string, unknown> | null;
}

/** What a new session knows of its reader besides the subject. */
export interface SiteSessionReader {
  groups?: readonly string[];
  userData?: Record<string, unknown> | null;
  ttlMs?: number;
}

const hashOf = (id: string) => hashSecret(id, 'base64url');

/** Start a reader's session on a project's site; sweeps expired ones (sign-ins are rare). */
export async function createSiteSession(db: Database, projectId: string, subject: string, reader: SiteSessionReader = {}): Promise<SiteSession> {
  const groups = [...new Set(reader.groups ?? [])];
  const userData = reader.userData ?? null;
  const session: SiteSession = { id: randomBytes(32).toString('base64url'), projectId, subject, expiresAt: new Date(Date.now() + (reader.ttlMs ?? SITE_SESSION_TTL_MS)), groups, userData };
  await db.orm.insert(siteSessions).values({ idHash: hashOf(session.id), projectId, subject, expiresAt: session.expiresAt, groups, userData });
  await db.orm.delete(siteSessions).where(lt(siteSessions.expiresAt, new Date()));
  return session;
}

/** The live session of a cookie value on this project's site, or null. */
export async function findSiteSession(db: Database, projectId: string, id: string): Promise<SiteSession | null> {
  const [row] = await db.orm.select().from(siteSessions).where(and(eq(siteSessions.idHash, hashOf(id)), eq(siteSessions.projectId, projectId)));
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  return { id, projectId, subject: row.subject, expiresAt: row.expiresAt, groups: row.groups ?? [], userData: row.userData ?? null };
}

/** End a reader's session (sign-out). */
export async function deleteSiteSession(db: Database, id: string): Promise<void> {
  await db.orm.delete(siteSessions).where(eq(siteSessions.idHash, hashOf(id)));
}

/**
 * Mark a sign-in state used, once: true the first time, false for a state already used (a replayed
 * callback). One conditional insert, so two servers finishing the same state at once cannot both
 * win. `until`: when the state could no longer be accepted anyway (it is swept after).
 */
export async function useSiteSignInState(db: Database, projectId: string, state: string, until: Date): Promise<boolean> {
  await db.orm.delete(siteUsedStates).where(lt(siteUsedStates.expiresAt, new Date()));
  const inserted = await db.orm.insert(siteUsedStates).values({ stateHash: hashOf(state), projectId, expiresAt: until }).onConflictDoNothing().returning({ stateHash: siteUsedStates.stateHash });
  return inserted.length === 1;
}
