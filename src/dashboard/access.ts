import type { MiddlewareHandler } from 'hono';
import type { DashboardCode } from './codes.js';
import type { DashboardContext, DashboardEnv } from './context.js';
import { canEditProject } from './data/members.js';
import { errorPage } from './respond.js';

/**
 * What a request needs: `read` any signed-in member, `edit` an owner or an editor with rights on the
 * project in the path, `owner` an owner.
 */
export type Need = 'read' | 'edit' | 'owner';

export interface AccessRule {
  need: Need;
  /** The project named in the path (`/projects/<id>/...`), or null. */
  projectId: string | null;
}

// One table for the whole dashboard, read top to bottom; the first match wins. Writes that match no
// line are for owners, so a route added later is closed until someone decides who may use it.
const RULES: Array<{ methods: 'GET' | 'POST' | '*'; path: RegExp; need: Need }> = [
  // Members and keys are the owner's, to see and to change.
  { methods: '*', path: /^\/members(\/|$)/, need: 'owner' },
  { methods: '*', path: /^\/projects\/[^/]+\/(keys|assistant-keys)(\/|$)/, need: 'owner' },
  // The Slack app's settings hold its bot token and signing secret (shown masked): owners only, to see and to change.
  { methods: '*', path: /^\/projects\/[^/]+\/products\/slack(\/|$)/, need: 'owner' },
  // Comments and suggestions in the web editor: every member, viewers too, as on the platform (resolving,
  // accepting and rejecting are the editor's `review.json`, below; deleting another's comment is an owner's).
  { methods: '*', path: /^\/projects\/[^/]+\/editor\/(comments|suggestions)\.json$/, need: 'read' },
  // Reading the editor: its page (read-only without edit rights), a page's text and preview and the site's files the
  // preview links. Viewers open it to comment and suggest; every write below stays with edit rights.
  { methods: 'GET', path: /^\/projects\/[^/]+\/editor(\/(state|file)\.json|\/preview|\/site\/.+)?$/, need: 'read' },
  // The web editor, all of it: its page, drafts, navigation edits, uploads, shared editing, previews and publishing.
  { methods: '*', path: /^\/projects\/[^/]+\/editor(\/|$)/, need: 'edit' },
  // Changing the docs' content: agent jobs, site updates and previews, triaging readers' feedback.
  { methods: 'POST', path: /^\/projects\/[^/]+\/jobs(\/[^/]+\/(message|archive))?$/, need: 'edit' },
  { methods: 'POST', path: /^\/projects\/[^/]+\/(updates|previews|previews\/delete)$/, need: 'edit' },
  { methods: 'POST', path: /^\/projects\/[^/]+\/analytics\/feedback\/[^/]+$/, need: 'edit' },
  // Handing a topic of readers' questions to the agent starts a job, as the jobs page does.
  { methods: 'POST', path: /^\/projects\/[^/]+\/analytics\/topics\/[^/]+\/fix$/, need: 'edit' },
  // Exporting the live site as a PDF starts a print on the server (one at a time per project): edit rights, as an update; downloading is reading.
  { methods: 'POST', path: /^\/projects\/[^/]+\/pdf$/, need: 'edit' },
  // Accepting a suggestion starts a job; dismissing one triages it (the source repository and "Check now" stay with owners).
  { methods: 'POST', path: /^\/projects\/[^/]+\/suggestions\/[^/]+\/(accept|dismiss)$/, need: 'edit' },
  // Project settings, new projects, webhook secrets and automations (recurring, paid model runs) stay with owners.
  { methods: 'GET', path: /^\//, need: 'read' },
];

/** The rule for a request, from its method and its path inside the dashboard (`/projects/p1/editor`). */
export function accessFor(method: string, path: string): AccessRule {
  const projectId = /^\/projects\/([^/]+)/.exec(path)?.[1] ?? null;
  const verb = method === 'HEAD' ? 'GET' : method;
  const rule = RULES.find((r) => (r.methods === '*' || r.methods === verb) && r.path.test(path));
  return { need: rule?.need ?? 'owner', projectId: projectId && decodeSegment(projectId) };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The refusal's code and message for a member who lacks what a request needs. */
function refusalOf(need: Need, role: string): { code: DashboardCode; message: string } {
  if (need === 'owner') return { code: 'DASHBOARD_OWNER_ONLY', message: 'Only owners can do this (members, API keys, project settings, automations). Ask an owner of this dashboard.' };
  const why = role === 'viewer' ? 'Your account is a viewer: it can read the dashboard but change nothing.' : 'Your account has no edit rights on this project.';
  return { code: 'DASHBOARD_EDIT_RIGHTS_MISSING', message: `${why} Ask an owner to give you edit rights on it (Members page).` };
}

/**
 * Check every signed-in request against the table above, on the server: hidden buttons are a
 * courtesy, this is the rule. Also leaves `canEdit` (edit rights on the project in the path) for the pages.
 */
export function enforceRoles(ctx: DashboardContext): MiddlewareHandler<DashboardEnv> {
  return async (c, next) => {
    const user = c.get('user')!;
    const path = c.req.path.startsWith(`${ctx.base}/`) ? c.req.path.slice(ctx.base.length) : c.req.path;
    const rule = accessFor(c.req.method, path);
    const canEdit = rule.projectId ? await canEditProject(ctx.db, user, rule.projectId) : user.role === 'owner';
    c.set('canEdit', canEdit);
    const allowed = rule.need === 'read' || (rule.need === 'owner' ? user.role === 'owner' : canEdit);
    if (allowed) return next();
    const { code, message } = refusalOf(rule.need, user.role);
    // The editor's script and the status pollers read JSON; everything else gets the dashboard's error page.
    if (path.endsWith('.json')) return c.json({ error: { code, message } }, 403);
    return errorPage(c, ctx, 403, code, message);
  };
}
