/**
 * Sign-in through the team's own app (the JWT handshake). A reader without a session is sent to the
 * team's login URL with `redirect` (the page asked for) and `state`; the team's app signs the reader
 * in its own way and sends them back to `<site>/__folio/jwt/callback?state=...&token=<JWT>` (or POSTs
 * both as a form). The token must be signed with the one algorithm the project configured (jose:
 * `alg: none` is never accepted, and the algorithm list holds only the configured one, so an HS256
 * token is refused where RS256 is set, whatever key it names), carry `exp`, and the `aud`/`iss` the
 * project set; 60 s of clock skew are allowed. The state travels in a short-lived HttpOnly cookie, as
 * OpenID sign-in's does (any server process can finish a handshake another started), and is recorded
 * as used in the database once the token checks out: a replayed callback is refused.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { CryptoKey, JWK, JWTPayload } from 'jose';
import type { Database, SiteJwtSettings } from '../../db/index.js';
import { useSiteSignInState } from '../../db/index.js';
import { cookieOf } from './cookies.js';

export const JWT_STATE_COOKIE = 'folio_site_jwt';
const STATE_TTL_S = 600;
/** Clocks of the team's app and this server may differ by this much (`exp`, `nbf`, `iat`). */
export const JWT_CLOCK_SKEW_S = 60;
/** Most groups kept of one token, and their longest name: a session row stays small. */
const MAX_GROUPS = 100;
const MAX_GROUP_CHARS = 200;
/** Largest `user`/`content` data kept in a session (JSON bytes). */
const MAX_USER_DATA_BYTES = 16 * 1024;

/** What a finished handshake tells about the reader. */
export interface JwtReader {
  subject: string;
  groups: string[];
  userData: Record<string, unknown> | null;
  /** The session's length: up to the token's `expiresAt` when it names one. */
  ttlMs?: number;
  next: string;
}

const keys = new Map<string, Promise<CryptoKey | Uint8Array>>();

/** The verification key of the settings, imported once per key text. */
function keyOf(settings: SiteJwtSettings): Promise<CryptoKey | Uint8Array> {
  const id = `${settings.algorithm}\n${settings.key}`;
  let key = keys.get(id);
  if (!key) {
    key = importKey(settings);
    key.catch(() => keys.delete(id));
    if (keys.size > 100) keys.clear();
    keys.set(id, key);
  }
  return key;
}

async function importKey(settings: SiteJwtSettings): Promise<CryptoKey | Uint8Array> {
  if (settings.algorithm === 'HS256') return new TextEncoder().encode(settings.key);
  const text = settings.key.trim();
  // jose is loaded at the first sign-in: most processes that import hosting never verify a token.
  const { importJWK, importSPKI } = await import('jose');
  if (text.startsWith('{')) {
    const key = await importJWK(JSON.parse(text) as JWK, settings.algorithm);
    // A JWK with `k` is a symmetric secret: never where a public-key algorithm is configured.
    if (key instanceof Uint8Array) throw new Error('the key is a shared secret, not a public key');
    return key;
  }
  return importSPKI(text, settings.algorithm);
}

/** Whether the settings' key can be read for their algorithm: the dashboard and the CLI check before saving. */
export async function jwtKeyProblem(settings: SiteJwtSettings): Promise<string | null> {
  if (settings.algorithm === 'HS256') return settings.key.length >= 32 ? null : 'an HS256 secret needs at least 32 characters';
  try {
    await importKey(settings);
    return null;
  } catch (error) {
    return `the ${settings.algorithm} public key could not be read (${(error as Error).message}); give it as PEM (BEGIN PUBLIC KEY) or JWK JSON`;
  }
}

/** The team's login URL with `redirect` and a fresh `state`, and the cookie remembering the state. */
export function startJwtSignIn(settings: SiteJwtSettings, at: { base: string; secure: boolean; next: string }): { location: string; cookie: string } {
  const state = randomBytes(32).toString('base64url');
  const login = new URL(settings.loginUrl);
  login.searchParams.set('redirect', at.next);
  login.searchParams.set('state', state);
  const value = Buffer.from(JSON.stringify({ state, next: at.next, until: Date.now() + STATE_TTL_S * 1000 })).toString('base64url');
  const cookie = `${JWT_STATE_COOKIE}=${value}; Path=${at.base || '/'}; Max-Age=${STATE_TTL_S}; HttpOnly; SameSite=Lax${at.secure ? '; Secure' : ''}`;
  return { location: login.href, cookie };
}

/** The callback's `state` and `token`: from the query, or from a posted form. */
async function callbackParams(request: Request): Promise<{ state: string | null; token: string | null }> {
  const url = new URL(request.url);
  let state = url.searchParams.get('state');
  let token = url.searchParams.get('token');
  if (request.method === 'POST') {
    const form = await request.formData().catch(() => null);
    const field = (name: string) => (typeof form?.get(name) === 'string' ? (form.get(name) as string) : null);
    state = field('state') ?? state;
    token = field('token') ?? token;
  }
  return { state, token };
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Check the team's answer: state, token, claims; then mark the state used. A problem on any mismatch. */
export async function finishJwtSignIn(request: Request, settings: SiteJwtSettings, at: { db: Database; projectId: string }): Promise<JwtReader | { problem: string }> {
  let saved: { state: string; next: string; until: number };
  try {
    saved = JSON.parse(Buffer.from(cookieOf(request, JWT_STATE_COOKIE) ?? '', 'base64url').toString('utf8')) as typeof saved;
    if (typeof saved.state !== 'string' || typeof saved.next !== 'string' || !(saved.until > Date.now())) throw new Error('stale');
  } catch {
    return { problem: 'The sign-in took too long or was started in another browser; sign in again.' };
  }
  const { state, token } = await callbackParams(request);
  if (!state || !sameText(state, saved.state)) return { problem: 'The sign-in answer does not belong to this browser’s sign-in (state mismatch).' };
  if (!token || token.length > 16 * 1024) return { problem: 'The sign-in answer carried no token.' };
  let payload: JWTPayload;
  const { errors, jwtVerify } = await import('jose');
  try {
    const key = await keyOf(settings);
    ({ payload } = await jwtVerify(token, key, {
      algorithms: [settings.algorithm],
      requiredClaims: ['exp'],
      clockTolerance: JWT_CLOCK_SKEW_S,
      ...(settings.audience ? { audience: settings.audience } : {}),
      ...(settings.issuer ? { issuer: settings.issuer } : {}),
    }));
  } catch (error) {
    return { problem: `The sign-in token was refused (${tokenProblem(error, errors)}).` };
  }
  const reader = readerOf(payload, saved.next);
  if ('problem' in reader) return reader;
  // Recorded only once the token checks out: junk callbacks write nothing.
  if (!(await useSiteSignInState(at.db, at.projectId, saved.state, new Date(saved.until)))) return { problem: 'This sign-in answer was already used; sign in again.' };
  return reader;
}

/** Why jose refused a token, in the reader's words (never the token itself). */
function tokenProblem(error: unknown, errors: typeof import('jose').errors): string {
  if (error instanceof errors.JWTExpired) return 'it has expired';
  if (error instanceof errors.JWTClaimValidationFailed) return `claim ${error.claim}: ${error.reason}`;
  if (error instanceof errors.JOSEAlgNotAllowed) return 'it is not signed with the configured algorithm';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'its signature does not match the configured key';
  if (error instanceof errors.JOSEError) return error.message;
  return `the key could not be used: ${(error as Error).message}`;
}

/** The session's reader from the token's claims: `sub`, `groups`, `user`/`content`, `apiPlaygroundInputs`, `expiresAt`. */
function readerOf(payload: JWTPayload, next: string): JwtReader | { problem: string } {
  const data = userDataOf(payload);
  if ('problem' in data) return data;
  return { subject: `jwt:${typeof payload.sub === 'string' ? payload.sub : ''}`, groups: groupsOf(payload.groups), ...data, next };
}

/**
 * The platform's user data among a token's claims (the JWT handshake's, an OpenID provider's ID
 * token's): `user`/`content` (the page's `user` values), `apiPlaygroundInputs` (the playground's
 * prefill: `header`, `query`, `cookie`, `path`, `server`) and `expiresAt` (the session's end, seconds
 * since 1970). `profile`: values used as `content` when the claims carry neither `user` nor `content`
 * (an OpenID provider's standard claims). Data past 16 KiB of JSON is not kept.
 */
export function userDataOf(claims: Record<string, unknown>, profile?: Record<string, unknown>): { userData: Record<string, unknown> | null; ttlMs?: number } | { problem: string } {
  const userData: Record<string, unknown> = {};
  if (claims.user !== undefined) userData.user = claims.user;
  if (claims.content !== undefined) userData.content = claims.content;
  if (userData.user === undefined && userData.content === undefined && profile && Object.keys(profile).length > 0) userData.content = profile;
  if (claims.apiPlaygroundInputs !== undefined) userData.apiPlaygroundInputs = claims.apiPlaygroundInputs;
  const kept = Object.keys(userData).length > 0 && Buffer.byteLength(JSON.stringify(userData)) <= MAX_USER_DATA_BYTES ? userData : null;
  let ttlMs: number | undefined;
  if (claims.expiresAt !== undefined) {
    if (typeof claims.expiresAt !== 'number' || claims.expiresAt * 1000 <= Date.now()) return { problem: 'The sign-in token’s expiresAt is not a future time (seconds since 1970).' };
    ttlMs = claims.expiresAt * 1000 - Date.now();
  }
  return { userData: kept, ...(ttlMs !== undefined ? { ttlMs } : {}) };
}

/** A claim's groups: each string of an array, or one string as one group; trimmed, empty ones dropped. */
export function groupsOf(claim: unknown): string[] {
  const values = Array.isArray(claim) ? claim : typeof claim === 'string' ? [claim] : [];
  const out = new Set<string>();
  for (const value of values) {
    if (typeof value !== 'string') continue;
    const name = value.trim();
    if (name && name.length <= MAX_GROUP_CHARS) out.add(name);
    if (out.size >= MAX_GROUPS) break;
  }
  return [...out];
}
