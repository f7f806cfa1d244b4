/**
 * The discovery API on `folio serve`, shaped as the platform's (`discovery-openapi.json`):
 * - `POST /v1/search/{domain}`: `{ query, pageSize?, scoreThreshold?, filter?: { version, language, group } }`
 *   → `[{ path, content, metadata: { title, anchor, heading, excerpt, score, operation? } }]`, best first;
 * - `POST /v1/page/{domain}`: `{ path }` → `{ path, content }`, the page's Markdown.
 * `{domain}` names a hosted site as hosting does (`<project>.<site domain>`, `<slug>--<project>...`
 * for a preview, a custom domain) or is a project id. Authenticated with an assistant key of that
 * project; browsers are answered with CORS headers for the origins the key allows.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { clientAddress } from '../api/index.js';
import type { AssistantKeyRow, Database } from '../db/index.js';
import type { SiteRef, SiteStore } from '../hosting/index.js';
import { markdownFileFor } from '../markdown/index.js';
import { loadSectionIndex, type SectionIndex } from '../retrieval/index.js';
import { AssistantKeys, checkOrigin } from './assistant-auth.js';
import { AssistantError } from './codes.js';
import { RequestLimiter, type RateLimits } from './rate-limits.js';

export interface DiscoveryDeps {
  db: Database;
  store: SiteStore;
  /** The site a `{domain}` names, or null (hosting's `HostMap.siteFor`, or a project id). */
  resolveSite: (domain: string) => Promise<SiteRef | null>;
  /** Behind a trusted proxy: the reader's address from `X-Forwarded-For`. */
  trustProxy?: boolean;
  limits?: RateLimits;
}

/** Largest body of a search or page request: a question and its filters fit many times over. */
const MAX_BODY_BYTES = 16 * 1024;
/** Most characters of a section's text in a search result. */
const MAX_CONTENT_CHARS = 4_000;

const label = z.string().trim().min(1).max(100);
const searchBody = z
  .object({
    query: z.string().trim().min(1).max(500),
    pageSize: z.number().int().min(1).max(50).default(10),
    scoreThreshold: z.number().min(0).max(1).default(0),
    filter: z
      .object({
        version: label.optional(),
        language: label.optional(),
        group: label.optional(),
        /** The platform's access groups: only public pages are ever indexed, so they widen nothing. */
        groups: z.array(label).max(50).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
const pageBody = z.object({ path: z.string().trim().min(1).max(1_000), groups: z.array(label).max(50).optional() }).strict();

type Env = { Variables: { key: AssistantKeyRow } };

/** The discovery routes as a Hono app; mount it before the admin API (which guards every other `/v1/*`). */
export function createDiscoveryRoutes(deps: DiscoveryDeps): Hono<Env> {
  const keys = new AssistantKeys(deps.db);
  const limiter = new RequestLimiter(deps.limits);
  const app = new Hono<Env>();
  app.onError((error, c) => {
    if (error instanceof AssistantError) return refuse(c, error);
    throw error;
  });
  const paths = ['/v1/search/:domain', '/v1/page/:domain'];
  for (const path of paths) {
    // Preflight: a browser asks before sending the key; the key's origins are checked on the request itself.
    app.options(path, (c) => new Response(null, { status: 204, headers: corsHeaders(c.req.header('origin'), true) }));
    app.use(
      path,
      bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => refuse(c, new AssistantError(413, 'ASSISTANT_BODY_TOO_LARGE', `Request body too large: the limit is ${MAX_BODY_BYTES} bytes.`)) }),
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

  app.post('/v1/search/:domain', async (c) => {
    const body = parse(searchBody, await jsonOf(c));
    const index = await siteIndex(deps, c.req.param('domain'), c.get('key'));
    const { version, language, group } = body.filter ?? {};
    const hits = index.search(body.query, { limit: body.pageSize, scoreThreshold: body.scoreThreshold, filters: { version, language, group } });
    return c.json(
      hits.map((h) => {
        const section = index.page(h.path)?.sections.find((s) => s.anchor === h.anchor);
        return {
          path: h.path,
          content: (section?.text ?? h.excerpt).slice(0, MAX_CONTENT_CHARS),
          metadata: { title: h.title, anchor: h.anchor, heading: h.heading, excerpt: h.excerpt, score: h.score, ...(h.operation ? { operation: h.operation } : {}) },
        };
      }),
    );
  });

  app.post('/v1/page/:domain', async (c) => {
    const body = parse(pageBody, await jsonOf(c));
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
  const index = await loadSectionIndex(root.key, (file) => root.read(file));
  if (!index) throw new AssistantError(404, 'ASSISTANT_INDEX_MISSING', 'The published build has no retrieval file; publish the site again with this version of Folio.');
  return { index, read: async (file) => (await root.read(file))?.toString('utf8') ?? null };
}

async function siteIndex(deps: DiscoveryDeps, domain: string, key: AssistantKeyRow): Promise<SectionIndex> {
  return (await siteBuild(deps, domain, key)).index;
}

/** A page path as search results give it, or as a reader may write it: `guides/intro`, `/guides/intro.md#x`, a full URL. */
export function sitePathOf(input: string): string | null {
  let p = input;
  if (/^https?:\/\//i.test(p)) {
    try {
      p = new URL(p).pathname;
    } catch {
      return null;
    }
  }
  p = p.replace(/[?#].*$/, '').replace(/\.md$/, '').replace(/\/+$/, '');
  p = '/' + p.replace(/^\/+/, '');
  return p === '/' ? '/index' : p;
}

async function jsonOf(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new AssistantError(400, 'ASSISTANT_INVALID_REQUEST', 'Invalid request: body: send a JSON object with `Content-Type: application/json`.');
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length ? issue.path.join('.') : 'body';
  throw new AssistantError(400, 'ASSISTANT_INVALID_REQUEST', `Invalid request: ${field}: ${issue.message}.`);
}

/** Browsers may call from any origin a key allows (checked per request); the key travels in a header, never a cookie. */
function corsHeaders(origin: string | undefined, preflight: boolean): Record<string, string> {
  if (!origin) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    Vary: 'Origin',
    ...(preflight ? { 'Access-Control-Allow-Methods': 'POST, OPTIONS', 'Access-Control-Allow-Headers': 'Authorization, Content-Type', 'Access-Control-Max-Age': '600' } : {}),
  };
}

function refuse(c: Context, error: AssistantError): Response {
  const headers = { ...error.headers, ...corsHeaders(c.req.header('origin'), false) };
  return c.json({ error: error.message, code: error.code }, error.status, headers);
}
