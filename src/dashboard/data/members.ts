import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/password.js';
import { hashToken, randomToken } from '../auth/tokens.js';
import type { Database } from '../../db/index.js';
import { dashboardInvites, dashboardProjectEditors, dashboardSessions, dashboardUsers } from './schema.js';
import { normaliseEmail, type DashboardUser } from './users.js';

/** What a dashboard member may do: owners everything, editors edit the projects they have rights on, viewers read. */
export const ROLES = ['owner', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/** Invitation links last a week: long enough to reach someone on holiday, short enough to go stale. */
export const INVITE_TTL_MS = 7 * 24 * 3600_000;

export interface Member {
  id: string;
  email: string;
  role: Role;
  createdAt: Date;
  /** True until the member has opened their invitation link and chosen a password. */
  pending: boolean;
  /** Projects the member may edit (editors only; owners edit every project, viewers none). */
  projectIds: string[];
}

type Tx = Parameters<Parameters<Database['orm']['transaction']>[0]>[0];

/** Why a change to the members was refused. */
export type MemberRefusal = 'exists' | 'last-owner' | 'not-found';

/** Every member, owners first, each with their pending state and edit rights. */
export async function listMembers(db: Database): Promise<Member[]> {
  const [users, invites, rights] = await Promise.all([
    db.orm.select().from(dashboardUsers).orderBy(asc(dashboardUsers.createdAt), asc(dashboardUsers.email)),
    db.orm.select({ userId: dashboardInvites.userId }).from(dashboardInvites).where(eq(dashboardInvites.purpose, 'invite')),
    db.orm.select().from(dashboardProjectEditors),
  ]);
  const pending = new Set(invites.map((i) => i.userId));
  const rank = (role: string) => ROLES.indexOf(isRole(role) ? role : 'viewer');
  return users
    .map((u) => ({
      id: u.id,
      email: u.email,
      role: isRole(u.role) ? u.role : 'viewer',
      createdAt: u.createdAt,
      pending: pending.has(u.id),
      projectIds: rights.filter((r) => r.userId === u.id).map((r) => r.projectId),
    }))
    .sort((a, b) => rank(a.role) - rank(b.role));
}

/** One member, or null. */
export async function getMember(db: Database, userId: string): Promise<Member | null> {
  return (await listMembers(db)).find((m) => m.id === userId) ?? null;
}

/**
 * Add a member who will choose their own password through a one-time link (returned, stored only as
 * its hash). Until then the account's password is a random one nobody knows, so it cannot be signed in to.
 */
export async function inviteMember(db: Database, input: { email: string; role: Role; projectIds: string[] }): Promise<{ user: DashboardUser; token: string } | { refused: 'exists' }> {
  const user = { id: randomUUID(), email: normaliseEmail(input.email), role: input.role };
  const passwordHash = await hashPassword(randomToken());
  const token = randomToken();
  const done = await db.orm.transaction(async (tx) => {
    const inserted = await tx.insert(dashboardUsers).values({ ...user, passwordHash }).onConflictDoNothing().returning({ id: dashboardUsers.id });
    if (inserted.length === 0) return false;
    await tx.insert(dashboardInvites).values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + INVITE_TTL_MS) });
    if (input.role === 'editor' && input.projectIds.length > 0) {
      await tx.insert(dashboardProjectEditors).values(input.projectIds.map((projectId) => ({ userId: user.id, projectId })));
    }
    return true;
  });
  return done ? { user, token } : { refused: 'exists' };
}

/**
 * A fresh one-time link for a member, voiding any earlier one: a new invitation while they have never
 * set a password, else a password link (Folio sends no email, so a forgotten password is the owner's
 * to reset). Null when the member does not exist.
 */
export async function renewInvite(db: Database, userId: string): Promise<string | null> {
  const token = randomToken();
  return db.orm.transaction(async (tx) => {
    const [user] = await tx.select({ id: dashboardUsers.id }).from(dashboardUsers).where(eq(dashboardUsers.id, userId));
    if (!user) return null;
    const [current] = await tx.select({ purpose: dashboardInvites.purpose }).from(dashboardInvites).where(eq(dashboardInvites.userId, userId));
    const link = { tokenHash: hashToken(token), createdAt: new Date(), expiresAt: new Date(Date.now() + INVITE_TTL_MS) };
    if (current) await tx.update(dashboardInvites).set(link).where(eq(dashboardInvites.userId, userId));
    else await tx.insert(dashboardInvites).values({ userId, purpose: 'reset', ...link });
    return token;
  });
}

/** The member an unexpired link belongs to and what it is for, or null. */
export async function findInvite(db: Database, token: string): Promise<(DashboardUser & { purpose: string }) | null> {
  const [row] = await db.orm
    .select({ id: dashboardUsers.id, email: dashboardUsers.email, role: dashboardUsers.role, purpose: dashboardInvites.purpose })
    .from(dashboardInvites)
    .innerJoin(dashboardUsers, eq(dashboardUsers.id, dashboardInvites.userId))
    .where(and(eq(dashboardInvites.tokenHash, hashToken(token)), gt(dashboardInvites.expiresAt, new Date())));
  return row ?? null;
}

/**
 * Spend a link: set the member's password and end their sessions (a reset is often made because a
 * password leaked), in one transaction, or null when the link is unknown, used or expired.
 */
export async function acceptInvite(db: Database, token: string, password: string): Promise<DashboardUser | null> {
  const passwordHash = await hashPassword(password);
  return db.orm.transaction(async (tx) => {
    const [spent] = await tx
      .delete(dashboardInvites)
      .where(and(eq(dashboardInvites.tokenHash, hashToken(token)), gt(dashboardInvites.expiresAt, new Date())))
      .returning({ userId: dashboardInvites.userId });
    if (!spent) return null;
    await tx.delete(dashboardSessions).where(eq(dashboardSessions.userId, spent.userId));
    const [user] = await tx
      .update(dashboardUsers)
      .set({ passwordHash })
      .where(eq(dashboardUsers.id, spent.userId))
      .returning({ id: dashboardUsers.id, email: dashboardUsers.email, role: dashboardUsers.role });
    return user ?? null;
  });
}

/**
 * Run `change` with the members table locked against concurrent changes, refusing it when it would
 * leave no owner: two owners removing each other at the same moment must not both succeed.
 */
async function keepingAnOwner(db: Database, userId: string, leavesOwner: boolean, change: (tx: Tx) => Promise<void>): Promise<MemberRefusal | null> {
  return db.orm.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE dashboard_users IN SHARE ROW EXCLUSIVE MODE`);
    const [target] = await tx.select({ role: dashboardUsers.role }).from(dashboardUsers).where(eq(dashboardUsers.id, userId));
    if (!target) return 'not-found';
    if (target.role === 'owner' && !leavesOwner) {
      const [owners] = await tx.select({ n: count() }).from(dashboardUsers).where(eq(dashboardUsers.role, 'owner'));
      if ((owners?.n ?? 0) <= 1) return 'last-owner';
    }
    await change(tx);
    return null;
  });
}

/**
 * Change a member's role; refused for the last owner. Sessions stay, and the new role applies from
 * their next request. Edit rights belong to the editor role: leaving it clears them, so a later
 * promotion starts from none rather than from forgotten grants.
 */
export async function setMemberRole(db: Database, userId: string, role: Role): Promise<MemberRefusal | null> {
  return keepingAnOwner(db, userId, role === 'owner', async (tx) => {
    await tx.update(dashboardUsers).set({ role }).where(eq(dashboardUsers.id, userId));
    if (role !== 'editor') await tx.delete(dashboardProjectEditors).where(eq(dashboardProjectEditors.userId, userId));
  });
}

/** Remove a member with their sessions, invitation and rights; refused for the last owner. */
export async function removeMember(db: Database, userId: string): Promise<MemberRefusal | null> {
  return keepingAnOwner(db, userId, false, async (tx) => {
    // The foreign keys cascade too; deleting the sessions first says what matters: they stop working now.
    await tx.delete(dashboardSessions).where(eq(dashboardSessions.userId, userId));
    await tx.delete(dashboardUsers).where(eq(dashboardUsers.id, userId));
  });
}

/** Replace the projects a member may edit. */
export async function setProjectRights(db: Database, userId: string, projectIds: string[]): Promise<void> {
  await db.orm.transaction(async (tx) => {
    await tx.delete(dashboardProjectEditors).where(eq(dashboardProjectEditors.userId, userId));
    if (projectIds.length > 0) await tx.insert(dashboardProjectEditors).values([...new Set(projectIds)].map((projectId) => ({ userId, projectId })));
  });
}

/** Whether a user may edit and publish a project: owners always, editors with rights on it, viewers never. */
export async function canEditProject(db: Database, user: DashboardUser, projectId: string): Promise<boolean> {
  if (user.role === 'owner') return true;
  if (user.role !== 'editor') return false;
  const rows = await db.orm
    .select({ p: dashboardProjectEditors.projectId })
    .from(dashboardProjectEditors)
    .where(and(eq(dashboardProjectEditors.userId, user.id), eq(dashboardProjectEditors.projectId, projectId)));
  return rows.length > 0;
}
