import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Database } from '../db/index.js';
import { canEditProject } from './data/members.js';
import { findSession } from './data/sessions.js';
import { SESSION_COOKIE } from './middleware.js';

/**
 * Whether a request carries a signed-in dashboard session, for pages outside
 * the dashboard that its users may use too (src/server lets them view, merge
 * and close the Folio-recorded pull requests the job pages link to). Merge
 * and close are POSTs: the SameSite=Lax cookie is not sent on cross-site
 * posts, and those routes also check Origin.
 */
export function dashboardSignedIn(db: Database): (c: Context) => Promise<boolean> {
  return async (c) => {
    const id = getCookie(c, SESSION_COOKIE);
    const found = id ? await findSession(db, id) : null;
    return Boolean(found?.user);
  };
}

/**
 * Whether a dashboard member may act on a project's Folio-recorded pull request: every member may
 * view it; merging and closing change the docs, so they need edit rights on the project (owners,
 * editors granted it), as the dashboard's own writes do.
 */
export function dashboardMayActOn(db: Database): (c: Context, request: { projectId: string; action: 'view' | 'merge' | 'close' }) => Promise<boolean> {
  return async (c, { projectId, action }) => {
    const id = getCookie(c, SESSION_COOKIE);
    const user = (id ? await findSession(db, id) : null)?.user;
    if (!user) return false;
    return action === 'view' || canEditProject(db, user, projectId);
  };
}
