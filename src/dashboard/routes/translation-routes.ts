import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import { createElement } from 'react';
import type { TranslationState } from '../../site/index.js';
import type { DashboardContext, DashboardEnv } from '../context.js';
import { html, viewerOf } from '../respond.js';
import { TRANSLATION_STATES, TranslationsPage, type TranslationsView } from '../views/translations-page.js';
import { loadProject } from './project-routes.js';

/** Whether the git repository holding `root` has only part of its history (the site update's depth-1 fetch). */
function isShallow(root: string): boolean {
  for (let dir = root; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, '.git'))) return existsSync(path.join(dir, '.git', 'shallow'));
    if (path.dirname(dir) === dir) return false;
  }
}

/** The report of a project's published checkout, or why there is none. */
async function translationsView(root: string | null): Promise<TranslationsView> {
  if (!root || !existsSync(root)) return { kind: 'none', reason: 'The site has not been published from its repository yet: run an update, then come back.' };
  // The site layer (and the MDX stack under it) loads with this page, not with the dashboard.
  const { describeBehind, loadSite, readTranslationReport } = await import('../../site/index.js');
  const loaded = await loadSite(root, { openapi: false });
  if (!loaded.site) return { kind: 'none', reason: 'The docs.json of the published checkout cannot be read; the Updates page shows the last update’s problems.' };
  const report = await readTranslationReport(loaded.site);
  if (report.defaultLanguage === null) return { kind: 'none', reason: 'This site declares no languages (docs.json navigation.languages), so it has no translations to compare.' };
  return { kind: 'report', report, shallow: isShallow(root), describeBehind };
}

/** The translations matrix: pages × languages of the published checkout, filtered by `?lang=` and `?state=`. */
export function registerTranslationRoutes(app: Hono<DashboardEnv>, ctx: DashboardContext): void {
  app.get('/projects/:projectId/translations', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const view = await translationsView(ctx.siteCheckout?.(project) ?? null);
    const langParam = c.req.query('lang') ?? null;
    const lang = view.kind === 'report' && view.report.languages.some((l) => l.code === langParam) ? langParam : null;
    const stateParam = c.req.query('state');
    const state = TRANSLATION_STATES.includes(stateParam as TranslationState) ? (stateParam as TranslationState) : null;
    return html(c, createElement(TranslationsPage, { base: ctx.base, viewer: viewerOf(c), project, view, lang, state }));
  });
}
