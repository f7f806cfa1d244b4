import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { controlCharacterInUrl, hasControlCharacter } from '../api/index.js';
import { tokensEqual } from './auth/tokens.js';
import type { DashboardContext, DashboardEnv } from './context.js';
import { createSession, findSession, type Session } from './data/sessions.js';
import { errorPage } from './respond.js';

export const SESSION_COOKIE = 'folio_session';

/** Scripts and styles only from the dashboard itself; no framing, no inline code. */
const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** Security headers on every dashboard response. */
export function securityHeaders(): MiddlewareHandler<DashboardEnv> {
  return async (c, next) => {
    await next();
    // A page that needs other rules sets its own (the editor: its frame and the preview inside it).
    if (!c.res.headers.has('Content-Security-Policy')) c.header('Content-Security-Policy', CSP);
    c.header('X-Content-Type-Options', 'nosniff');
    if (!c.res.headers.has('X-Frame-Options')) c.header('X-Frame-Options', 'DENY');
    c.header('Referrer-Policy', 'same-origin');
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  };
}

/** Whether the request reached us over https (directly, or through a trusted proxy). */
export function isHttps(c: Context, ctx: DashboardContext): boolean {
  if (ctx.secureCookies !== 'auto') return ctx.secureCookies;
  if (new URL(c.req.url).protocol === 'https:') return true;
  return ctx.trustProxy && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
}

/**
 * Set the session cookie: HttpOnly, SameSite=Lax, Secure over https. Host-only with path `/` so
 * Folio's own pull request pages (`/pulls/<id>`, the job's prLink) can recognise a signed-in owner;
 * project sites live on other host names and never receive it.
 */
export function writeSessionCookie(c: Context, ctx: DashboardContext, session: Session): void {
  setCookie(c, SESSION_COOKIE, session.id, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c, ctx),
    expires: session.expiresAt,
  });
}

/** Remove the session cookie. */
export function clearSessionCookie(c: Context, ctx: DashboardContext): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'Lax', secure: isHttps(c, ctx) });
}

/**
 * The error page (400 DASHBOARD_REQUEST_INVALID) for an address whose path or query holds a control
 * character, or null. No dashboard page has one: a NUL reached PostgreSQL (a 500), a CR/LF a
 * response header.
 */
export function refusedAddress(c: Context<DashboardEnv>, ctx: DashboardContext): Response | null {
  const found = controlCharacterInUrl(c.req.url);
  if (!found) return null;
  const where = found.in === 'path' ? 'path' : `query parameter "${found.name}"`;
  return errorPage(c, ctx, 400, 'DASHBOARD_REQUEST_INVALID', `This address's ${where} holds a control character (NUL, CR, LF...), which no dashboard page has. Check the link, or go back to the projects.`);
}

/**
 * Load the session and its user from the cookie into `c.var`. An address with a control character is
 * refused first (`refusedAddress`): every dashboard request but the public assets passes here before
 * any route reads its parameters.
 */
export function loadSession(ctx: DashboardContext): MiddlewareHandler<DashboardEnv> {
  return async (c, next) => {
    const refused = refusedAddress(c, ctx);
    if (refused) return refused;
    const id = getCookie(c, SESSION_COOKIE);
    // A cookie with a control character names no session (and a NUL would reach PostgreSQL: a 500).
    const found = id && !hasControlCharacter(id) ? await findSession(ctx.db, id) : null;
    c.set('session', found?.session ?? null);
    c.set('user', found?.user ?? null);
    c.set('form', {});
    c.set('canEdit', false);
    await next();
  };
}

/** The current session, creating an anonymous one (for the sign-in form's CSRF token) when there is none. */
export async function ensureSession(c: Context<DashboardEnv>, ctx: DashboardContext): Promise<Session> {
  const existing = c.get('session');
  if (existing) return existing;
  const session = await createSession(ctx.db, null);
  writeSessionCookie(c, ctx, session);
  c.set('session', session);
  return session;
}

/**
 * Every POST must carry the session's synchronizer token in `_csrf` (forms) or the `X-CSRF-Token`
 * header (the editor's JSON and upload requests: a cross-site page cannot set a header without a CORS
 * preflight, which the dashboard never grants), and when the browser sends `Origin` it must be ours.
 * Text fields are left in `c.var.form`; file parts are not read.
 */
export function csrfProtection(ctx: DashboardContext): MiddlewareHandler<DashboardEnv> {
  return async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const origin = c.req.header('origin');
    const session = c.get('session');
    const form: Record<string, string> = {};
    const type = c.req.header('content-type') ?? '';
    if (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data')) {
      const body = await c.req.parseBody();
      for (const [key, value] of Object.entries(body)) if (typeof value === 'string') form[key] = value;
    }
    const sameOrigin = !origin || origin === new URL(c.req.url).origin || (ctx.trustProxy && sameHostOrigin(origin, c));
    const token = form._csrf ?? c.req.header('x-csrf-token') ?? '';
    if (!session || !sameOrigin || token === '' || !tokensEqual(token, session.csrfToken)) {
      return errorPage(c, ctx, 403, 'DASHBOARD_CSRF_INVALID', 'This form has expired or did not come from the dashboard. Go back, reload the page and submit it again.');
    }
    delete form._csrf;
    c.set('form', form);
    return next();
  };
}

/** Behind a proxy the request URL is the internal one; compare Origin with the Host header instead. */
function sameHostOrigin(origin: string, c: Context): boolean {
  try {
    return new URL(origin).host === (c.req.header('x-forwarded-host') ?? c.req.header('host'));
  } catch {
    // An Origin that is not a URL names no host of ours: refused like a foreign one.
    return false;
  }
}

/** Send visitors without a signed-in session to the sign-in page (JSON endpoints get 401). */
export function requireUser(ctx: DashboardContext): MiddlewareHandler<DashboardEnv> {
  return async (c, next) => {
    if (c.get('user')) return next();
    if (c.req.path.endsWith('.json')) return c.json({ error: 'Sign in to the dashboard first.' }, 401);
    if (c.req.method !== 'GET') return c.redirect(`${ctx.base}/login`, 303);
    const next_ = c.req.path + (new URL(c.req.url).search || '');
    return c.redirect(`${ctx.base}/login?next=${encodeURIComponent(next_)}`, 303);
  };
}
