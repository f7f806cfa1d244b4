import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { apiKeyUnusableReason, findApiKeyByHash, hashAdminKey, isWellFormedAdminKey, type Database } from '../../db/index.js';

/** What a request wants to do with a recorded pull request. */
export type PullRequestAction = 'view' | 'merge' | 'close';

/** Decides whether a request may act on a project's pull request (e.g. an admin key, a dashboard session). */
export type AuthorizePullRequest = (c: Context, request: { projectId: string; action: PullRequestAction }) => boolean | Promise<boolean>;

/** Default policy: an admin key (`Authorization: Bearer folio_...`) that is valid for the project. */
export function bearerKeyAuthorizer(db: Database): AuthorizePullRequest {
  return async (c, { projectId }) => {
    const header = c.req.header('authorization') ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!isWellFormedAdminKey(token)) return false;
    const hash = hashAdminKey(token);
    const digest = Buffer.from(hash, 'hex');
    const row = await findApiKeyByHash(db, hash);
    if (!row || !timingSafeEqual(Buffer.from(row.hash, 'hex'), digest)) return false;
    return apiKeyUnusableReason(row) === null && row.projectIds.includes(projectId);
  };
}

/**
 * Allow whoever `signedIn` accepts (e.g. a dashboard session: its members view
 * the pull requests their job pages link to, those who may edit the project
 * merge and close them), and otherwise ask `fallback` (e.g. `bearerKeyAuthorizer`).
 */
export function signedInOr(signedIn: AuthorizePullRequest, fallback: AuthorizePullRequest): AuthorizePullRequest {
  return async (c, request) => (await signedIn(c, request)) || fallback(c, request);
}
