import { DashboardError } from './errors.js';
import type { Database } from '../db/index.js';
import { createSetupToken, createUser, hasOwner, MIN_PASSWORD_LENGTH } from './data/users.js';

export interface EnsureOwnerOptions {
  /** Where FOLIO_OWNER_EMAIL / FOLIO_OWNER_PASSWORD are read from. */
  env?: NodeJS.ProcessEnv;
  basePath?: string;
}

/** What start-up did about the owner account; `setupPath` must be printed (joined to the server origin). */
export type EnsureOwnerResult =
  | { kind: 'exists' }
  | { kind: 'created-from-env'; email: string }
  | { kind: 'setup-link'; setupPath: string };

/**
 * Make sure someone can sign in: with FOLIO_OWNER_EMAIL and FOLIO_OWNER_PASSWORD set, create that
 * owner; otherwise issue a one-time setup link (24 h) for the first visitor. Does nothing once an owner exists.
 */
export async function ensureDashboardOwner(db: Database, { env = process.env, basePath = '/dashboard' }: EnsureOwnerOptions = {}): Promise<EnsureOwnerResult> {
  if (await hasOwner(db)) return { kind: 'exists' };
  const email = env.FOLIO_OWNER_EMAIL?.trim();
  const password = env.FOLIO_OWNER_PASSWORD;
  if (email || password) {
    if (!email || !password || password.length < MIN_PASSWORD_LENGTH || !/^[^\s@]+@[^\s@]+$/.test(email)) {
      throw new DashboardError(
        'DASHBOARD_OWNER_ENV_INVALID',
        `FOLIO_OWNER_EMAIL and FOLIO_OWNER_PASSWORD must both be set, with a valid email and a password of at least ${MIN_PASSWORD_LENGTH} characters; fix them or unset both to get a setup link.`,
      );
    }
    try {
      await createUser(db, email, password, 'owner');
    } catch (error) {
      // Another process starting at the same moment created the same owner first.
      if (!(await hasOwner(db))) throw error;
    }
    return { kind: 'created-from-env', email: email.toLowerCase() };
  }
  const token = await createSetupToken(db);
  return { kind: 'setup-link', setupPath: `${basePath.replace(/\/+$/, '')}/setup/${token}` };
}
