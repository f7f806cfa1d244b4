/**
 * Protected sites: a project's site (or only its hidden and `public: false` pages) readable after
 * sign-in with one shared password, through an OpenID Connect provider, or through the team's own
 * app handing back a signed JWT (`jwt-sign-in.ts`). Pages restricted to groups (frontmatter
 * `groups`) open only for a session holding one of them, on any site, public or not. Sessions are as the
 * dashboard's: a random cookie value, only its SHA-256 stored (`site_sessions`), HttpOnly,
 * SameSite=Lax, Secure when the request came over https (through a trusted proxy's
 * `X-Forwarded-Proto` with `--trust-proxy`). Which pages are protected was decided by the build
 * (`.folio-site.json`); who may read them is the project's live setting.
 */
import path from 'node:path';
import type { Database, SiteJwtSettings, SiteOidcSettings } from '../../db/index.js';
import { createSiteSession, deleteSiteSession, findSiteSession } from '../../db/index.js';
import type { BuiltSiteAccess, BuiltSiteSettings } from '../../site-build/index.js';
import { HashPoolBusyError, verifyPassword } from '../../shared/index.js';
import { finishOidcSignIn, startOidcSignIn, OIDC_STATE_COOKIE } from './oidc-sign-in.js';
import { finishJwtSignIn, JWT_STATE_COOKIE, startJwtSignIn } from './jwt-sign-in.js';
import { cookieOf } from './cookies.js';
import { signInPage } from './sign-in-page.js';
import type { ReaderData } from './personalize.js';

export const SITE_SESSION_COOKIE = 'folio_site';
/** Paths of the sign-in flow, under the site's base path. */
export const SIGN_IN_PATH = '/__folio/sign-in';
export const SIGN_OUT_PATH = '/__folio/sign-out';
export const OIDC_CALLBACK_PATH = '/__folio/oidc/callback';
/** Where the team's app sends readers back with their signed token (JWT handshake). */
export const JWT_CALLBACK_PATH = '/__folio/jwt/callback';

export interface ProjectAccess {
  mode: 'public' | 'password' | 'oidc' | 'jwt';
  scope: 'site' | 'hidden';
  passwordHash: string | null;
  oidc: SiteOidcSettings | null;
  jwt: SiteJwtSettings | null;
}

export interface SiteAccessOptions {
  db: Database;
  /** Read `X-Forwarded-Proto`/`-Host`/`-For` from a reverse proxy in front (`folio serve --trust-proxy`). */
  trustProxy?: boolean;
  /** How long a project's access setting is cached (ms); default 5 s. */
  ttlMs?: number;
}

/**
 * What the guard decided: an answer of its own, or serve the file (`private`: only to this reader).
 * `groups`, on a site with pages restricted to groups: the reader's groups (none without a session),
 * which the answer's sidebar and llms files are cut to (`reader-view.ts`). `user`, on a page the build
 * marked personalized: the reader's data the page is filled with (`{}` without a session) and `userGroups`, their
 * groups, for an endpoint page's parts some groups only see (`personalize.ts`).
 */
export type AccessDecision = { answer: Response } | { serve: 'public' | 'private'; groups?: ReadonlySet<string>; user?: ReaderData; userGroups?: ReadonlySet<string> };

/** Failed password attempts per project and client address per window. */
const ATTEMPTS = 10;
const WINDOW_MS = 15 * 60_000;
/** Signed-in sessions remembered without a query (a page pulls many files); sign-out elsewhere takes this long to apply. */
const SESSION_MEMORY_MS = 10_000;

/** `/guide/intro/`, `/guide/intro.md`, `/guide/intro/index.html`, `/guide/intro/rss.xml` → `/guide/intro`. */
export function pageHrefOfPath(sitePath: string): string {
  let decoded = sitePath;
  try {
    decoded = decodeURIComponent(sitePath);
  } catch {
    // Malformed escapes: the file server finds no file for it either.
  }
  // As the file server resolves it: `//a`, `/./a` and `/%2e/a` are `/a`.
  const clean = path.posix.normalize('/' + decoded).replace(/\/+$/, '').replace(/(\/index)?\.html$/, '').replace(/\.md$/, '').replace(/\/rss\.xml$/, '');
  return clean === '' ? '/' : clean;
}

/** The groups whose readers alone may load the file of a restricted pages' search index at `sitePath` (`reader-indexes.ts`); undefined elsewhere. */
function groupIndexOf(sitePath: string, access: BuiltSiteAccess | undefined): string[] | undefined {
  let decoded = sitePath;
  try {
    decoded = decodeURIComponent(sitePath);
  } catch {
    // Malformed escapes: no file has such a name.
  }
  const dir = /^\/+(pagefind-group-[^/]*)(?:\/|$)/i.exec(path.posix.normalize('/' + decoded))?.[1];
  // An index folder the build did not list (left from another build) is no one's.
  return dir ? (access?.searchIndexes?.[dir] ?? ['\0']) : undefined;
}

/** Whether a site path is a page the build marked as filled per reader (`BuiltSiteSettings.personalized`). */
function isPersonalized(sitePath: string, built: BuiltSiteSettings): boolean {
  if (!built.personalized?.length) return false;
  // What holds personalized pages' Markdown: llms-full and the MCP server's get_page.
  if (sitePath === '/mcp' || /^\/(?:.*\/)?llms-full[^/]*\.txt$/.test(sitePath)) return true;
  const href = pageHrefOfPath(sitePath);
  let set = personalizedSets.get(built);
  if (!set) personalizedSets.set(built, (set = new Set(built.personalized)));
  return set.has(href) || (href === '/' && set.has('/index'));
}

const personalizedSets = new WeakMap<BuiltSiteSettings, Set<string>>();

/** Whether a site path needs a signed-in reader, from what the build recorded. */
export function needsSignIn(sitePath: string, built: BuiltSiteSettings): boolean {
  if (sitePath === SIGN_IN_PATH || sitePath === OIDC_CALLBACK_PATH || sitePath === JWT_CALLBACK_PATH || sitePath === SIGN_OUT_PATH) return false;
  // The stylesheet and scripts of the sign-in page itself.
  const underAssets = path.posix.normalize(sitePath).startsWith('/assets/') && !/%|\.\./.test(sitePath);
  const access = built.access;
  // Built before the project was protected: everything but the assets waits for the next update's list.
  if (!access) return !underAssets;
  const href = pageHrefOfPath(sitePath);
  const sets = setsOf(access);
  const has = (set: Set<string>) => set.has(href) || (href === '/' && set.has('/index'));
  if (access.scope === 'hidden') return has(sets.protected);
  // The whole site: every file but the assets and the pages that are public.
  if (underAssets) return false;
  return has(sets.protected) || !has(sets.public);
}

const sets = new WeakMap<BuiltSiteAccess, { protected: Set<string>; public: Set<string> }>();

/** The build's lists as sets, made once per build (its settings are cached per build directory). */
function setsOf(access: BuiltSiteAccess): { protected: Set<string>; public: Set<string> } {
  let made = sets.get(access);
  if (!made) {
    made = { protected: new Set(access.protected), public: new Set(access.public ?? []) };
    sets.set(access, made);
  }
  return made;
}

export class SiteAccess {
  private readonly settings = new Map<string, { value: ProjectAccess | null; at: number }>();
  private readonly loading = new Map<string, Promise<ProjectAccess | null>>();
  /** Counts `invalidate` calls: a query begun before one does not store what it read. */
  private epoch = 0;
  private readonly sessions = new Map<string, { until: number; groups: ReadonlySet<string>; userData: ReaderData | null }>();
  private readonly attempts = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly options: SiteAccessOptions) {}

  /**
   * A project's access setting (cached `ttlMs`); null for an unknown project. A setting past its
   * time is still answered while one query fetches it again in the background, so a request never
   * waits on the database behind a busy moment (the analytics writes of a traffic peak); one more
   * than three times its age is waited for. A change made on this server is seen at once
   * (`invalidate`); one made on another, within `ttlMs` and a query's time.
   */
  async accessOf(projectId: string): Promise<ProjectAccess | null> {
    const ttl = this.options.ttlMs ?? 5_000;
    const cached = this.settings.get(projectId);
    const age = cached ? Date.now() - cached.at : Infinity;
    if (cached && age < ttl) return cached.value;
    const loading = this.load(projectId);
    if (cached && age < 3 * ttl) {
      loading.catch(() => undefined);
      return cached.value;
    }
    return loading;
  }

  /** One query per project at a time, however many requests ask for it meanwhile. */
  private load(projectId: string): Promise<ProjectAccess | null> {
    let loading = this.loading.get(projectId);
    if (loading) return loading;
    loading = this.query(projectId).finally(() => this.loading.delete(projectId));
    this.loading.set(projectId, loading);
    return loading;
  }

  private async query(projectId: string): Promise<ProjectAccess | null> {
    const epoch = this.epoch;
    const [row] = await this.options.db.query<{ site_access: string; site_access_scope: string; site_password_hash: string | null; site_oidc: SiteOidcSettings | string | null; site_jwt: SiteJwtSettings | string | null }>(
      'SELECT site_access, site_access_scope, site_password_hash, site_oidc, site_jwt FROM projects WHERE id = $1',
      [projectId],
    );
    const json = <T>(value: T | string | null | undefined): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : (value ?? null));
    const value: ProjectAccess | null = row
      ? { mode: row.site_access as ProjectAccess['mode'], scope: row.site_access_scope === 'hidden' ? 'hidden' : 'site', passwordHash: row.site_password_hash, oidc: json(row.site_oidc), jwt: json(row.site_jwt) }
      : null;
    if (epoch !== this.epoch) return value;
    if (this.settings.size > 1000) this.settings.clear();
    this.settings.set(projectId, { value, at: Date.now() });
    return value;
  }

  /** Forget a project's cached setting (after it changed on this server). */
  invalidate(projectId: string): void {
    this.epoch++;
    this.settings.delete(projectId);
    this.loading.delete(projectId);
  }

  /**
   * Decide a request to a project's site (not its previews: they are built from branches and
   * guarded the same way): the sign-in routes, a refusal, or serve.
   */
  async decide(request: Request, projectId: string, sitePath: string, built: BuiltSiteSettings, clientAddress: string): Promise<AccessDecision> {
    const access = await this.accessOf(projectId);
    const restricted = built.access?.restricted;
    if (!access || (access.mode === 'public' && !restricted)) return { serve: 'public' };
    // A page filled per reader: only a signed-in reader's data changes it (sessions exist on sign-in sites only).
    const personal = access.mode !== 'public' && isPersonalized(sitePath, built);
    const base = built.basePath;
    const origin = this.publicOrigin(request);
    const secure = origin.startsWith('https:');
    if (access.mode !== 'public') {
      const answer = await this.signInRoute(request, projectId, sitePath, access, { base, origin, secure, clientAddress });
      if (answer) return { answer };
    }
    const href = pageHrefOfPath(sitePath);
    const needed = restricted?.[href]?.groups ?? (href === '/' ? restricted?.['/index']?.groups : undefined) ?? groupIndexOf(sitePath, built.access);
    const guarded = access.mode !== 'public' && needsSignIn(sitePath, built);
    // The session is looked up only when the answer depends on it (a public page of a site without groups does not).
    const session = needed || guarded || restricted || personal ? await this.sessionOf(request, projectId) : null;
    const groups = restricted ? (session?.groups ?? new Set<string>()) : undefined;
    // Every reader of such a page gets it resolved for them (a reader without data: the platform's empty `user`), never the shared file.
    const user = personal ? { user: session?.userData ?? {}, userGroups: session?.groups ?? new Set<string>() } : {};
    if (needed) {
      if (!session) return { answer: this.signInFirst(request, access, sitePath, { base, secure }) };
      // As the platform: a reader outside the page's groups learns nothing of it but the refusal.
      if (!needed.some((g) => session.groups.has(g))) return { answer: groupRequired(base) };
      return { serve: 'private', groups: session.groups, ...user };
    }
    if (guarded) {
      if (!session) return { answer: this.signInFirst(request, access, sitePath, { base, secure }) };
      return { serve: 'private', ...(groups ? { groups } : {}), ...user };
    }
    return { serve: 'user' in user ? 'private' : 'public', ...(groups ? { groups } : {}), ...user };
  }

  /** The sign-in flow's own paths (sign-in, the providers' callbacks, sign-out); null for any other path. */
  private async signInRoute(request: Request, projectId: string, sitePath: string, access: ProjectAccess, at: { base: string; origin: string; secure: boolean; clientAddress: string }): Promise<Response | null> {
    const { base, origin, secure } = at;
    if (sitePath === SIGN_IN_PATH) return this.signIn(request, projectId, access, at);
    if (sitePath === OIDC_CALLBACK_PATH && access.mode === 'oidc' && access.oidc) {
      const finished = await finishOidcSignIn(request, access.oidc, { base, origin });
      if ('problem' in finished) return signInPage({ mode: 'oidc', base, next: base + '/', status: 401, code: 'SITE_OIDC_FAILED', message: finished.problem });
      const session = await createSiteSession(this.options.db, projectId, finished.subject, { groups: finished.groups, userData: finished.userData, ttlMs: finished.ttlMs });
      // The state cookie holds what safeNext let through; checked again, as anything read back from a request.
      return signedInAnswer(safeNext(finished.next, base, origin), session, { base, secure, stateCookie: OIDC_STATE_COOKIE });
    }
    if (sitePath === JWT_CALLBACK_PATH && access.mode === 'jwt' && access.jwt) {
      const finished = await finishJwtSignIn(request, access.jwt, { db: this.options.db, projectId });
      if ('problem' in finished) return signInPage({ mode: 'jwt', base, next: base + '/', status: 401, code: 'SITE_JWT_FAILED', message: finished.problem });
      const session = await createSiteSession(this.options.db, projectId, finished.subject, { groups: finished.groups, userData: finished.userData, ttlMs: finished.ttlMs });
      return signedInAnswer(safeNext(finished.next, base, origin), session, { base, secure, stateCookie: JWT_STATE_COOKIE });
    }
    if (sitePath === SIGN_OUT_PATH && request.method === 'POST') {
      const id = cookieOf(request, SITE_SESSION_COOKIE);
      if (id) {
        this.sessions.delete(`${projectId}:${id}`);
        await deleteSiteSession(this.options.db, id);
      }
      return new Response(null, { status: 303, headers: { Location: base + '/', 'Set-Cookie': expiredCookie(SITE_SESSION_COOKIE, base, secure) } });
    }
    return null;
  }

  /**
   * A reader without a session asked for a page that needs one: a browser is sent to sign in (the
   * JWT handshake's login URL at once, else the sign-in page); anything else gets a plain 401. On a
   * public site a page restricted to groups has no way in: 403.
   */
  private signInFirst(request: Request, access: ProjectAccess, sitePath: string, at: { base: string; secure: boolean }): Response {
    const { base, secure } = at;
    if (access.mode === 'public') return groupRequired(base);
    const next = base + sitePath + new URL(request.url).search;
    const browser = /text\/html/.test(request.headers.get('accept') ?? '');
    if (browser && access.mode === 'jwt' && access.jwt) {
      const started = startJwtSignIn(access.jwt, { base, secure, next: safeNext(next, base, this.publicOrigin(request)) });
      return new Response(null, { status: 303, headers: { Location: started.location, 'Set-Cookie': started.cookie, 'Cache-Control': 'no-store' } });
    }
    if (browser) return signInPage({ mode: access.mode, base, next, status: 401, code: 'SITE_SIGN_IN_REQUIRED', message: 'Sign in to read this page.' });
    return new Response(`This page needs a signed-in reader: open ${base}${SIGN_IN_PATH} (code SITE_SIGN_IN_REQUIRED).\n`, { status: 401, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
  }

  /** The reader's live session on this project's site (its groups), or null. */
  private async sessionOf(request: Request, projectId: string): Promise<{ groups: ReadonlySet<string>; userData: ReaderData | null } | null> {
    const id = cookieOf(request, SITE_SESSION_COOKIE);
    if (!id) return null;
    const key = `${projectId}:${id}`;
    const known = this.sessions.get(key);
    if (known && known.until > Date.now()) return known;
    const session = await findSiteSession(this.options.db, projectId, id);
    if (!session) return null;
    if (this.sessions.size > 10_000) this.sessions.clear();
    const remembered = { until: Math.min(Date.now() + SESSION_MEMORY_MS, session.expiresAt.getTime()), groups: new Set(session.groups), userData: session.userData };
    this.sessions.set(key, remembered);
    return remembered;
  }

  /** `GET`: the password form, or off to the OpenID provider; `POST`: check the password. */
  private async signIn(request: Request, projectId: string, access: ProjectAccess, at: { base: string; origin: string; secure: boolean; clientAddress: string }): Promise<Response> {
    const url = new URL(request.url);
    const { base, secure } = at;
    if (access.mode === 'jwt') {
      if (!access.jwt) return signInPage({ mode: 'jwt', base, next: base + '/', status: 503, code: 'SITE_JWT_FAILED', message: 'Sign-in is not configured for this site yet.' });
      const started = startJwtSignIn(access.jwt, { base, secure, next: safeNext(url.searchParams.get('next'), base, at.origin) });
      return new Response(null, { status: 303, headers: { Location: started.location, 'Set-Cookie': started.cookie, 'Cache-Control': 'no-store' } });
    }
    if (access.mode === 'oidc') {
      if (!access.oidc) return signInPage({ mode: 'oidc', base, next: base + '/', status: 503, code: 'SITE_OIDC_FAILED', message: 'Sign-in is not configured for this site yet.' });
      const started = await startOidcSignIn(access.oidc, { base, origin: at.origin, secure, next: safeNext(url.searchParams.get('next'), base, at.origin) });
      if ('problem' in started) return signInPage({ mode: 'oidc', base, next: base + '/', status: 502, code: 'SITE_OIDC_FAILED', message: started.problem });
      return new Response(null, { status: 303, headers: { Location: started.location, 'Set-Cookie': started.cookie, 'Cache-Control': 'no-store' } });
    }
    if (request.method !== 'POST') return signInPage({ mode: 'password', base, next: safeNext(url.searchParams.get('next'), base, at.origin), status: 200 });
    const form = await request.formData().catch(() => null);
    const next = safeNext(typeof form?.get('next') === 'string' ? (form.get('next') as string) : null, base, at.origin);
    // A form posted from another site cannot sign a reader in (login CSRF).
    const origin = request.headers.get('origin');
    if (origin && origin !== at.origin && origin !== url.origin) return signInPage({ mode: 'password', base, next, status: 403, code: 'SITE_SIGN_IN_REQUIRED', message: 'Sign in from this site’s own page.' });
    const attempts = `${projectId}|${at.clientAddress}`;
    if (!this.countAttempt(attempts)) {
      return signInPage({ mode: 'password', base, next, status: 429, code: 'SITE_SIGN_IN_THROTTLED', message: 'Too many attempts; try again in 15 minutes.' });
    }
    const password = form?.get('password');
    let ok: boolean;
    try {
      ok = typeof password === 'string' && password.length > 0 && password.length <= 1024 && access.passwordHash !== null && (await verifyPassword(password, access.passwordHash));
    } catch (error) {
      // Too many checks waiting for the hashing pool (a flood of guesses): a clear 503, not a 500.
      if (!(error instanceof HashPoolBusyError)) throw error;
      this.refundAttempt(attempts);
      return signInPage({ mode: 'password', base, next, status: 503, code: 'SITE_SIGN_IN_BUSY', message: 'The server is busy checking passwords; try again in a moment.' });
    }
    if (!ok) return signInPage({ mode: 'password', base, next, status: 401, code: 'SITE_PASSWORD_WRONG', message: 'That password is not right.' });
    // Only failures count: readers behind one address (an office) sign in as often as they need.
    this.refundAttempt(attempts);
    const session = await createSiteSession(this.options.db, projectId, 'password');
    return new Response(null, { status: 303, headers: { Location: next, 'Set-Cookie': sessionCookie(session.id, base, secure, session.expiresAt), 'Cache-Control': 'no-store' } });
  }

  /**
   * Count one password attempt; false once the window's attempts are used up. Counted before the
   * password is checked, so parallel guesses cannot all slip in; a right password gives its attempt
   * back (`refundAttempt`), as the dashboard's sign-in does.
   */
  private countAttempt(key: string): boolean {
    const now = Date.now();
    let entry = this.attempts.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.attempts.size > 10_000) this.attempts.clear();
      entry = { count: 0, resetAt: now + WINDOW_MS };
      this.attempts.set(key, entry);
    }
    entry.count++;
    return entry.count <= ATTEMPTS;
  }

  /** Take back the attempt a successful sign-in counted. */
  private refundAttempt(key: string): void {
    const entry = this.attempts.get(key);
    if (entry && entry.count > 0) entry.count--;
  }

  /** The origin readers use: the request's, or the trusted proxy's `X-Forwarded-Proto`/`-Host`. */
  private publicOrigin(request: Request): string {
    const url = new URL(request.url);
    if (!this.options.trustProxy) return url.origin;
    const proto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
    const host = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim();
    return `${proto === 'https' || proto === 'http' ? proto : url.protocol.slice(0, -1)}://${host || url.host}`;
  }
}

/**
 * Where to go after sign-in: `next` resolved against the site's origin, kept only when it stays on
 * that origin and under the base path; else the site's home. Control characters and backslashes are
 * refused before resolving: URL parsers drop tabs and newlines and read `\\` as `/`, so `/<TAB>/evil.example`
 * reads as `//evil.example` in a browser, and a CR or LF in a header breaks the answer. The path is
 * returned as the URL serializes it (percent-encoded), so it is always a valid `Location`.
 */
export function safeNext(next: string | null, base: string, origin: string): string {
  const home = base + '/';
  if (!next || !next.startsWith('/') || /[\u0000-\u0020\u007f-\u009f\\]/.test(next)) return home;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return home;
  }
  if (url.origin !== new URL(origin).origin) return home;
  if (base && url.pathname !== base && !url.pathname.startsWith(base + '/')) return home;
  return url.pathname + url.search + url.hash;
}

export { cookieOf } from './cookies.js';

export function sessionCookie(id: string, base: string, secure: boolean, expires: Date): string {
  return `${SITE_SESSION_COOKIE}=${id}; Path=${base || '/'}; Expires=${expires.toUTCString()}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** After a provider's or the team's sign-in: the session cookie, the attempt's state cookie cleared, back to the page. */
function signedInAnswer(location: string, session: { id: string; expiresAt: Date }, at: { base: string; secure: boolean; stateCookie: string }): Response {
  const headers = new Headers({ Location: location, 'Cache-Control': 'no-store' });
  headers.append('Set-Cookie', sessionCookie(session.id, at.base, at.secure, session.expiresAt));
  headers.append('Set-Cookie', expiredCookie(at.stateCookie, at.base, at.secure));
  return new Response(null, { status: 303, headers });
}

/** A page restricted to groups the reader is not in (or, on a public site, to any reader). */
function groupRequired(base: string): Response {
  return signInPage({ mode: 'none', base, next: base + '/', status: 403, code: 'SITE_GROUP_REQUIRED', message: 'This page is for readers of other groups.' });
}

function expiredCookie(name: string, base: string, secure: boolean): string {
  return `${name}=; Path=${base || '/'}; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
