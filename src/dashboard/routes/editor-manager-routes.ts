/**
 * The editor's managers over JSON (`editor/managers.ts`): the assets (`assets.json`), docs.json's
 * redirects (`redirects.json`) and its common settings (`settings.json`). Registered by
 * `registerEditorRoutes` through its `json` helper, so they share the editor's session lookup, its
 * refusals, the dashboard's CSRF and Origin checks and `access.ts`'s rule for the editor (edit rights).
 */
import type { Context } from 'hono';
import type { ProjectRow } from '../../db/index.js';
import {
  addRedirect,
  deleteAsset,
  deleteRedirect,
  docsJsonOf,
  editDocsJson,
  EditorError,
  listAssets,
  moveAsset,
  readRedirects,
  readSettings,
  SETTING_CHOICES,
  settingsOf,
  updateRedirect,
  writeSettings,
  type EditorSession,
  type Redirect,
} from '../../editor/index.js';
import type { DashboardEnv } from '../context.js';

type Ctx = Context<DashboardEnv>;
type JsonRoute = (method: 'get' | 'post', path: string, fn: (c: Ctx, session: EditorSession, project: ProjectRow, fields: Record<string, unknown>) => Promise<unknown>) => void;

/** The routes of the managers whose POSTs change a branch's files (each moves a branch's autosave on). */
export const MANAGER_WRITES = ['assets.json', 'redirects.json', 'settings.json'];

const userOf = (c: Ctx) => {
  const user = c.get('user')!;
  return { id: user.id, email: user.email };
};

const field = (fields: Record<string, unknown>, name: string): string => {
  const value = fields[name];
  if (typeof value !== 'string') throw new EditorError('EDITOR_BAD_REQUEST', `The field "${name}" must be a string.`);
  return value;
};

const indexOf = (fields: Record<string, unknown>): number => {
  const index = fields.index;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0) throw new EditorError('EDITOR_BAD_REQUEST', 'The field "index" must be the redirect\'s place in the list (0 for the first).');
  return index;
};

const redirectOf = (fields: Record<string, unknown>): Redirect => {
  const r = fields.redirect;
  if (!r || typeof r !== 'object' || Array.isArray(r)) throw new EditorError('EDITOR_BAD_REQUEST', 'The field "redirect" must be an object { source, destination, permanent }.');
  const o = r as Record<string, unknown>;
  return { source: field(o, 'source'), destination: field(o, 'destination'), permanent: o.permanent !== false };
};

export function registerManagerRoutes(json: JsonRoute): void {
  // Assets: the list (with sizes, draft state and where each is used); moves and deletions as drafts. Uploads are `upload.json`'s.
  json('get', 'assets.json', async (_c, session) => ({ ...(await listAssets(session)), base: session.assetBase }));

  json('post', 'assets.json', async (c, session, _p, fields) => {
    const action = field(fields, 'action');
    if (action === 'delete') return deleteAsset(session, field(fields, 'file'), userOf(c), fields.force === true);
    if (action === 'move') return moveAsset(session, field(fields, 'file'), field(fields, 'to'), userOf(c));
    throw new EditorError('EDITOR_BAD_REQUEST', `Unknown asset action "${action}": use delete or move.`);
  });

  // Redirects of docs.json: listed, added, changed and deleted as text edits of docs.json (a draft).
  json('get', 'redirects.json', async (_c, session) => ({ redirects: readRedirects(await docsJsonOf(session)) }));

  json('post', 'redirects.json', async (c, session, _p, fields) => {
    const action = field(fields, 'action');
    let edit: (text: string) => string;
    if (action === 'add') edit = (text) => addRedirect(text, redirectOf(fields));
    else if (action === 'update') edit = (text) => updateRedirect(text, indexOf(fields), field(fields, 'expect'), redirectOf(fields));
    else if (action === 'delete') edit = (text) => deleteRedirect(text, indexOf(fields), field(fields, 'expect'));
    else throw new EditorError('EDITOR_BAD_REQUEST', `Unknown redirect action "${action}": use add, update or delete.`);
    return { redirects: readRedirects(await editDocsJson(session, userOf(c), edit)) };
  });

  // The site settings form: docs.json's common settings, written back as the fields that changed.
  json('get', 'settings.json', async (_c, session) => ({ settings: readSettings(await docsJsonOf(session)), choices: SETTING_CHOICES }));

  json('post', 'settings.json', async (c, session, _p, fields) => {
    const next = settingsOf(fields.settings);
    return { settings: readSettings(await editDocsJson(session, userOf(c), (text) => writeSettings(text, next))), choices: SETTING_CHOICES };
  });
}
