import type { Context, Hono } from 'hono';
import type { JWK } from 'jose';
import { createElement } from 'react';
import { createApiKey, createAssistantKey, createProject, getProject, listAgentJobs, listApiKeys, listAssistantKeys, listUpdates, listProjects, parseAllowedOrigins, revokeAssistantKey, updateProject, type ProjectRow } from '../../db/index.js';
import { hashPassword } from '../../shared/index.js';
import type { DashboardContext, DashboardEnv } from '../context.js';
import { parseExpiry, parseProjectForm, parseSettingsForm, repositoryPushProblem } from '../forms.js';
import { errorPage, html, viewerOf } from '../respond.js';
import { KeysPage } from '../views/keys-page.js';
import type { Notice } from '../views/layout.js';
import { ProjectOverviewPage, ProjectSettingsPage, ProjectsPage } from '../views/project-pages.js';
import { feedbackCounts, trafficSummary } from '../../analytics/index.js';
import { rangeFromQuery } from '../analytics-range.js';
import { noticeFromQuery } from './notices.js';

/** The project named in the path, or an error page response. */
export async function loadProject(c: Context<DashboardEnv>, ctx: DashboardContext): Promise<ProjectRow | Response> {
  const project = await getProject(ctx.db, c.req.param('projectId') ?? '');
  return project ?? errorPage(c, ctx, 404, 'DASHBOARD_NOT_FOUND', 'No project has this id. Pick one from the projects list.');
}

/** Projects list, creation, overview/settings and API keys. */
export function registerProjectRoutes(app: Hono<DashboardEnv>, ctx: DashboardContext): void {
  const { base } = ctx;

  app.get('/', (c) => c.redirect(`${base}/projects`, 303));

  app.get('/projects', async (c) => {
    const projects = await listProjects(ctx.db);
    return html(c, createElement(ProjectsPage, { base, viewer: viewerOf(c), projects, notice: noticeFromQuery(c) }));
  });

  app.post('/projects', async (c) => {
    const form = c.get('form');
    const parsed = parseProjectForm(form);
    if ('problem' in parsed) {
      const projects = await listProjects(ctx.db);
      const values = { name: form.name ?? '', repoUrl: form.repoUrl ?? '', branch: form.branch ?? '', docsDir: form.docsDir ?? '' };
      const notice: Notice = { kind: 'error', text: parsed.problem.message, code: 'DASHBOARD_FORM_INVALID' };
      return html(c, createElement(ProjectsPage, { base, viewer: viewerOf(c), projects, notice, values }), 400);
    }
    const pushProblem = await repositoryPushProblem(parsed.value.repoUrl);
    if (pushProblem) {
      const projects = await listProjects(ctx.db);
      const notice: Notice = { kind: 'error', text: pushProblem.message, code: 'DASHBOARD_REPOSITORY_WORKING_COPY' };
      return html(c, createElement(ProjectsPage, { base, viewer: viewerOf(c), projects, notice, values: { name: form.name ?? '', repoUrl: form.repoUrl ?? '', branch: form.branch ?? '', docsDir: form.docsDir ?? '' } }), 400);
    }
    const project = await createProject(ctx.db, parsed.value);
    await ctx.onProjectChanged(project);
    return c.redirect(`${base}/projects/${project.id}?notice=project-created`, 303);
  });

  app.get('/projects/:projectId', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const siteUrl = ctx.siteUrl(project, new URL(c.req.url));
    const site = { projectId: project.id, preview: null };
    const [[latestUpdate], { jobs }, week, open] = await Promise.all([
      listUpdates(ctx.db, project.id, 1),
      listAgentJobs(ctx.db, { projectId: project.id, status: 'active', limit: 26 }),
      trafficSummary(ctx.db, site, rangeFromQuery({ range: '7d' }).range),
      feedbackCounts(ctx.db, site, rangeFromQuery({ range: 'all' }, { since: project.createdAt.getTime() }).range),
    ]);
    return html(
      c,
      createElement(ProjectOverviewPage, { base, viewer: viewerOf(c), project, siteUrl, latestUpdate: latestUpdate ?? null, activeJobs: jobs.length, week, openFeedback: open.byStatus.pending, notice: noticeFromQuery(c) }),
    );
  });

  app.get('/projects/:projectId/settings', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    return html(c, createElement(ProjectSettingsPage, { base, viewer: viewerOf(c), project, notice: noticeFromQuery(c) }));
  });

  app.post('/projects/:projectId/settings', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const form = c.get('form');
    const parsed = parseSettingsForm(form);
    if ('problem' in parsed) {
      const values = {
        name: form.name ?? '',
        repoUrl: form.repoUrl ?? '',
        branch: form.branch ?? '',
        docsDir: form.docsDir ?? '',
        hostNames: form.hostNames ?? '',
        agentRatePerHour: form.agentRatePerHour ?? '',
        basePath: form.basePath ?? '',
        siteAccess: form.siteAccess ?? 'public',
        siteAccessScope: form.siteAccessScope ?? 'site',
        oidcIssuer: form.oidcIssuer ?? '',
        oidcClientId: form.oidcClientId ?? '',
        oidcGroupsClaim: form.oidcGroupsClaim ?? '',
        jwtLoginUrl: form.jwtLoginUrl ?? '',
        jwtAlgorithm: form.jwtAlgorithm ?? 'EdDSA',
        jwtAudience: form.jwtAudience ?? '',
        jwtIssuer: form.jwtIssuer ?? '',
      };
      const notice: Notice = { kind: 'error', text: parsed.problem.message, code: 'DASHBOARD_FORM_INVALID' };
      return html(c, createElement(ProjectSettingsPage, { base, viewer: viewerOf(c), project, notice, values }), 400);
    }
    // Only a changed repository is checked: a project made before the check keeps its other settings editable.
    const pushProblem = parsed.value.repoUrl !== project.repoUrl ? await repositoryPushProblem(parsed.value.repoUrl) : null;
    if (pushProblem) {
      const notice: Notice = { kind: 'error', text: pushProblem.message, code: 'DASHBOARD_REPOSITORY_WORKING_COPY' };
      return html(c, createElement(ProjectSettingsPage, { base, viewer: viewerOf(c), project, notice }), 400);
    }
    const { sitePassword, siteOidc, siteJwt, ...settings } = parsed.value;
    const access = await siteAccessPatch(project, parsed.value.siteAccess, sitePassword, siteOidc, siteJwt);
    if ('problem' in access) {
      const notice: Notice = { kind: 'error', text: access.problem, code: 'DASHBOARD_FORM_INVALID' };
      return html(c, createElement(ProjectSettingsPage, { base, viewer: viewerOf(c), project, notice }), 400);
    }
    const updated = await updateProject(ctx.db, project.id, { ...settings, ...access.patch });
    if (updated) await ctx.onProjectChanged(updated);
    return c.redirect(`${base}/projects/${project.id}/settings?notice=settings-saved`, 303);
  });

  const keysPage = async (c: Context<DashboardEnv>, project: ProjectRow, extra: { newKey?: { key: string; name: string; assistant?: boolean }; notice?: Notice | null }, status: 200 | 201 | 400 = 200) => {
    const [keys, assistantKeys] = await Promise.all([listApiKeys(ctx.db, project.id), listAssistantKeys(ctx.db, project.id)]);
    const apiBase = new URL(c.req.url).origin;
    if (extra.newKey) c.header('Cache-Control', 'no-store');
    return html(c, createElement(KeysPage, { base, viewer: viewerOf(c), project, keys, assistantKeys, apiBase, notice: extra.notice ?? noticeFromQuery(c), newKey: extra.newKey ?? null }), status);
  };

  app.get('/projects/:projectId/keys', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    return keysPage(c, project, {});
  });

  app.post('/projects/:projectId/keys', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const form = c.get('form');
    const name = (form.name ?? '').trim();
    if (name === '' || name.length > 100) return keysPage(c, project, { notice: { kind: 'error', text: 'Name: enter 1 to 100 characters so you can tell keys apart.', code: 'DASHBOARD_FORM_INVALID' } }, 400);
    const expiry = parseExpiry(form.expiresInDays);
    if ('problem' in expiry) return keysPage(c, project, { notice: { kind: 'error', text: expiry.problem.message, code: 'DASHBOARD_FORM_INVALID' } }, 400);
    const { key } = await createApiKey(ctx.db, { projectIds: [project.id], name, expiresAt: expiry.value });
    // The key is rendered into this response only (no redirect), so it is never stored or shown again.
    return keysPage(c, project, { newKey: { key, name } }, 201);
  });

  app.post('/projects/:projectId/assistant-keys', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const form = c.get('form');
    const name = (form.name ?? '').trim();
    if (name === '' || name.length > 100) return keysPage(c, project, { notice: { kind: 'error', text: 'Name: enter 1 to 100 characters so you can tell keys apart.', code: 'DASHBOARD_FORM_INVALID' } }, 400);
    const origins = parseAllowedOrigins((form.origins ?? '').slice(0, 4_000));
    if ('problem' in origins) return keysPage(c, project, { notice: { kind: 'error', text: origins.problem, code: 'DASHBOARD_FORM_INVALID' } }, 400);
    const { key } = await createAssistantKey(ctx.db, { projectId: project.id, name, allowedOrigins: origins.origins });
    return keysPage(c, project, { newKey: { key, name, assistant: true } }, 201);
  });

  app.post('/projects/:projectId/assistant-keys/:keyId/revoke', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const row = await revokeAssistantKey(ctx.db, project.id, c.req.param('keyId'));
    if (!row) return errorPage(c, ctx, 404, 'DASHBOARD_NOT_FOUND', 'This project has no active assistant key with that id. Reload the API keys page.');
    return c.redirect(`${base}/projects/${project.id}/keys?notice=assistant-key-revoked`, 303);
  });

  app.post('/projects/:projectId/keys/:keyId/revoke', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const keys = await listApiKeys(ctx.db, project.id);
    const key = keys.find((k) => k.id === c.req.param('keyId'));
    if (!key) return errorPage(c, ctx, 404, 'DASHBOARD_NOT_FOUND', 'This project has no key with that id. Reload the API keys page.');
    await ctx.services.revokeKey(key.id);
    return c.redirect(`${base}/projects/${project.id}/keys?notice=key-revoked`, 303);
  });
}

/** The stored form of the site access settings: a new password hashed, an empty secret or password keeping the current one. */
async function siteAccessPatch(
  project: ProjectRow,
  mode: 'public' | 'password' | 'oidc' | 'jwt',
  password: string,
  oidc: { issuer: string; clientId: string; clientSecret: string; groupsClaim: string },
  jwt: { loginUrl: string; algorithm: 'EdDSA' | 'RS256' | 'HS256'; key: string; audience: string; issuer: string },
): Promise<{ patch: { sitePasswordHash?: string; siteOidc?: ProjectRow['siteOidc']; siteJwt?: ProjectRow['siteJwt'] } } | { problem: string }> {
  const patch: { sitePasswordHash?: string; siteOidc?: ProjectRow['siteOidc']; siteJwt?: ProjectRow['siteJwt'] } = {};
  if (password) patch.sitePasswordHash = await hashPassword(password);
  else if (mode === 'password' && !project.sitePasswordHash) return { problem: 'Site password: set one to protect the site with a password.' };
  if (mode === 'oidc' || oidc.issuer) {
    const secret = oidc.clientSecret || project.siteOidc?.clientSecret || '';
    if (mode === 'oidc' && !secret) return { problem: 'OpenID client secret: enter the secret the provider gave this site.' };
    patch.siteOidc = { issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: secret, ...(oidc.groupsClaim ? { groupsClaim: oidc.groupsClaim } : {}) };
  }
  if (mode === 'jwt' || jwt.loginUrl) {
    // A new key replaces the stored one only with the same algorithm's kind of key; empty keeps it.
    const key = jwt.key || (project.siteJwt?.algorithm === jwt.algorithm ? project.siteJwt.key : '');
    const problem = await jwtKeyProblem(jwt.algorithm, key);
    if (mode === 'jwt' && problem) return { problem: `Verification key: ${problem}.` };
    if (!problem) patch.siteJwt = { loginUrl: jwt.loginUrl, algorithm: jwt.algorithm, key, ...(jwt.audience ? { audience: jwt.audience } : {}), ...(jwt.issuer ? { issuer: jwt.issuer } : {}) };
  }
  return { patch };
}

/**
 * Why a JWT verification key cannot serve its algorithm, or null (jose reads it as the site will:
 * hosting's check is a layer beside this one).
 */
async function jwtKeyProblem(algorithm: 'EdDSA' | 'RS256' | 'HS256', key: string): Promise<string | null> {
  if (algorithm === 'HS256') return key.length >= 32 ? null : 'an HS256 secret needs at least 32 characters';
  if (!key) return `give the ${algorithm} public key`;
  try {
    const { importJWK, importSPKI } = await import('jose');
    const imported = key.startsWith('{') ? await importJWK(JSON.parse(key) as JWK, algorithm) : await importSPKI(key, algorithm);
    return imported instanceof Uint8Array ? 'that JWK is a shared secret, not a public key' : null;
  } catch (error) {
    return `the ${algorithm} public key could not be read (${(error as Error).message}); give it as PEM (BEGIN PUBLIC KEY) or JWK JSON`;
  }
}
