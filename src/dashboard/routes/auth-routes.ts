import type { Context, Hono } from 'hono';
import { createElement } from 'react';
import type { DashboardCode } from '../codes.js';
import type { DashboardContext, DashboardEnv } from '../context.js';
import { createSession, deleteSession } from '../data/sessions.js';
import { authenticate, createOwnerWithSetupToken, hasOwner, isSetupTokenValid, MIN_PASSWORD_LENGTH } from '../data/users.js';
import { clearSessionCookie, ensureSession, writeSessionCookie } from '../middleware.js';
import { errorPage, html } from '../respond.js';
import { LoginPage, SetupPage } from '../views/auth-pages.js';
import type { Notice } from '../views/layout.js';
import { LoginThrottle } from './login-throttle.js';
import { clientAddress, hasControlCharacter } from '../../api/index.js';
import { HashPoolBusyError } from '../../shared/index.js';

/**
 * Only dashboard paths and the Folio-recorded pull request pages (`/pulls/<id>`, which send anonymous visitors
 * here) are allowed after sign-in, so `next` cannot send users to another site; and none with a control
 * character (a CR/LF in the Location header was a 500 whose message wrote the raw value into the server log).
 */
function safeNext(ctx: DashboardContext, next: string | undefined): string {
  return keptNext(ctx, next) ?? `${ctx.base}/projects`;
}

/** `next` when it is a place `safeNext` leads to, else undefined (the sign-in form does not carry it on). */
function keptNext(ctx: DashboardContext, next: string | undefined): string | undefined {
  if (next === undefined || hasControlCharacter(next)) return undefined;
  const ours = next.startsWith(`${ctx.base}/`) || /^\/pulls\/[\w-]+$/.test(next);
  return ours && !next.startsWith('//') && !next.includes('\\') ? next : undefined;
}

/** Replace whatever session the browser had with a fresh signed-in one (no session fixation). */
async function signIn(c: Context<DashboardEnv>, ctx: DashboardContext, userId: string): Promise<void> {
  const old = c.get('session');
  if (old) await deleteSession(ctx.db, old.id);
  writeSessionCookie(c, ctx, await createSession(ctx.db, userId));
}

/** Sign-in, sign-out and first-owner setup. */
export function registerAuthRoutes(app: Hono<DashboardEnv>, ctx: DashboardContext): void {
  const throttle = new LoginThrottle();
  const { base } = ctx;

  app.get('/login', async (c) => {
    if (c.get('user')) return c.redirect(safeNext(ctx, c.req.query('next')), 303);
    const session = await ensureSession(c, ctx);
    const notice: Notice | null = (await hasOwner(ctx.db))
      ? null
      : { kind: 'warn', text: 'No account exists yet. Open the one-time setup link that folio serve printed when it started, or restart it with FOLIO_OWNER_EMAIL and FOLIO_OWNER_PASSWORD set.' };
    return html(c, createElement(LoginPage, { base, csrfToken: session.csrfToken, notice, next: keptNext(ctx, c.req.query('next')) }));
  });

  app.post('/login', async (c) => {
    const form = c.get('form');
    const email = (form.email ?? '').trim();
    const password = form.password ?? '';
    const session = c.get('session')!;
    const next = keptNext(ctx, form.next ?? c.req.query('next'));
    const again = (status: 401 | 429 | 503, code: DashboardCode, text: string) =>
      html(c, createElement(LoginPage, { base, csrfToken: session.csrfToken, email, next, notice: { kind: 'error', text, code } }), status);
    const client = clientAddress(c, ctx.trustProxy);
    if (!throttle.take(email, client)) {
      return again(429, 'DASHBOARD_SIGNIN_THROTTLED', 'Too many failed sign-ins from this address. Wait 15 minutes and try again.');
    }
    // An email with a control character matches no account (a NUL would reach PostgreSQL: a 500); counted as a failure.
    let user: Awaited<ReturnType<typeof authenticate>>;
    try {
      user = hasControlCharacter(email) ? null : await authenticate(ctx.db, email, password);
    } catch (error) {
      // Passwords are checked on a bounded pool of threads (shared/hash-pool.ts): past it, say so instead of waiting.
      if (error instanceof HashPoolBusyError) return again(503, 'DASHBOARD_SIGNIN_BUSY', 'The server is checking too many sign-ins at once. Try again in a few seconds.');
      throw error;
    }
    if (!user) return again(401, 'DASHBOARD_SIGNIN_FAILED', 'Email or password is wrong. Check both and try again.');
    throttle.succeeded(email, client);
    await signIn(c, ctx, user.id);
    return c.redirect(safeNext(ctx, next), 303);
  });

  app.post('/logout', async (c) => {
    const session = c.get('session');
    if (session) await deleteSession(ctx.db, session.id);
    clearSessionCookie(c, ctx);
    return c.redirect(`${base}/login`, 303);
  });

  app.get('/setup/:token', async (c) => {
    const token = c.req.param('token');
    if ((await hasOwner(ctx.db)) || !(await isSetupTokenValid(ctx.db, token))) {
      return errorPage(c, ctx, 404, 'DASHBOARD_SETUP_INVALID', 'This setup link is unknown, already used or expired. Sign in instead, or restart folio serve (with no account yet) for a new link.');
    }
    const session = await ensureSession(c, ctx);
    return html(c, createElement(SetupPage, { base, csrfToken: session.csrfToken, token }));
  });

  app.post('/setup/:token', async (c) => {
    const token = c.req.param('token');
    const form = c.get('form');
    const email = (form.email ?? '').trim();
    const password = form.password ?? '';
    const session = c.get('session')!;
    const problem = !/^[^\s@]+@[^\s@]+$/.test(email) || hasControlCharacter(email)
      ? 'Enter a valid email address.'
      : password.length < MIN_PASSWORD_LENGTH
        ? `The password needs at least ${MIN_PASSWORD_LENGTH} characters.`
        : null;
    if (problem) {
      return html(c, createElement(SetupPage, { base, csrfToken: session.csrfToken, token, email, notice: { kind: 'error', text: problem, code: 'DASHBOARD_FORM_INVALID' } }), 400);
    }
    const user = await createOwnerWithSetupToken(ctx.db, token, email, password);
    if (!user) {
      return errorPage(c, ctx, 404, 'DASHBOARD_SETUP_INVALID', 'This setup link is unknown, already used or expired. Sign in instead, or restart folio serve (with no account yet) for a new link.');
    }
    await signIn(c, ctx, user.id);
    return c.redirect(`${base}/projects`, 303);
  });
}
