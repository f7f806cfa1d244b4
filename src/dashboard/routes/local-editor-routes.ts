/**
 * The web editor of `folio dev`, over the writer's own docs folder (`LocalEditor`: files written,
 * no git, no database, no sign-in). `dev` may not import the editor or the dashboard, so `cli`
 * hands this route to the dev server's `siteRoute` hook. Under the site's base path:
 * - `GET /__folio/editor`: the editor page (the dashboard's, without branches, publishing and
 *   shared editing), its script and styles under `/__folio/editor/assets/`;
 * - `/__folio/editor/api/...`: the dashboard's JSON routes the page calls, with the same shapes
 *   (`state.json`, `file.json`, `save.json`, `pages.json`, `navigation.json`, `upload.json`);
 * - `GET /__folio/editor/api/preview?file=`: a redirect to the page on the dev server itself, which
 *   renders it from the files as they are now (the editor reloads the frame after each save).
 * Every POST from a page of another origin is refused: a site the writer has open must not write
 * their files (the dev server already refuses any Host but loopback names).
 */
import { createElement } from 'react';
import { EditorError, editorBundle, MAX_TEXT_BYTES, navEditOf, pageEntryOf, type LocalEditor } from '../../editor/index.js';
import type { Diagnostic } from '../../shared/index.js';
import { readFile } from 'node:fs/promises';
import { dashboardAssets } from '../assets/version.js';
import { EditorPage, EDITOR_CSS } from '../views/editor-page.js';
import { renderPage } from '../views/html.js';
import { EDITOR_CSP, fieldsOf, text } from './editor-routes.js';

/** What the dev server hands the route with each request (its `DevSiteRequest`, in part). */
export interface LocalEditorRequest {
  /** The request's path under the site (its base path taken off). */
  sitePath: string;
  /** The base path the site is served under ('' at the root). */
  basePath: string;
  /** Tell the dev server these files were written, so the next page it renders has them. */
  filesChanged(files: string[]): Promise<void>;
  /** The problems of a page file as the dev server renders it now. */
  pageProblems(file: string): Promise<Diagnostic[]>;
}

const ROOT = '/__folio/editor';
const NO_STORE = { 'Cache-Control': 'no-store' };

/** The route of `folio dev`'s editor over `editor`'s folder: a response, or null for paths that are not the editor's. */
export function localEditorRoute(editor: LocalEditor): (at: LocalEditorRequest, request: Request) => Promise<Response | null> {
  // Each save's preview is a new address, so the frame loads it again (the dev server's page shows its errors too).
  let previewVersion = 0;
  const preview = async (at: LocalEditorRequest, file: string) => {
    // A body that is not valid MDX is served as plain Markdown (a warning for the site); while typing it is an error at its line, as in the dashboard.
    const problems = (await at.pageProblems(file)).map((d) => ({ line: d.line, column: d.column, severity: d.code === 'MDX_MARKDOWN_FALLBACK' ? 'error' : d.severity, code: d.code, message: d.file === file || d.file.endsWith('/' + file) ? d.message : `${d.file}: ${d.message}` }));
    return { ok: !problems.some((d) => d.severity === 'error'), version: ++previewVersion, diagnostics: problems };
  };

  return async (at, request) => {
    const { sitePath, basePath } = at;
    if (sitePath !== ROOT && !sitePath.startsWith(ROOT + '/')) return null;
    const url = new URL(request.url);
    const method = request.method;
    if (method === 'POST') {
      const refused = foreignOrigin(request);
      if (refused) return refusal(new EditorError('EDITOR_BAD_REQUEST', refused), 403);
    }
    if (method === 'GET' && sitePath === ROOT) {
      const [{ hash }] = await Promise.all([editorBundle(), dashboardAssets()]);
      const page = createElement(EditorPage, {
        base: basePath,
        viewer: { email: '', csrfToken: '' },
        project: { id: '', name: await editor.siteName(), branch: 'local' },
        branch: 'local',
        file: url.searchParams.get('file') ?? '',
        scriptHash: hash,
        components: (await import('../../mdx/index.js')).componentNames(),
        maxTextBytes: MAX_TEXT_BYTES,
        local: { api: `${basePath}${ROOT}/api`, assets: `${basePath}${ROOT}/assets`, siteHref: `${basePath}/` },
      });
      return new Response(renderPage(page), { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': EDITOR_CSP, ...NO_STORE } });
    }
    if (method === 'GET' && sitePath.startsWith(`${ROOT}/assets/`)) {
      const name = sitePath.slice(`${ROOT}/assets/`.length);
      if (name === 'editor.js') return new Response((await editorBundle()).js, { headers: { 'Content-Type': 'text/javascript; charset=utf-8', ...NO_STORE } });
      if (name === 'editor.css') return new Response(EDITOR_CSS, { headers: { 'Content-Type': 'text/css; charset=utf-8', ...NO_STORE } });
      if (name === 'app.css') return new Response((await dashboardAssets()).css, { headers: { 'Content-Type': 'text/css; charset=utf-8', ...NO_STORE } });
      const font = name.startsWith('fonts/') ? (await dashboardAssets()).fonts.get(name.slice('fonts/'.length)) : undefined;
      if (font) return new Response(new Uint8Array(await readFile(font.source)), { headers: { 'Content-Type': 'font/woff2', 'Cache-Control': 'public, max-age=31536000, immutable' } });
      return new Response('Not found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    }
    const route = sitePath.startsWith(`${ROOT}/api/`) ? sitePath.slice(`${ROOT}/api/`.length) : null;
    if (method === 'GET' && route === 'preview') {
      // The page as the dev server renders it; the frame's address changes with each save.
      const file = url.searchParams.get('file') ?? '';
      const entry = /\.mdx?$/i.test(file) && !file.startsWith('/') && !file.includes('..') ? pageEntryOf(file) : '';
      return new Response(null, { status: 303, headers: { Location: `${basePath}/${entry.split('/').map(encodeURIComponent).join('/')}`, ...NO_STORE } });
    }
    try {
      return Response.json((await answer(at, request, route, url)) ?? { ok: true }, { headers: NO_STORE });
    } catch (err) {
      if (err instanceof EditorError) return refusal(err, err.status);
      throw err;
    }
  };

  async function answer(at: LocalEditorRequest, request: Request, route: string | null, url: URL): Promise<unknown> {
    const { method } = request;
    if (method === 'GET' && route === 'state.json') return editor.state();
    if (method === 'GET' && route === 'file.json') {
      const file = url.searchParams.get('file') ?? '';
      return { ...(await editor.readText(file)), preview: /\.mdx?$/i.test(file) ? await preview(at, file) : null };
    }
    if (method === 'POST' && route === 'upload.json') {
      const uploaded = await editor.uploadImage(url.searchParams.get('file') ?? '', new Uint8Array(await request.arrayBuffer()));
      await at.filesChanged([uploaded.file]);
      return uploaded;
    }
    if (method === 'POST' && route === 'save.json') {
      const fields = await body(request);
      const file = text(fields, 'file');
      const { hash } = await editor.saveText(file, text(fields, 'text'), text(fields, 'base', true) || undefined);
      await at.filesChanged([file]);
      return { hash, preview: file === 'docs.json' ? null : await preview(at, file) };
    }
    if (method === 'POST' && route === 'pages.json') {
      const fields = await body(request);
      const action = text(fields, 'action');
      const file = text(fields, 'file');
      if (action === 'create') {
        const created = await editor.createPage(file, text(fields, 'title'), text(fields, 'besides', true) || undefined, text(fields, 'group', true) || undefined);
        await at.filesChanged([file, 'docs.json']);
        return created;
      }
      if (action === 'rename') {
        const to = text(fields, 'to');
        const renamed = await editor.renamePage(file, to);
        await at.filesChanged([file, to, 'docs.json']);
        return renamed;
      }
      if (action === 'delete') {
        await editor.deletePage(file);
        await at.filesChanged([file, 'docs.json']);
        return { ok: true };
      }
      throw new EditorError('EDITOR_BAD_REQUEST', `Unknown page action "${action}": use create, rename or delete.`);
    }
    if (method === 'POST' && route === 'navigation.json') {
      const edit = navEditOf(await body(request));
      const before = (await editor.readText('docs.json')).text;
      await editor.editNavigation(edit);
      await at.filesChanged(['docs.json']);
      return { ok: true, undo: { text: before, expect: (await editor.readText('docs.json')).text } };
    }
    // Branches, drafts, shared editing and publishing are the dashboard's: files here are written as they are saved.
    throw new EditorError('EDITOR_BAD_REQUEST', `folio dev's editor has no route "${route ?? at.sitePath}" (branches, publishing and shared editing are in the dashboard of folio serve).`, 404);
  }
}

/** Why a POST is refused: from a page of another origin (a site the writer has open), or from a cross-site fetch. */
function foreignOrigin(request: Request): string | null {
  const origin = request.headers.get('origin');
  const site = request.headers.get('sec-fetch-site');
  let host: string | null = null;
  try {
    host = origin ? new URL(origin).host : null;
  } catch {
    // `null` (a sandboxed frame) or unparsable: refused below.
  }
  if ((origin !== null && host !== request.headers.get('host')) || (site !== null && site !== 'same-origin' && site !== 'none')) {
    return `folio dev's editor takes changes from its own page only, not from ${origin ?? 'another site'}; nothing was written.`;
  }
  return null;
}

function refusal(err: EditorError, status: number): Response {
  return Response.json({ error: { code: err.code, message: err.message } }, { status, headers: NO_STORE });
}

/** A JSON body's object, or an EDITOR_BAD_REQUEST. */
async function body(request: Request): Promise<Record<string, unknown>> {
  if (!(request.headers.get('content-type') ?? '').startsWith('application/json')) throw new EditorError('EDITOR_BAD_REQUEST', 'Send the fields as JSON (Content-Type: application/json).');
  return fieldsOf(await request.json().catch(() => null));
}
