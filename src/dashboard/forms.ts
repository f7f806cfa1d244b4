import { branchNameProblem, checkRepositoryUrl, localWorkingCopy, workingCopyMessage } from '../git/index.js';
import { normalizeBasePath } from '../shared/index.js';

/** A form problem: which field, and what to do about it. */
export interface FieldProblem {
  field: string;
  message: string;
}

export interface ProjectInput {
  name: string;
  repoUrl: string;
  branch: string;
  docsDir: string;
}

export interface ProjectSettingsInput extends ProjectInput {
  hostNames: string[];
  agentRatePerHour: number;
  /** The site's base path (`/docs`), '' at the root of its host. */
  basePath: string;
  /** Who may read the site, and what sign-in guards. */
  siteAccess: 'public' | 'password' | 'oidc' | 'jwt';
  siteAccessScope: 'site' | 'hidden';
  /** A new site password (hash it before storing); '' keeps the current one. */
  sitePassword: string;
  /** OpenID Connect client; an empty secret keeps the current one. */
  siteOidc: { issuer: string; clientId: string; clientSecret: string; groupsClaim: string };
  /** The JWT handshake; an empty key keeps the current one. */
  siteJwt: { loginUrl: string; algorithm: 'EdDSA' | 'RS256' | 'HS256'; key: string; audience: string; issuer: string };
}

const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** Read and check the project form; returns the values or the first problem, naming the field. */
export function parseProjectForm(form: Record<string, string>): { value: ProjectInput } | { problem: FieldProblem } {
  const name = (form.name ?? '').trim();
  const repoUrl = (form.repoUrl ?? '').trim();
  const branch = (form.branch ?? '').trim() || 'main';
  const docsDir = (form.docsDir ?? '').trim().replace(/^\.\/+/, '') || '.';
  if (name === '' || name.length > 100) return { problem: { field: 'name', message: 'Name: enter 1 to 100 characters.' } };
  try {
    checkRepositoryUrl(repoUrl);
  } catch (error) {
    // With the git layer's stable code (GIT_BAD_REPOSITORY), as the CLI and an update's summary give it.
    const code = (error as { code?: unknown }).code;
    return { problem: { field: 'repoUrl', message: `Repository: ${typeof code === 'string' ? `${code}: ` : ''}${(error as Error).message}` } };
  }
  const branchProblem = branchNameProblem(branch);
  if (branchProblem) return { problem: { field: 'branch', message: `Branch: "${branch}" is refused because ${branchProblem}.` } };
  if (docsDir.startsWith('/') || docsDir.split(/[\\/]/).includes('..')) {
    return { problem: { field: 'docsDir', message: 'Docs folder: give a path inside the repository, such as "docs" or "." (no leading "/" and no "..").' } };
  }
  return { value: { name, repoUrl, branch, docsDir } };
}

/**
 * A repository Folio could read but not publish to: a local working copy (git refuses pushes to its
 * checked-out branch). Asked when a project is created or its repository changes; null when fine.
 */
export async function repositoryPushProblem(repoUrl: string): Promise<FieldProblem | null> {
  const workingCopy = await localWorkingCopy(repoUrl);
  return workingCopy === null ? null : { field: 'repoUrl', message: `Repository: ${workingCopyMessage(repoUrl, workingCopy)}` };
}

/** The project form plus the settings-only fields (custom domains, agent rate). */
export function parseSettingsForm(form: Record<string, string>): { value: ProjectSettingsInput } | { problem: FieldProblem } {
  const base = parseProjectForm(form);
  if ('problem' in base) return base;
  const hostNames = (form.hostNames ?? '')
    .split(/[\s,]+/)
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const badHost = hostNames.find((h) => !HOST.test(h));
  if (badHost) return { problem: { field: 'hostNames', message: `Custom domains: "${badHost}" is not a host name; use names like docs.example.com, separated by commas.` } };
  const rate = Number(form.agentRatePerHour ?? '100');
  if (!Number.isInteger(rate) || rate < 1 || rate > 100_000) {
    return { problem: { field: 'agentRatePerHour', message: 'Agent requests per hour: enter a whole number from 1 to 100000.' } };
  }
  const basePath = normalizeBasePath(form.basePath);
  if (basePath === null) return { problem: { field: 'basePath', message: `Base path: "${form.basePath}" is not a URL path; give folder names after a slash, such as /docs, or leave it empty.` } };
  const siteAccess = form.siteAccess === 'password' || form.siteAccess === 'oidc' || form.siteAccess === 'jwt' ? form.siteAccess : 'public';
  const siteAccessScope = form.siteAccessScope === 'hidden' ? 'hidden' : 'site';
  const sitePassword = form.sitePassword ?? '';
  if (sitePassword && (sitePassword.length < 8 || sitePassword.length > 200)) return { problem: { field: 'sitePassword', message: 'Site password: use 8 to 200 characters.' } };
  const siteOidc = { issuer: (form.oidcIssuer ?? '').trim(), clientId: (form.oidcClientId ?? '').trim(), clientSecret: form.oidcClientSecret ?? '', groupsClaim: (form.oidcGroupsClaim ?? '').trim() };
  const algorithm = form.jwtAlgorithm === 'RS256' || form.jwtAlgorithm === 'HS256' ? form.jwtAlgorithm : 'EdDSA';
  const siteJwt = { loginUrl: (form.jwtLoginUrl ?? '').trim(), algorithm, key: (form.jwtKey ?? '').trim(), audience: (form.jwtAudience ?? '').trim(), issuer: (form.jwtIssuer ?? '').trim() } as const;
  if (siteAccess === 'jwt' && (!/^https?:\/\//.test(siteJwt.loginUrl) || !URL.canParse(siteJwt.loginUrl))) return { problem: { field: 'jwtLoginUrl', message: 'Login URL: give your app’s login page, such as https://app.example.com/docs-login.' } };
  if (siteAccess === 'oidc') {
    let issuer: URL | null = null;
    try {
      issuer = new URL(siteOidc.issuer);
    } catch {
      // Reported below.
    }
    if (!issuer || !/^https?:$/.test(issuer.protocol)) return { problem: { field: 'oidcIssuer', message: 'OpenID issuer: give the provider’s issuer URL, such as https://login.example.com.' } };
    if (!siteOidc.clientId) return { problem: { field: 'oidcClientId', message: 'OpenID client id: enter the id the provider gave this site.' } };
  }
  return { value: { ...base.value, hostNames, agentRatePerHour: rate, basePath, siteAccess, siteAccessScope, sitePassword, siteOidc, siteJwt } };
}

/** Key expiry from the form's day count (0 = never). */
export function parseExpiry(value: string | undefined, now = Date.now()): { value: Date | null } | { problem: FieldProblem } {
  const days = Number(value ?? '90');
  if (!Number.isInteger(days) || days < 0 || days > 3650) return { problem: { field: 'expiresInDays', message: 'Expires after: choose one of the offered periods.' } };
  return { value: days === 0 ? null : new Date(now + days * 86_400_000) };
}
