/**
 * Sign-in through an OpenID Connect provider (authorization code flow with PKCE, openid-client).
 * The state, nonce and code verifier travel in a short-lived HttpOnly cookie of the site, so any
 * `folio serve` process behind a load balancer can finish a sign-in another one started.
 */
import type { Configuration } from 'openid-client';
import type { SiteOidcSettings } from '../../db/index.js';
import { groupsOf, userDataOf } from './jwt-sign-in.js';

export const OIDC_STATE_COOKIE = 'folio_site_oidc';
const STATE_TTL_S = 600;

const configs = new Map<string, Promise<Configuration>>();

/** openid-client, loaded at the first sign-in: most processes that import hosting never sign anyone in. */
const openidClient = () => import('openid-client');

/** Plain http is allowed only for a provider on this machine (tests, local development). */
function isLoopbackHttp(issuer: URL): boolean {
  return issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
}

/** The provider's configuration from its discovery document, fetched once per issuer and client. */
function configOf(settings: SiteOidcSettings): Promise<Configuration> {
  const key = `${settings.issuer}\n${settings.clientId}`;
  let config = configs.get(key);
  if (!config) {
    const issuer = new URL(settings.issuer);
    config = openidClient().then((oidc) => oidc.discovery(issuer, settings.clientId, settings.clientSecret, undefined, isLoopbackHttp(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined));
    // A failed discovery is tried again on the next sign-in, not remembered.
    config.catch(() => configs.delete(key));
    if (configs.size > 100) configs.clear();
    configs.set(key, config);
  }
  return config;
}

const callbackUrl = (origin: string, base: string) => `${origin}${base}/__folio/oidc/callback`;

/** The provider's authorization URL and the cookie that remembers this attempt. */
export async function startOidcSignIn(settings: SiteOidcSettings, at: { base: string; origin: string; secure: boolean; next: string }): Promise<{ location: string; cookie: string } | { problem: string }> {
  let config: Configuration;
  try {
    config = await configOf(settings);
  } catch (error) {
    return { problem: `The sign-in provider could not be reached (${(error as Error).message}).` };
  }
  const oidc = await openidClient();
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const location = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(at.origin, at.base),
    scope: 'openid',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  }).href;
  const value = Buffer.from(JSON.stringify({ state, nonce, verifier, next: at.next })).toString('base64url');
  const cookie = `${OIDC_STATE_COOKIE}=${value}; Path=${at.base || '/'}; Max-Age=${STATE_TTL_S}; HttpOnly; SameSite=Lax${at.secure ? '; Secure' : ''}`;
  return { location, cookie };
}

/** The standard profile claims (OpenID Connect Core 5.1) an ID token carries, by the names pages read them. */
const PROFILE_CLAIMS: Record<string, string> = { name: 'name', given_name: 'firstName', family_name: 'lastName', nickname: 'nickname', preferred_username: 'username', email: 'email', locale: 'locale', zoneinfo: 'zoneinfo' };

/** The reader's profile from the ID token's standard claims (strings only), as `user` values: `{user.firstName}`, `{user.email}`. */
export function profileOf(claims: Record<string, unknown>): Record<string, unknown> {
  const profile: Record<string, unknown> = {};
  for (const [claim, name] of Object.entries(PROFILE_CLAIMS)) {
    const value = claims[claim];
    if (typeof value === 'string' && value.length <= 500) profile[name] = value;
  }
  return profile;
}

/**
 * Exchange the provider's code for tokens and read the reader's subject, groups (the ID token's
 * `groupsClaim`, `groups` by default: an array of strings, or one string as one group) and user data
 * as the JWT handshake's (`userDataOf`: `user`/`content`, `apiPlaygroundInputs`, `expiresAt` claims;
 * without `user` or `content`, the standard profile claims, `profileOf`); a problem on any mismatch.
 */
export async function finishOidcSignIn(request: Request, settings: SiteOidcSettings, at: { base: string; origin: string }): Promise<{ subject: string; groups: string[]; userData: Record<string, unknown> | null; ttlMs?: number; next: string } | { problem: string }> {
  const raw = (request.headers.get('cookie') ?? '').split(';').map((p) => p.trim()).find((p) => p.startsWith(`${OIDC_STATE_COOKIE}=`));
  let saved: { state: string; nonce: string; verifier: string; next: string };
  try {
    saved = JSON.parse(Buffer.from(raw!.slice(OIDC_STATE_COOKIE.length + 1), 'base64url').toString('utf8')) as typeof saved;
  } catch {
    return { problem: 'The sign-in took too long or was started in another browser; sign in again.' };
  }
  try {
    const config = await configOf(settings);
    const oidc = await openidClient();
    const current = new URL(callbackUrl(at.origin, at.base) + new URL(request.url).search);
    const tokens = await oidc.authorizationCodeGrant(config, current, { pkceCodeVerifier: saved.verifier, expectedState: saved.state, expectedNonce: saved.nonce, idTokenExpected: true });
    const claims = tokens.claims();
    const subject = claims?.sub;
    if (!subject) return { problem: 'The provider named no subject for this reader.' };
    const data = userDataOf(claims, profileOf(claims));
    if ('problem' in data) return data;
    return { subject, groups: groupsOf(claims[settings.groupsClaim || 'groups']), ...data, next: saved.next };
  } catch (error) {
    return { problem: `The provider's answer was refused (${(error as Error).message}).` };
  }
}
