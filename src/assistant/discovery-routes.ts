/**
 * The discovery API on `folio serve`, shaped as the platform's (`discovery-openapi.json`):
 * - `POST /v1/search/{domain}`: `{ query, pageSize?, scoreThreshold?, filter?: { version, language, group } }`
 *   → `[{ path, content, metadata: { title, anchor, heading, excerpt, score, operation? } }]`, best first;
 * - `POST /v1/page/{domain}`: `{ path }` → `{ path, content }`, the page's Markdown.
 * - `POST /v1/assistant/{domain}/message`, `POST /v2/assistant/{domain}/message`: a question, answered
 *   as the AI SDK 4 data stream (v1) or AI SDK 5 UI message stream (v2); see `assistant-service.ts`.
 * `{domain}` names a hosted site as hosting does (`<project>.<site domain>`, `<slug>--<project>...`
 * for a preview, a custom domain) or is a project id. Authenticated with an assistant key of that
 * project; browsers are answered with CORS headers for the origins the key allows (a preflight,
 * which carries no key, for the origins some live key of the project allows). The embeddable widget's
 * script and session route are in `widget-routes.ts`.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { clientAddress } from '../api/index.js';
import type { AssistantKeyRow, Database } from '../db/index.js';
import { builtSiteSettings, type SiteRef, type SiteStore } from '../hosting/index.js';
import { markdownFileFor } from '../shared/index.js';
import type { SectionIndex } from '../retrieval/index.js';
import { AssistantKeys, checkOrigin } from './assistant-auth.js';
import { indexOfBuild, messageBody, type AssistantService, type AssistantSite } from './assistant-service.js';
import { AssistantError } from './codes.js';
import { parseValue } from './request-body.js';
import { RequestLimiter, type RateLimits } from './rate-limits.js';
import { pageBody, searchBody, searchResults } from './search-results.js';
import { sitePathOf } from './site-paths.js';
import { ProjectOrigins, widgetScript } from './widget-routes.js';

export interface DiscoveryDeps {
  db: Database;
  store: SiteStore;
  /** The site a `{domain}` names, or null (hosting's `HostMap.siteFor`, or a project id). */
  resolveSite: (domain: string) => Promise<SiteRef | null>;
  /** Behind a trusted proxy: the reader's address from `X-Forwarded-For`. */
  trustProxy?: boolean;
  limits?: RateLimits;
  /** Answers the message routes (refusing with `ASSISTANT_NOT_CONFIGURED` when no model is set); none: they are not mounted. */
  assistant?: AssistantService;
}

/** Largest body of a search or page request: a question and its filters fit many times over. */
const MAX_BODY_BYTES = 16 * 1024;
/** Largest body of a message: the conversation so far comes with it. */
const MAX_MESSAGE_BYTES = 64 * 1024;

type Env = { Variables: { key: AssistantKeyRow } };

/** The discovery routes as a Hono app; mount it before the admin API (which guards every other `/v1/*`). */
export function createDiscoveryRoutes(deps: DiscoveryDeps): Hono<Env> {
  const keys = new AssistantKeys(deps.db);
  const origins = new ProjectOrigins(deps.db);
  // Only PostgreSQL can have several servers; the embedded database has one, which counts alone.
  const limiter = new RequestLimiter(deps.limits, { db: deps.db.kind === 'postgres' ? deps.db : undefined });
  const app = new Hono<Env>();
  app.onError((error, c) => {
    if (error instanceof AssistantError) return refuse(c, error);
    throw error;
  });
  const paths: [string, number][] = [
    ['/v1/search/:domain', MAX_BODY_BYTES],
    ['/v1/page/:domain', MAX_BODY_BYTES],
    ...(deps.assistant ? (['v1', 'v2'] as const).map((v): [string, number] => [`/${v}/assistant/:domain/message`, MAX_MESSAGE_BYTES]) : []),
  ];
  for (const [path, maxSize] of paths) {
    // Preflight: a browser asks before sending the key, so the origin must be one some live key of the
    // site's project allows; the request's own key is checked on the request itself.
    app.options(path, async (c) => {
      const origin = c.req.header('origin');
      if (!origin) return new Response(null, { status: 204 });
      const site = await siteOf(deps, c.req.param('domain') ?? '');
      if (!(await origins.allows(site.projectId, origin))) throw originRefused(origin);
      return new Response(null, { status: 204, headers: corsHeaders(origin, true) });
    });
    app.use(
      path,
      bodyLimit({ maxSize, onError: (c) => refuse(c, new AssistantError(413, 'ASSISTANT_BODY_TOO_LARGE', `Request body too large: the limit is ${maxSize} bytes.`)) }),
      async (c, next) => {
        const key = await keys.authenticate(c.req.header('authorization'));
        checkOrigin(key, c.req.header('origin'));
        const refused = limiter.take(clientAddress(c, deps.trustProxy), key.id);
        if (refused) throw new AssistantError(429, 'ASSISTANT_RATE_LIMITED', `Too many requests ${refused.by === 'address' ? 'from this address' : 'with this key'}; retry after ${refused.retryAfter} s.`, { 'Retry-After': String(refused.retryAfter) });
        c.set('key', key);
        await next();
        for (const [name, value] of Object.entries(corsHeaders(c.req.header('origin'), false))) c.res.headers.set(name, value);
      },
    );
  }

  app.get('/__folio/widget.js', (c) => widgetScript(c.req.header('if-none-match')));

  const assistant = deps.assistant;
  if (assistant) {
    // The widget's session: a plain GET with the key in the query, so no preflight stands before it and
    // a refused origin reads why (the only refusal answered with CORS headers: it names no data).
    app.get('/v1/assistant/:domain/session', async (c) => {
      const origin = c.req.header('origin');
      try {
        const key = await keys.authenticate(`Bearer ${c.req.query('key') ?? ''}`);
        checkOrigin(key, origin);
        const address = clientAddress(c, deps.trustProxy);
        const refused = limiter.take(address, key.id);
        if (refused) throw new AssistantError(429, 'ASSISTANT_RATE_LIMITED', `Too many requests ${refused.by === 'address' ? 'from this address' : 'with this key'}; retry after ${refused.retryAfter} s.`, { 'Retry-After': String(refused.retryAfter) });
        const site = await assistantSiteOf(deps, c.req.param('domain'), key);
        return c.json(await assistant.session(site, address), 200, { ...corsHeaders(origin, false), 'Cache-Control': 'no-store' });
      } catch (error) {
        if (error instanceof AssistantError) return c.json({ error: error.message, code: error.code }, error.status, { ...error.headers, ...corsHeaders(origin, false) });
        throw error;
      }
    });
    for (const version of ['v1', 'v2'] as const) {
      app.post(`/${version}/assistant/:domain/message`, async (c) => {
        const body = parseValue(messageBody, await jsonOf(c));
        const site = await assistantSiteOf(deps, c.req.param('domain'), c.get('key'));
        return assistant.message(site, c.req.raw, body, clientAddress(c, deps.trustProxy), version, 'api');
      });
    }
  }

  app.post('/v1/search/:domain', async (c) => {
    const body = parseValue(searchBody, await jsonOf(c));
    const index = await siteIndex(deps, c.req.param('domain'), c.get('key'));
    // A first search on a large site indexes its language a slice at a time, not holding the server.
    await index.prepare({ language: body.filter?.language });
    return c.json(searchResults(index, body));
  });

  app.post('/v1/page/:domain', async (c) => {
    const body = parseValue(pageBody, await jsonOf(c));
    const { index, read } = await siteBuild(deps, c.req.param('domain'), c.get('key'));
    const href = sitePathOf(body.path);
    const page = href ? index.page(href) : undefined;
    const markdown = page ? await read(markdownFileFor(page.href)) : null;
    if (!page || markdown === null) throw new AssistantError(404, 'ASSISTANT_PAGE_NOT_FOUND', `The site has no searchable page at ${JSON.stringify(body.path)}; use a \`path\` from the search results.`);
    return c.json({ path: page.href, content: markdown });
  });
  return app;
}

/** The published build's index and a reader of its files, for a key of its project. */
async function siteBuild(deps: DiscoveryDeps, domain: string, key: AssistantKeyRow): Promise<{ index: SectionIndex; read: (file: string) => Promise<string | null> }> {
  const site = domain.length <= 253 ? await deps.resolveSite(domain.toLowerCase()) : null;
  if (!site) throw new AssistantError(404, 'ASSISTANT_SITE_NOT_FOUND', `No site answers to ${JSON.stringify(domain)}; name it by its host (<project>.<site domain>, a custom domain) or project id.`);
  if (site.projectId !== key.projectId) throw new AssistantError(403, 'ASSISTANT_KEY_OTHER_SITE', `This key belongs to project ${key.projectId}, not to the site ${domain}.`);
  const root = await deps.store.current(site);
  if (!root) throw new AssistantError(404, 'ASSISTANT_SITE_NOT_FOUND', `Nothing is published for ${JSON.stringify(domain)} yet.`);
  const index = await indexOfBuild(root);
  return { index, read: async (file) => (await root.read(file))?.toString('utf8') ?? null };
}

/** The published build a message is about, with its base path (the answer's links start with it). */
async function assistantSiteOf(deps: DiscoveryDeps, domain: string, key: AssistantKeyRow): Promise<AssistantSite> {
  const site = await siteOf(deps, domain);
  if (site.projectId !== key.projectId) throw new AssistantError(403, 'ASSISTANT_KEY_OTHER_SITE', `This key belongs to project ${key.projectId}, not to the site ${domain}.`);
  const build = await deps.store.current(site);
  if (!build) throw new AssistantError(404, 'ASSISTANT_SITE_NOT_FOUND', `Nothing is published for ${JSON.stringify(domain)} yet.`);
  return { projectId: site.projectId, preview: site.preview, build, basePath: (await builtSiteSettings(build)).basePath };
}

/** The site a `{domain}` names, or a refusal (404). */
async function siteOf(deps: DiscoveryDeps, domain: string): Promise<SiteRef> {
  const site = domain.length <= 253 ? await deps.resolveSite(domain.toLowerCase()) : null;
  if (!site) throw new AssistantError(404, 'ASSISTANT_SITE_NOT_FOUND', `No site answers to ${JSON.stringify(domain)}; name it by its host (<project>.<site domain>, a custom domain) or project id.`);
  return site;
}

const originRefused = (origin: string) =>
  new AssistantError(403, 'ASSISTANT_ORIGIN_REFUSED', `The origin ${origin} is not allowed for this site's assistant keys; add it to a key's allowed origins in the dashboard.`);

async function siteIndex(deps: DiscoveryDeps, domain: string, key: AssistantKeyRow): Promise<SectionIndex> {
  return (await siteBuild(deps, domain, key)).index;
}

async function jsonOf(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new AssistantError(400, 'ASSISTANT_INVALID_REQUEST', 'Invalid request: body: send a JSON object with `Content-Type: application/json`.');
  }
}

/** Browsers may call from any origin a key allows (checked per request); the key travels in a header, never a cookie. */
function corsHeaders(origin: string | undefined, preflight: boolean): Record<string, string> {
  if (!origin) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    Vary: 'Origin',
    ...(preflight ? { 'Access-Control-Allow-Methods': 'POST, OPTIONS', 'Access-Control-Allow-Headers': 'Authorization, Content-Type, X-Folio-Page-Token', 'Access-Control-Max-Age': '600' } : { 'Access-Control-Expose-Headers': 'X-Folio-Thread-Id' }),
  };
}

function refuse(c: Context, error: AssistantError): Response {
  // A refused origin gets no CORS headers: its page cannot read the answer, and its preflight fails.
  const cors = error.code === 'ASSISTANT_ORIGIN_REFUSED' ? {} : corsHeaders(c.req.header('origin'), false);
  const headers = { ...error.headers, ...cors };
  return c.json({ error: error.message, code: error.code }, error.status, headers);
}
