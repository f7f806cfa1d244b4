import type { Context, Hono } from 'hono';
import { createElement } from 'react';
import { listProjects, type ProjectRow } from '../../db/index.js';
import type { DashboardContext, DashboardEnv } from '../context.js';
import { acceptInvite, findInvite, getMember, inviteMember, isRole, listMembers, removeMember, renewInvite, setMemberRole, setProjectRights, type MemberRefusal } from '../data/members.js';
import { createSession, deleteSession } from '../data/sessions.js';
import { MIN_PASSWORD_LENGTH } from '../data/users.js';
import { ensureSession, isHttps, writeSessionCookie } from '../middleware.js';
import { errorPage, html, viewerOf } from '../respond.js';
import type { Notice } from '../views/layout.js';
import { InvitePage, MembersPage, type MembersPageProps } from '../views/members-page.js';

type Ctx = Context<DashboardEnv>;

const NOTICES: Record<string, Notice> = {
  saved: { kind: 'ok', text: 'Access saved. It applies from the member’s next request.' },
  removed: { kind: 'ok', text: 'Member removed and signed out.' },
};

/** The project ids ticked in a form (`project:<id>` boxes), keeping only projects that exist. */
function tickedProjects(form: Record<string, string>, projects: ProjectRow[]): string[] {
  return projects.filter((p) => form[`project:${p.id}`] === 'on').map((p) => p.id);
}

const REFUSALS: Record<MemberRefusal, { status: 404 | 409; code: 'DASHBOARD_LAST_OWNER' | 'DASHBOARD_NOT_FOUND' | 'DASHBOARD_MEMBER_EXISTS'; text: string }> = {
  'last-owner': { status: 409, code: 'DASHBOARD_LAST_OWNER', text: 'This is the last owner: make another member an owner first, so someone can still manage the dashboard.' },
  'not-found': { status: 404, code: 'DASHBOARD_NOT_FOUND', text: 'No member has this id. Reload the members page.' },
  exists: { status: 409, code: 'DASHBOARD_MEMBER_EXISTS', text: 'A member with this email already exists; change their role in the list instead.' },
};

/** The members page (owners; `enforceRoles` checks) and the invitation links new members open. */
export function registerMemberRoutes(app: Hono<DashboardEnv>, ctx: DashboardContext): void {
  const { base } = ctx;

  const page = async (c: Ctx, extra: Partial<Pick<MembersPageProps, 'notice' | 'invite' | 'values'>> = {}, status: 200 | 201 | 400 | 404 | 409 = 200) => {
    const [members, projects] = await Promise.all([listMembers(ctx.db), listProjects(ctx.db)]);
    const notice = extra.notice ?? NOTICES[c.req.query('notice') ?? ''] ?? null;
    // An invitation link is a password in all but name: never cached.
    if (extra.invite) c.header('Cache-Control', 'no-store');
    return html(c, createElement(MembersPage, { base, viewer: viewerOf(c), selfId: c.get('user')!.id, members, projects, ...extra, notice }), status);
  };

  // The address the owner's browser used: behind a trusted proxy the request URL is the internal one.
  const inviteUrl = (c: Ctx, token: string) => {
    const forwarded = ctx.trustProxy ? c.req.header('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
    const host = forwarded || c.req.header('host') || new URL(c.req.url).host;
    return `${isHttps(c, ctx) ? 'https' : 'http'}://${host}${base}/invite/${token}`;
  };

  app.get('/members', (c) => page(c));

  app.post('/members', async (c) => {
    const form = c.get('form');
    const projects = await listProjects(ctx.db);
    const email = (form.email ?? '').trim();
    const role = form.role ?? '';
    const projectIds = tickedProjects(form, projects);
    const values = { email, role, projectIds };
    if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) return page(c, { values, notice: { kind: 'error', text: 'Email: enter the address the member signs in with.', code: 'DASHBOARD_FORM_INVALID' } }, 400);
    if (!isRole(role)) return page(c, { values, notice: { kind: 'error', text: 'Role: choose owner, editor or viewer.', code: 'DASHBOARD_FORM_INVALID' } }, 400);
    const made = await inviteMember(ctx.db, { email, role, projectIds });
    if ('refused' in made) {
      const { status, code, text } = REFUSALS[made.refused];
      return page(c, { values, notice: { kind: 'error', text, code } }, status);
    }
    return page(c, { invite: { email: made.user.email, url: inviteUrl(c, made.token), reset: false }, notice: { kind: 'ok', text: `${made.user.email} added as ${role}.` } }, 201);
  });

  app.post('/members/:userId', async (c) => {
    const form = c.get('form');
    const role = form.role ?? '';
    if (!isRole(role)) return page(c, { notice: { kind: 'error', text: 'Role: choose owner, editor or viewer.', code: 'DASHBOARD_FORM_INVALID' } }, 400);
    const userId = c.req.param('userId');
    const refused = await setMemberRole(ctx.db, userId, role);
    if (refused) {
      const { status, code, text } = REFUSALS[refused];
      return page(c, { notice: { kind: 'error', text, code } }, status);
    }
    if (role === 'editor') await setProjectRights(ctx.db, userId, tickedProjects(form, await listProjects(ctx.db)));
    return c.redirect(`${base}/members?notice=saved`, 303);
  });

  app.post('/members/:userId/invite', async (c) => {
    const member = await getMember(ctx.db, c.req.param('userId'));
    const token = member ? await renewInvite(ctx.db, member.id) : null;
    if (!member || !token) return page(c, { notice: { kind: 'error', text: 'No member has this id. Reload the members page.', code: 'DASHBOARD_NOT_FOUND' } }, 404);
    const reset = !member.pending;
    const text = reset ? `Link made: with it ${member.email} chooses a new password; their current one works until then.` : 'New invitation made; the previous link no longer works.';
    return page(c, { invite: { email: member.email, url: inviteUrl(c, token), reset }, notice: { kind: 'ok', text } }, 201);
  });

  app.post('/members/:userId/remove', async (c) => {
    const userId = c.req.param('userId');
    const refused = await removeMember(ctx.db, userId);
    if (refused) {
      const { status, code, text } = REFUSALS[refused];
      return page(c, { notice: { kind: 'error', text, code } }, status);
    }
    // Removing yourself ends this session too (its row is gone): back to the sign-in page.
    return c.redirect(userId === c.get('user')!.id ? `${base}/login` : `${base}/members?notice=removed`, 303);
  });
}

/** The page of an invitation or password link and its form: open before sign-in, like the setup link. */
export function registerInviteRoutes(app: Hono<DashboardEnv>, ctx: DashboardContext): void {
  const { base } = ctx;
  const invalid = (c: Ctx) => errorPage(c, ctx, 404, 'DASHBOARD_INVITE_INVALID', 'This invitation link is unknown, already used, replaced by a newer one or expired. Ask an owner for a new link.');

  app.get('/invite/:token', async (c) => {
    const token = c.req.param('token');
    const user = await findInvite(ctx.db, token);
    if (!user) return invalid(c);
    const session = await ensureSession(c, ctx);
    c.header('Referrer-Policy', 'no-referrer');
    return html(c, createElement(InvitePage, { base, csrfToken: session.csrfToken, email: user.email, token, reset: user.purpose === 'reset' }));
  });

  app.post('/invite/:token', async (c) => {
    const token = c.req.param('token');
    const password = c.get('form').password ?? '';
    const user = await findInvite(ctx.db, token);
    if (!user) return invalid(c);
    if (password.length < MIN_PASSWORD_LENGTH || password.length > 1024) {
      const notice: Notice = { kind: 'error', text: `The password needs ${MIN_PASSWORD_LENGTH} to 1024 characters.`, code: 'DASHBOARD_FORM_INVALID' };
      return html(c, createElement(InvitePage, { base, csrfToken: c.get('session')!.csrfToken, email: user.email, token, reset: user.purpose === 'reset', notice }), 400);
    }
    const accepted = await acceptInvite(ctx.db, token, password);
    if (!accepted) return invalid(c);
    // A fresh signed-in session in place of the anonymous one (no session fixation).
    const old = c.get('session');
    if (old) await deleteSession(ctx.db, old.id);
    writeSessionCookie(c, ctx, await createSession(ctx.db, accepted.id));
    return c.redirect(`${base}/projects`, 303);
  });
}
