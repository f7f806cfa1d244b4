import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Tables created by migrations 0200 and 0501 (src/db/migrations); the dashboard is their only reader and writer.

/** People who can sign in to the dashboard (the first one is an owner); `role` is owner, editor or viewer. */
export const dashboardUsers = pgTable('dashboard_users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').notNull().default('viewer'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Server-side sessions; `userId` is null for a pre-sign-in session that only carries a CSRF token. */
export const dashboardSessions = pgTable('dashboard_sessions', {
  idHash: text('id_hash').primaryKey(),
  userId: text('user_id'),
  csrfToken: text('csrf_token').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** One-time setup links that let the first visitor create the owner account. */
export const dashboardSetupTokens = pgTable('dashboard_setup_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Edit rights: a row lets an editor edit and publish one project. */
export const dashboardProjectEditors = pgTable(
  'dashboard_project_editors',
  {
    userId: text('user_id').notNull(),
    projectId: text('project_id').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] })],
);

/** One-time links that set a member's password (one per member): `invite` for new members, `reset` for a forgotten one. */
export const dashboardInvites = pgTable('dashboard_invites', {
  userId: text('user_id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  purpose: text('purpose').notNull().default('invite'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});
