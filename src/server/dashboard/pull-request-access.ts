import { getCookie } from 'hono/cookie';
import type { Database } from '../../db/index.js';
import { bearerKeyAuthorizer, type AuthorizePullRequest } from '../pulls/authorize.js';
import { findSession } from './data/sessions.js';
import { SESSION_COOKIE } from './middleware.js';

/**
 * Lets a signed-in dashboard user view, merge and close Folio-recorded pull requests (the job
 * page links to them), and otherwise falls back to `fallback` (by default an admin key for the
 * project). Merge and close are POSTs: the SameSite=Lax cookie is not sent on cross-site posts,
 * and the pull request routes also check Origin.
 */
export function dashboardSessionAuthorizer(db: Database, fallback: AuthorizePullRequest = bearerKeyAuthorizer(db)): AuthorizePullRequest {
  return async (c, request) => {
    const id = getCookie(c, SESSION_COOKIE);
    const found = id ? await findSession(db, id) : null;
    if (found?.user) return true;
    return fallback(c, request);
  };
}
