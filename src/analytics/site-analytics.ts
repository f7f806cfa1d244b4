/**
 * Analytics of hosted sites, as `folio serve` wires it: `observe` counts the views the server has
 * just answered (synchronous: classify and queue, nothing awaited), `handleEvent` answers the
 * beacon's `POST /__folio/analytics`, and `close` writes what is still queued.
 */
import { AnalyticsCollector, type CollectorOptions } from './collector.js';
import { classifyRequest, namesPage, referrerHostOf } from './classify.js';
import { ANALYTICS_CODES, type AnalyticsCode } from './codes.js';
import { MAX_EVENT_BYTES, parseBeacon } from './beacon-schema.js';
import { RateWindow } from './rate-window.js';
import type { SiteKey } from './types.js';

/** Where the beacon sends events on a hosted site (under its base path). */
export const EVENTS_PATH = '/__folio/analytics';
/** Where a hosted site serves the beacon script (under its base path). */
export const BEACON_PATH = '/__folio/beacon.js';

export interface SiteAnalyticsOptions extends CollectorOptions {
  /** Events one address may send per minute; default 60. */
  eventsPerMinute?: number;
  /**
   * Events this server accepts per second from all sites and addresses together; default 100 (8.6
   * million a day). The per-address limit does not bound a flood from many addresses: every accepted
   * event costs the thread that also serves pages (parse, check, queue, prepare its write), so past
   * this the rest are refused. Measured (`npm run bench:analytics`, PostgreSQL, 5 rounds): a flood at
   * 500 accepted a second moved a page's p99 by +51 %, at 100 by +0 % to +20 % in three runs
   * (src/analytics/README.md).
   */
  eventsPerSecond?: number;
  /**
   * How long a rate-limited or queue-full refusal is held before it is sent, at least (up to twice
   * that, drawn at random); default 1 s. As for the admin API's failed keys: a flooding connection
   * then costs the server at most one cheap request a second, so pages keep their latency.
   */
  throttleDelayMs?: number;
}

/** What the server knows of a request it answered. */
export interface AnsweredRequest extends SiteKey {
  request: Request;
  /** The site path (base path taken off). */
  sitePath: string;
  status: number;
  contentType: string;
  clientAddress: string;
  mcpTool?: McpToolCall | null;
  /**
   * Whether the published build has a page at a page path (`/guide/intro`, `/` for the home page),
   * as its own page list says: a view is counted only for one of its pages, never for another file
   * served as HTML (a shared sidebar fragment, the 404 page by name).
   */
  isPage: (pagePath: string) => Promise<boolean>;
}

/** The tool a `POST /mcp` call named, with the arguments analytics reads: `get_page`'s page, `search`'s query. */
export interface McpToolCall {
  name: string;
  page: string | null;
  /** The `search` tool's `query` (as sent, at most 1,000 characters kept); null for other tools. */
  query?: string | null;
}

/** The reader asked not to be tracked: `DNT: 1` or `Sec-GPC: 1`. */
export function optedOut(request: Request): boolean {
  return request.headers.get('dnt') === '1' || request.headers.get('sec-gpc') === '1';
}

export class SiteAnalytics {
  readonly collector: AnalyticsCollector;
  private readonly rate: RateWindow;
  private readonly budget: { perSecond: number; tokens: number; at: number };
  private readonly throttleDelayMs: number;

  constructor(options: SiteAnalyticsOptions) {
    this.collector = new AnalyticsCollector(options);
    this.rate = new RateWindow(options.eventsPerMinute ?? 60, 60_000);
    const perSecond = options.eventsPerSecond ?? 100;
    this.budget = { perSecond, tokens: perSecond, at: Date.now() };
    this.throttleDelayMs = options.throttleDelayMs ?? 1_000;
  }

  /** One event from the server-wide budget (a token bucket of one second's events); false when it is spent. */
  private takeBudget(now = Date.now()): boolean {
    const b = this.budget;
    b.tokens = Math.min(b.perSecond, b.tokens + ((now - b.at) / 1000) * b.perSecond);
    b.at = now;
    if (b.tokens < 1) return false;
    b.tokens--;
    return true;
  }

  private hold(): Promise<void> {
    return this.throttleDelayMs > 0 ? new Promise((resolve) => setTimeout(resolve, this.throttleDelayMs * (1 + Math.random()))) : Promise.resolve();
  }

  /** Count a view the server answered, if it is one; never throws, never waits. */
  observe(r: AnsweredRequest): void {
    try {
      const h = r.request.headers;
      if (optedOut(r.request)) return;
      if (this.observeAgentSearch(r)) return;
      const purpose = `${h.get('sec-purpose') ?? ''} ${h.get('purpose') ?? ''}`;
      const userAgent = h.get('user-agent') ?? '';
      const view = classifyRequest({ method: r.request.method, path: r.sitePath, status: r.status, contentType: r.contentType, userAgent, prefetch: /prefetch|prerender/i.test(purpose), mcpTool: r.mcpTool });
      if (!view) return;
      const hit = { kind: 'view' as const, projectId: r.projectId, preview: r.preview, at: Date.now(), ...view, referrerHost: referrerHostOf(h.get('referer'), h.get('host')), address: r.clientAddress, userAgent };
      if (!namesPage(view)) {
        this.collector.offer(hit);
        return;
      }
      // Only a page of the published build is a page view (a storage failure: not counted); the page
      // list is read once per build, and the answer waits for nothing. An MCP `get_page` of a page
      // the build lacks is still a tool call.
      this.collector.offerWhen(r.isPage(view.path).then((page) => (page ? hit : view.channel === 'mcp' ? { ...hit, path: '/mcp' } : null)));
    } catch {
      // Counting never breaks serving: a view that cannot be classified is not counted.
    }
  }

  /**
   * An agent's search (the site's MCP server answered a `search` tool call): queued as a search of
   * its own, not as a view of `/mcp` (a search reads no page). True when the request was one.
   */
  private observeAgentSearch(r: AnsweredRequest): boolean {
    const query = r.status === 200 && r.sitePath === '/mcp' && r.mcpTool?.name === 'search' ? r.mcpTool.query?.trim() : undefined;
    if (query === undefined) return false;
    if (query) this.collector.offer({ kind: 'agent_search', projectId: r.projectId, preview: r.preview, at: Date.now(), query, address: r.clientAddress, userAgent: r.request.headers.get('user-agent') ?? '' });
    return true;
  }

  /**
   * Accept one beacon event: POST from the site's own origin, within the address's rate and the
   * queue's room, at most `MAX_EVENT_BYTES` of JSON, valid, and about a page the site has
   * (`pageExists`). Every refusal has a status and a code and is counted; only accepted events are stored.
   */
  async handleEvent(site: SiteKey, request: Request, clientAddress: string, pageExists: (path: string) => Promise<boolean>): Promise<Response> {
    const refuse = (status: number, code: AnalyticsCode, message: string, headers: Record<string, string> = {}) => {
      this.collector.refuse(site, code);
      return Response.json({ error: message, code }, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
    };
    if (request.method !== 'POST') return refuse(405, 'ANALYTICS_METHOD', `${ANALYTICS_CODES.ANALYTICS_METHOD}`, { Allow: 'POST' });
    const origin = request.headers.get('origin');
    const host = request.headers.get('host');
    if (!origin || !host || hostOf(origin) !== host.toLowerCase()) return refuse(403, 'ANALYTICS_CROSS_SITE', 'Events are accepted only from pages of this site (the Origin must be the site).');
    if (!this.rate.take(clientAddress)) {
      const retry = String(this.rate.retryAfterSeconds(clientAddress));
      await this.hold();
      return refuse(429, 'ANALYTICS_RATE_LIMITED', `Too many events from this address; retry in ${retry} s.`, { 'Retry-After': retry });
    }
    if (!this.takeBudget()) {
      await this.hold();
      return refuse(503, 'ANALYTICS_OVER_CAPACITY', 'The server is taking as many events as it can; retry shortly.', { 'Retry-After': '1' });
    }
    if (this.collector.full) {
      await this.hold();
      return refuse(503, 'ANALYTICS_QUEUE_FULL', 'The server is busy writing events; retry shortly.', { 'Retry-After': '5' });
    }
    const declared = Number(request.headers.get('content-length') ?? '0');
    if (declared > MAX_EVENT_BYTES) return refuse(413, 'ANALYTICS_TOO_LARGE', `An event is at most ${MAX_EVENT_BYTES} bytes.`);
    const text = await readLimited(request, MAX_EVENT_BYTES);
    if (text === null) return refuse(413, 'ANALYTICS_TOO_LARGE', `An event is at most ${MAX_EVENT_BYTES} bytes.`);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return refuse(400, 'ANALYTICS_MALFORMED', 'The event is not JSON; send one JSON object.');
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return refuse(400, 'ANALYTICS_MALFORMED', 'The event is not a JSON object.');
    const parsed = parseBeacon(value);
    if ('problem' in parsed) return refuse(400, parsed.code, `Invalid event: ${parsed.problem}.`);
    const event = parsed.event;
    if (this.collector.pastCap(site, event.type)) {
      const now = Date.now();
      // Events: until the next UTC day; feedback: until the next prune may have made room.
      const retry = event.type === 'feedback' ? 3_600 : Math.max(1, Math.ceil((86_400_000 - (now % 86_400_000)) / 1000));
      return refuse(429, 'ANALYTICS_PROJECT_FULL', event.type === 'feedback' ? 'This site stores no more feedback for now.' : 'This site stores no more events today.', { 'Retry-After': String(retry) });
    }
    const pages = event.type === 'search_open' ? [event.path, event.opened] : [event.path];
    for (const page of pages) {
      if (!(await pageExists(page))) return refuse(422, 'ANALYTICS_UNKNOWN_PAGE', `The site has no page ${JSON.stringify(page.slice(0, 100))}.`);
    }
    const queued = this.collector.offer({ kind: 'beacon', ...site, at: Date.now(), address: clientAddress, userAgent: request.headers.get('user-agent') ?? '', event });
    if (!queued) return refuse(503, 'ANALYTICS_QUEUE_FULL', 'The server is busy writing events; retry shortly.', { 'Retry-After': '5' });
    return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
  }

  close(): Promise<void> {
    return this.collector.close();
  }
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

/** The body as text, or null once it passes `limit` bytes (read no further). */
async function readLimited(request: Request, limit: number): Promise<string | null> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d{1,9}$/.test(declared) && Number(declared) <= limit && !request.headers.has('transfer-encoding')) {
    // The HTTP parser ends the body at its Content-Length, so no more than `limit` arrives; read
    // whole, a body skips the web stream (the server's adapter reads it from the socket), which cost
    // the events endpoint more than half of its time under a flood.
    return request.text();
  }
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The tool a `POST /mcp` JSON-RPC call names (`tools/call`), the page `get_page` asks for and the
 * query `search` sends; null for anything else (initialize, list, notifications). Reads a copy of
 * the body (at most 64 KB).
 */
export async function mcpToolOf(request: Request): Promise<McpToolCall | null> {
  if (request.method !== 'POST') return null;
  try {
    const text = await readLimited(request.clone(), 65_536);
    if (!text) return null;
    const value: unknown = JSON.parse(text);
    for (const message of Array.isArray(value) ? value : [value]) {
      const m = message as { method?: unknown; params?: { name?: unknown; arguments?: { page?: unknown; query?: unknown } } };
      if (m?.method === 'tools/call' && typeof m.params?.name === 'string') {
        const { page, query } = m.params.arguments ?? {};
        return { name: m.params.name, page: typeof page === 'string' ? page : null, query: m.params.name === 'search' && typeof query === 'string' ? query.slice(0, 1_000) : null };
      }
    }
  } catch {
    // Not JSON-RPC: the MCP server answers it; it is not a tool call.
  }
  return null;
}
