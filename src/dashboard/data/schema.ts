import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Tables created by migration 0200 (src/db/migrations); the dashboard is their only reader and writer.

/** People who can sign in to the dashboard (the first one is the owner). */
export const dashboardUsers = pgTable('dashboard_users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').notNull().default('owner'),
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
