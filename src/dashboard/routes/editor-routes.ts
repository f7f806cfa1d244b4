import type { Context, Hono } from 'hono';
import { createElement } from 'react';
import { getProject, type ProjectRow } from '../../db/index.js';
import { escapeHtml } from '../../shared/index.js';
import { EditorError, editorBundle, lineDiff, MAX_TEXT_BYTES, navEditOf, PageReview, type EditorSession, type NavItem, type Reviewer } from '../../editor/index.js';
import type { DashboardContext, DashboardEnv } from '../context.js';
import { errorPage, html, viewerOf } from '../respond.js';
import { EditorPage, EDITOR_CSS } from '../views/editor-page.js';
import { listMembers } from '../data/members.js';
import { loadProject } from './project-routes.js';
import { textAsset } from '../assets/compressed.js';
import { MANAGER_WRITES, registerManagerRoutes } from './editor-manager-routes.js';

/** Largest request body of the editor's routes: a page text (2 MB as JSON, escaped) or a 5 MB image. */
export const EDITOR_BODY_LIMIT = 8 * 1024 * 1024;

/** Whether a request goes to the editor's routes (they have their own body limit). */
export const isEditorPath = (pathname: string) => /\/projects\/[^/]+\/editor(\/|$)/.test(pathname);

/** The editor page: its frame, the preview frame (same origin) and its own script and styles. */
export const EDITOR_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  // CodeMirror sets element styles from its script.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** The preview: the site's page as readers see it, no script at all, framed only by the editor. */
const PREVIEW_CSP = [
  "default-src 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "frame-ancestors 'self'",
  "form-action 'none'",
  "base-uri 'none'",
].join('; ');

type Ctx = Context<DashboardEnv>;

/** A refusal as JSON: `{ error: { code, message, details? } }` with its status. */
function refusal(c: Ctx, err: EditorError): Response {
  return c.json({ error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) } }, err.status);
}

/** Run a JSON route: editor refusals become their JSON answer, anything else the dashboard's 500. */
async function answer(c: Ctx, fn: () => Promise<unknown>): Promise<Response> {
  try {
    return c.json((await fn()) ?? { ok: true });
  } catch (err) {
    if (err instanceof EditorError) return refusal(c, err);
    throw err;
  }
}

/** A JSON body's object, or an EDITOR_BAD_REQUEST. */
async function body(c: Ctx): Promise<Record<string, unknown>> {
  return fieldsOf(await c.req.json().catch(() => null));
}

/** A parsed JSON body as its fields, or an EDITOR_BAD_REQUEST when it is not an object. */
export function fieldsOf(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new EditorError('EDITOR_BAD_REQUEST', 'The request body must be a JSON object.');
  return value as Record<string, unknown>;
}

/** A string field of a request body ('' when optional and absent), or an EDITOR_BAD_REQUEST. */
export function text(fields: Record<string, unknown>, name: string, optional = false): string {
  const value = fields[name];
  if (value === undefined && optional) return '';
  if (typeof value !== 'string') throw new EditorError('EDITOR_BAD_REQUEST', `The field "${name}" must be a string.`);
  return value;
}

const userOf = (c: Ctx) => {
  const user = c.get('user')!;
  return { id: user.id, email: user.email };
};

/** The web editor: its page and the JSON routes its script calls (sessions, drafts, preview, pages, images, publish). */
export function registerEditorRoutes(app: Hono<DashboardEnv>, ctx: DashboardContext): void {
  const { base } = ctx;
  const root = '/projects/:projectId/editor';

  /**
   * The project and the session of the requested branch (the deployment branch by default). A GET
   * never checks out a branch that does not exist yet (EDITOR_BRANCH_NOT_FOUND): a link from another
   * site carries the Lax session cookie. Only POSTs, which carry the CSRF token, create one.
   */
  async function sessionOf(c: Ctx, branch?: string, refresh = c.req.method === 'GET', create = c.req.method === 'POST'): Promise<{ project: ProjectRow; session: EditorSession } | Response> {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    // Reads catch up with the remote now and then; writes use the checkout as it is (publish fetches itself).
    const session = await ctx.editor.open(project, branch || c.req.query('branch') || project.branch, { refresh, create });
    return { project, session };
  }

  /** A JSON route on the session of the body's (or query's) branch. */
  function json(method: 'get' | 'post', path: string, fn: (c: Ctx, session: EditorSession, project: ProjectRow, fields: Record<string, unknown>) => Promise<unknown>) {
    app[method](`${root}/${path}`, (c) =>
      answer(c, async () => {
        const fields = method === 'post' && (c.req.header('content-type') ?? '').startsWith('application/json') ? await body(c) : {};
        const found = await sessionOf(c, typeof fields.branch === 'string' ? fields.branch : undefined);
        if (found instanceof Response) throw new EditorError('EDITOR_PAGE_NOT_FOUND', 'No project has this id.', 404);
        const result = await fn(c, found.session, found.project, fields);
        // An edit on a branch made in the editor: its autosave (commit, push, draft pull request) moves on.
        if (method === 'post' && AUTOSAVED.has(path)) ctx.editor.branches.scheduleAutosave(found.session, userOf(c), new URL(c.req.url).origin);
        return result;
      }),
    );
  }

  app.get(root, async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const branch = c.req.query('branch') || project.branch;
    let file = c.req.query('file') ?? '';
    try {
      const session = await ctx.editor.open(project, branch, { create: false });
      // `?page=/guides/install` (the analytics screens' links): the page's file, by its path on the site.
      const page = c.req.query('page');
      if (!file && page) file = fileOfPage((await session.navigation()).sections.flatMap((s) => s.items), page) ?? '';
    } catch (err) {
      // A branch not made yet: the page opens and offers to create it (a POST with the CSRF token).
      if (!(err instanceof EditorError)) throw err;
      if (err.code !== 'EDITOR_BRANCH_NOT_FOUND') return errorPage(c, ctx, 404, 'DASHBOARD_NOT_FOUND', `${err.message} (${err.code})`);
    }
    const { hash } = await editorBundle();
    c.header('Content-Security-Policy', EDITOR_CSP);
    // The component names to complete are the MDX layer's: it loads with the editor, not with the dashboard.
    const viewer = viewerOf(c);
    return html(c, createElement(EditorPage, { base, viewer, project, branch, file, scriptHash: hash, components: (await import('../../mdx/index.js')).componentNames(), maxTextBytes: MAX_TEXT_BYTES, shell: { viewer, project }, readOnly: c.get('canEdit') !== true }));
  });

  app.get('/assets/editor.js', async (c) => textAsset(c, 'editor.js', (await editorBundle()).js, 'text/javascript; charset=utf-8', { 'Cache-Control': 'public, max-age=31536000, immutable' }));
  app.get('/assets/editor.css', (c) => c.body(EDITOR_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' }));

  json('get', 'state.json', async (_c, session) => ({
    branch: session.branch,
    deploymentBranch: session.project.branch,
    branches: await session.branches(),
    navigation: await session.navigation(),
    outline: await session.outline(),
    drafts: await session.drafts(),
  }));

  // A new branch from the deployment branch, checked out for the editor: the only way one is made before its first save.
  json('post', 'branches.json', async (c, session) => {
    await ctx.editor.branches.record(session, userOf(c));
    return { branch: session.branch };
  });

  /** Members who may review a branch of the project: owners, and editors given it (invitations accepted). */
  async function reviewers(project: ProjectRow): Promise<{ id: string; email: string }[]> {
    return (await listMembers(ctx.db)).filter((m) => !m.pending && (m.role === 'owner' || (m.role === 'editor' && m.projectIds.includes(project.id)))).map((m) => ({ id: m.id, email: m.email }));
  }

  /** What the branch toolbar shows: the branch's pull request and review, its changes, its preview links, who may review. */
  async function branchView(c: Ctx, session: EditorSession, project: ProjectRow) {
    const record = await ctx.editor.branches.get(project.id, session.branch);
    const you = c.get('user')!;
    return {
      branch: session.branch,
      deploymentBranch: project.branch,
      record,
      drafts: await session.drafts(),
      links: record ? await ctx.editor.branches.listLinks(project.id, session.branch) : [],
      reviewers: record ? (await reviewers(project)).filter((m) => m.id !== record.createdBy) : [],
      you: { id: you.id, email: you.email, canEdit: c.get('canEdit') === true, isAuthor: record?.createdBy === you.id },
    };
  }

  // A branch made in the editor: its draft pull request, review and preview links.
  json('get', 'branch.json', async (c, session, project) => branchView(c, session, project));

  json('post', 'branch.json', async (c, session, project, fields) => {
    const action = text(fields, 'action');
    const flow = ctx.editor.branches;
    const origin = new URL(c.req.url).origin;
    const who = { ...userOf(c), canEdit: c.get('canEdit') === true };
    // Saving by hand (once the branch is pushed: now, or by an autosave before) and asking for review start the
    // branch's site preview, as publishing a branch from the editor always did; its address comes back with the branch.
    const preview = async () => {
      const { slug } = await ctx.services.triggerPreview(project, session.branch, 'dashboard');
      return { ...(await branchView(c, session, project)), previewUrl: ctx.previewUrl(project, slug, new URL(c.req.url)) };
    };
    if (action === 'save') {
      const saved = await flow.save(session, who, origin);
      if (saved.commit || saved.branch.savedCommit) return preview();
    } else if (action === 'ready') {
      await flow.ready(session, who, origin);
      return preview();
    } else if (action === 'approve' || action === 'request-changes') await flow.review(session, who, action === 'approve');
    else if (action === 'request-review') {
      const email = text(fields, 'reviewer').trim().toLowerCase();
      const member = (await reviewers(project)).find((m) => m.email.toLowerCase() === email);
      const reviewer = member ? { ...member, canEdit: true } : null;
      await flow.requestReview(session, who, reviewer);
    } else if (action === 'merge') {
      const merged = await flow.merge(session, who, origin, () => ctx.services.triggerUpdate(project, 'dashboard'));
      return { ...(await branchView(c, session, project)), commit: merged.commit, updateId: merged.updateId };
    } else throw new EditorError('EDITOR_BAD_REQUEST', `Unknown branch action "${action}": use save, ready, request-review, approve, request-changes or merge.`);
    return branchView(c, session, project);
  });

  // Shareable preview links of a branch: made (the token shown once) and revoked by members with edit rights.
  json('post', 'share.json', async (c, session, _p, fields) => {
    const action = text(fields, 'action');
    if (action === 'create') {
      const days = fields.days === undefined ? undefined : Number(fields.days);
      const { link, token } = await ctx.editor.branches.createLink(session, userOf(c), days);
      return { link, url: `${new URL(c.req.url).origin}${base}/share/${token}/` };
    }
    if (action === 'revoke') {
      await ctx.editor.branches.revokeLink(session.project.id, session.branch, text(fields, 'id'));
      return { links: await ctx.editor.branches.listLinks(session.project.id, session.branch) };
    }
    throw new EditorError('EDITOR_BAD_REQUEST', `Unknown share action "${action}": use create or revoke.`);
  });

  json('get', 'file.json', async (c, session) => {
    const file = c.req.query('file') ?? '';
    const read = await session.readText(file);
    const preview = /\.mdx?$/i.test(file) ? await session.preview(file) : null;
    return { ...read, preview };
  });

  // Before publishing: links the drafts would leave leading nowhere (reported, not enforced).
  json('get', 'links.json', async (_c, session) => ({ broken: await session.brokenLinks() }));

  json('post', 'save.json', async (c, session, _p, fields) => session.saveText(text(fields, 'file'), text(fields, 'text'), userOf(c)));

  // The preview's fast path: the blocks of the text as typed (nothing saved), each block's HTML unless `known` lists it.
  json('post', 'blocks.json', async (_c, session, _p, fields) => session.blockPreview(text(fields, 'file'), text(fields, 'text'), Array.isArray(fields.known) ? fields.known.filter((k): k is string => typeof k === 'string') : []));

  json('post', 'pages.json', async (c, session, _p, fields) => {
    const action = text(fields, 'action');
    const file = text(fields, 'file');
    if (action === 'create') return session.createPage(file, text(fields, 'title'), userOf(c), text(fields, 'besides', true) || undefined, text(fields, 'group', true) || undefined);
    if (action === 'rename') return session.renamePage(file, text(fields, 'to'), userOf(c));
    if (action === 'delete') return session.deletePage(file, userOf(c)).then(() => ({ ok: true }));
    throw new EditorError('EDITOR_BAD_REQUEST', `Unknown page action "${action}": use create, rename or delete.`);
  });

  // Arranging the navigation: one docs.json edit per request (`NavEdit`), kept as a draft.
  // The answer carries docs.json before and after the edit: the editor's Undo sends them back (`restore`).
  json('post', 'navigation.json', async (c, session, _p, fields) => {
    const edit = navEditOf(fields);
    const before = (await session.readText('docs.json')).text;
    await session.editNavigation(edit, userOf(c));
    return { ok: true, undo: { text: before, expect: (await session.readText('docs.json')).text } };
  });

  // Shared editing (Yjs): join a page's document, then exchange updates and presence every few hundred ms.
  json('post', 'shared.json', async (_c, session, _p, fields) => {
    const file = text(fields, 'file');
    if (fields.action === 'join') return session.joinShared(file);
    const updates = fields.updates;
    if (!Array.isArray(updates) || !updates.every((u) => typeof u === 'string')) throw new EditorError('EDITOR_BAD_REQUEST', 'The field "updates" must be a list of strings.');
    const presence = fields.presence;
    return session.syncShared(file, {
      generation: Number(fields.generation),
      since: Number(fields.since) || 0,
      updates: updates as string[],
      clientId: text(fields, 'clientId').slice(0, 64),
      presence: typeof presence === 'string' ? presence : null,
      // Long polling: a sync with nothing to send may wait (at most 20 s) for the page's next change.
      waitMs: Math.max(0, Number(fields.waitMs) || 0),
    });
  });

  // Comments and suggestions (`PageReview`): never on a branch that does not exist yet (viewers use
  // these routes too, and a comment makes no branch), never written to git.
  function review(method: 'get' | 'post', path: string, fn: (c: Ctx, page: PageReview, who: Reviewer, fields: Record<string, unknown>) => Promise<unknown>) {
    app[method](`${root}/${path}`, (c) =>
      answer(c, async () => {
        const fields = method === 'post' ? await body(c) : {};
        const found = await sessionOf(c, typeof fields.branch === 'string' ? fields.branch : undefined, method === 'get', false);
        if (found instanceof Response) throw new EditorError('EDITOR_PAGE_NOT_FOUND', 'No project has this id.', 404);
        const user = c.get('user')!;
        const who: Reviewer = { id: user.id, email: user.email, canDecide: c.get('canEdit') === true, isOwner: user.role === 'owner' };
        const file = method === 'post' ? text(fields, 'file') : (c.req.query('file') ?? '');
        return fn(c, new PageReview(ctx.db, found.session, file), who, fields);
      }),
    );
  }

  review('get', 'comments.json', async (_c, page, who) => ({ threads: await page.list(), you: who.id, canDecide: who.canDecide, isOwner: who.isOwner }));

  review('post', 'comments.json', async (_c, page, who, fields) => {
    const action = text(fields, 'action');
    if (action === 'create') return { thread: await page.comment({ quote: text(fields, 'quote'), offset: Number(fields.offset), body: text(fields, 'body') }, who) };
    if (action === 'reply') return { thread: await page.reply(text(fields, 'threadId'), text(fields, 'body'), who) };
    if (action === 'delete') return page.deleteComment(text(fields, 'threadId'), text(fields, 'commentId', true) || null, who);
    throw new EditorError('EDITOR_BAD_REQUEST', `Unknown comment action "${action}": use create, reply or delete.`);
  });

  review('post', 'suggestions.json', async (_c, page, who, fields) => ({
    thread: await page.suggest({ quote: text(fields, 'quote'), offset: Number(fields.offset), replacement: text(fields, 'replacement'), body: text(fields, 'body', true) }, who),
  }));

  // Deciding (edit rights, as every editor route not listed for viewers): resolve or reopen a comment thread, accept or reject a suggestion.
  review('post', 'review.json', async (_c, page, who, fields) => {
    const action = text(fields, 'action');
    const threadId = text(fields, 'threadId');
    if (action === 'resolve' || action === 'reopen') return { thread: await page.resolve(threadId, action === 'resolve', who) };
    if (action === 'accept' || action === 'reject') return page.decide(threadId, action === 'accept', who);
    throw new EditorError('EDITOR_BAD_REQUEST', `Unknown review action "${action}": use resolve, reopen, accept or reject.`);
  });

  // History: the page's commits on the branch, one version against the current text, and that version restored as a draft.
  json('get', 'history.json', async (c, session) => ({ commits: await session.history(c.req.query('file') ?? '') }));

  json('get', 'version.json', async (c, session) => {
    const file = c.req.query('file') ?? '';
    const commit = c.req.query('commit') ?? '';
    const [version, current] = [await session.version(file, commit), await session.currentText(file)];
    return { commit, text: version, diff: lineDiff(version, current) };
  });

  json('post', 'restore.json', async (c, session, _p, fields) => {
    const file = text(fields, 'file');
    const version = await session.version(file, text(fields, 'commit'));
    return session.editText(file, () => version, userOf(c));
  });

  json('post', 'discard.json', async (_c, session, _p, fields) => session.discard(text(fields, 'file')).then(() => ({ ok: true })));

  json('post', 'upload.json', async (c, session) => {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    return session.uploadImage(c.req.query('file') ?? '', bytes, userOf(c));
  });

  json('post', 'publish.json', async (c, session, project, fields) => {
    const url = new URL(c.req.url);
    return session.publish(userOf(c), text(fields, 'message', true), {
      publicUrl: url.origin,
      triggerUpdate: () => ctx.services.triggerUpdate(project, 'dashboard'),
      triggerPreview: async (branch) => {
        const { slug } = await ctx.services.triggerPreview(project, branch, 'dashboard');
        return { url: ctx.previewUrl(project, slug, url) };
      },
    });
  });

  // The preview of a page: the last good render, as readers would see it, without scripts.
  app.get(`${root}/preview`, async (c) => {
    const found = await sessionOf(c, undefined, false).catch((err: unknown) => {
      if (err instanceof EditorError) return null;
      throw err;
    });
    if (found instanceof Response) return found;
    const page = found?.session.previewHtml(c.req.query('file') ?? '');
    c.header('Content-Security-Policy', PREVIEW_CSP);
    c.header('X-Frame-Options', 'SAMEORIGIN');
    if (!page) return c.html('<!doctype html><meta charset="utf-8"><title>No preview</title><p style="font:14px system-ui;color:#555;padding:2rem">No preview yet: the page has errors, or it was not opened in the editor.</p>', 404);
    return c.html(page);
  });

  // Files the preview links: the site's stylesheet, fonts, and the repository's images.
  app.get(`${root}/site/:key/*`, async (c) => {
    const session = ctx.editor.byKey(c.req.param('projectId'), c.req.param('key'));
    const prefix = `${base}/projects/${c.req.param('projectId')}/editor/site/${c.req.param('key')}`;
    let pathname: string;
    try {
      pathname = decodeURIComponent(c.req.path.slice(prefix.length));
    } catch {
      // Malformed escapes name no file.
      return c.text('Not found', 404);
    }
    const file = session ? await session.previewAsset(pathname) : null;
    if (!file) return c.text('Not found', 404);
    c.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'self'");
    return c.body(typeof file.body === 'string' ? file.body : new Uint8Array(file.body), 200, { 'Content-Type': file.type, 'Cache-Control': 'no-cache' });
  });

  // The assets, redirects and site settings managers.
  registerManagerRoutes(json);

  // A JSON route the editor does not have.
  app.all(`${root}/*`, (c) => (c.req.path.endsWith('.json') ? c.json({ error: { code: 'EDITOR_BAD_REQUEST', message: 'The editor has no such route.' } }, 404) : errorPage(c, ctx, 404, 'DASHBOARD_NOT_FOUND', 'There is no editor page at this address.')));
}

/** A shared preview as a page: no script, framed by nobody, not indexed. */
const SHARED_PREVIEW_CSP = PREVIEW_CSP.replace("frame-ancestors 'self'", "frame-ancestors 'none'");

/**
 * Shareable preview links (public: no sign-in): `<base>/share/<token>/<page path>` shows the branch's
 * pages as the editor previews them (untrusted, compiled in the sandboxed process), with the site's
 * files under the same prefix. A revoked or expired link answers 410, an unknown one 404, each with its code.
 */
export function registerShareRoutes(app: Hono<DashboardEnv>, ctx: DashboardContext): void {
  const refusedPage = (c: Ctx, err: EditorError) =>
    c.html(
      `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Preview unavailable</title><main style="font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:15vh auto;padding:0 1.25rem"><h1 style="font-size:1.4rem">This preview is not available</h1><p>${escapeHtml(err.message)}</p><p><code>${err.code}</code></p></main></html>`,
      err.status,
    );
  app.get('/share/:token', (c) => c.redirect(`${ctx.base}/share/${encodeURIComponent(c.req.param('token'))}/`));
  app.get('/share/:token/*', async (c) => {
    const token = c.req.param('token');
    c.header('X-Robots-Tag', 'noindex');
    try {
      const link = await ctx.editor.branches.resolveLink(token);
      const project = await getProject(ctx.db, link.projectId);
      if (!project) throw new EditorError('EDITOR_PREVIEW_LINK_INVALID', 'The project of this preview link was deleted.', 404);
      const session = await ctx.editor.open(project, link.branch, { create: false });
      const prefix = `${ctx.base}/share/${token}`;
      let rest: string;
      try {
        rest = decodeURIComponent(c.req.path.slice(prefix.length)) || '/';
      } catch {
        rest = '\0';
      }
      const relink = (text: string) => text.split(session.assetBase).join(prefix);
      const items = (await session.navigation()).sections.flatMap((s) => s.items);
      const file = rest === '/' ? firstPage(items) : fileOfPage(items, rest);
      if (file) {
        await session.preview(file);
        const page = session.previewHtml(file);
        if (!page) throw new EditorError('EDITOR_PAGE_NOT_FOUND', `The page ${file} has errors on this branch; its preview is shown once they are fixed.`, 404);
        c.header('Content-Security-Policy', SHARED_PREVIEW_CSP);
        return c.html(relink(page));
      }
      const asset = await session.previewAsset(rest);
      if (!asset) throw new EditorError('EDITOR_PAGE_NOT_FOUND', `The branch has no page or file at ${rest}.`, 404);
      c.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
      const body = typeof asset.body === 'string' && /^text\/(css|html)/.test(asset.type) ? relink(asset.body) : asset.body;
      return c.body(typeof body === 'string' ? body : new Uint8Array(body), 200, { 'Content-Type': asset.type, 'Cache-Control': 'no-cache' });
    } catch (err) {
      if (err instanceof EditorError) return refusedPage(c, err);
      throw err;
    }
  });
}

/** The first page of the navigation (a shared link's home). */
function firstPage(items: NavItem[]): string | undefined {
  for (const item of items) {
    if (item.type === 'page') return item.file;
    if (item.type === 'group') {
      const found = firstPage(item.children);
      if (found) return found;
    }
  }
  return undefined;
}

/** Editor routes whose success changes a branch's files: each moves its autosave on. */
const AUTOSAVED = new Set(['save.json', 'pages.json', 'navigation.json', 'upload.json', 'restore.json', 'discard.json', ...MANAGER_WRITES]);

/** The file of the navigation entry whose site path is `href` (a trailing slash ignored). */
function fileOfPage(items: NavItem[], href: string): string | undefined {
  const want = href.replace(/\/+$/, '') || '/';
  for (const item of items) {
    // The home page is `/` on the site and `/index` in the navigation.
    if (item.type === 'page' && ((item.href.replace(/\/+$/, '') || '/') === want || (want === '/' && item.href === '/index'))) return item.file;
    if (item.type === 'group') {
      const found = fileOfPage(item.children, href);
      if (found) return found;
    }
  }
  return undefined;
}
