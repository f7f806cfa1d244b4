/**
 * Which requests a hosted site answered count as views, and whose: a browser's HTML page is a human
 * view; a page's Markdown (`.md` or `Accept: text/markdown`), `llms.txt`/`llms-full.txt`, an MCP tool
 * call and any page an AI crawler fetches are agent views; search engines, link checkers, headless
 * browsers and prefetches are neither and are left out. Only answers with status 200 count, and a
 * view whose path names a page (`namesPage`) counts only when the published build has that page
 * (its page list, checked by `SiteAnalytics.observe`): not every HTML file a site serves is a page.
 */
import type { Audience, ViewChannel } from './types.js';

/** User agents of AI crawlers and AI assistants fetching pages for a user (substrings, case-insensitive). */
export const AI_AGENTS = [
  'gptbot', 'chatgpt-user', 'oai-searchbot', 'claudebot', 'claude-user', 'claude-searchbot', 'claude-web', 'anthropic-ai',
  'perplexitybot', 'perplexity-user', 'google-extended', 'googleother', 'ccbot', 'bytespider', 'amazonbot',
  'applebot-extended', 'cohere-ai', 'meta-externalagent', 'meta-externalfetcher', 'diffbot', 'youbot',
  'mistralai-user', 'duckassistbot', 'ai2bot', 'timpibot', 'omgili', 'petalbot',
];

const AI_AGENT = new RegExp(AI_AGENTS.map((a) => a.replace(/[-]/g, '\\-')).join('|'), 'i');
/** Every other automated client: search engines, monitors, link checkers, libraries, headless browsers. */
const BOT = /bot\b|bot\/|crawl|spider|slurp|headless|lighthouse|pingdom|uptime|monitor|curl\/|wget|python-|httpclient|okhttp|go-http|java\/|libwww|node-fetch|axios|undici|preview|facebookexternalhit|^$/i;

export interface ObservedRequest {
  method: string;
  /** The site path of the request (base path taken off). */
  path: string;
  status: number;
  contentType: string;
  userAgent: string;
  /** `Sec-Purpose`/`Purpose` said prefetch or prerender. */
  prefetch: boolean;
  /** For `POST /mcp`: the tool the JSON-RPC call named, and the page `get_page` asked for. */
  mcpTool?: { name: string; page: string | null } | null;
}

export interface ViewClass {
  audience: Audience;
  channel: ViewChannel;
  /** The page path the view counts for (`/guide/intro`; `/` for the home page). */
  path: string;
}

/** Normalise a site path to the page it names: no `.md`, no `.html`, no `/index`, no trailing slash. */
export function pagePathOf(sitePath: string): string {
  let p = sitePath.split('?')[0]!.replace(/\/+$/, '');
  p = p.replace(/\.(md|html)$/, '').replace(/\/index$/, '');
  return p === '' || p === '/index' ? '/' : p.startsWith('/') ? p : '/' + p;
}

export function isAiAgent(userAgent: string): boolean {
  return AI_AGENT.test(userAgent);
}

/** The view a request makes, or null when it is not one (not a page, not a success, an ordinary bot). */
export function classifyRequest(r: ObservedRequest): ViewClass | null {
  if (r.status !== 200) return null;
  if (r.path === '/mcp') {
    if (r.method !== 'POST' || !r.mcpTool) return null;
    const page = r.mcpTool.name === 'get_page' && r.mcpTool.page ? pagePathOf(pageOfArgument(r.mcpTool.page)) : '/mcp';
    return { audience: 'agent', channel: 'mcp', path: page };
  }
  if (r.method !== 'GET') return null;
  if (r.path === '/llms.txt' || r.path === '/llms-full.txt') return { audience: 'agent', channel: 'llms', path: r.path };
  const type = r.contentType.toLowerCase();
  if (type.startsWith('text/markdown')) return { audience: 'agent', channel: 'markdown', path: pagePathOf(r.path) };
  if (!type.startsWith('text/html')) return null;
  if (isAiAgent(r.userAgent)) return { audience: 'agent', channel: 'crawler', path: pagePathOf(r.path) };
  if (r.prefetch || BOT.test(r.userAgent)) return null;
  return { audience: 'human', channel: 'html', path: pagePathOf(r.path) };
}

/**
 * Whether the view is counted for a page of the site, which the build must then have: every view
 * but the llms files and MCP tool calls other than `get_page` (counted under `/llms.txt`, `/mcp`).
 */
export function namesPage(view: ViewClass): boolean {
  return view.channel !== 'llms' && view.path !== '/mcp';
}

/** `get_page` takes a path or a full URL: its path. */
function pageOfArgument(page: string): string {
  try {
    return new URL(page).pathname;
  } catch {
    return page.startsWith('/') ? page : '/' + page;
  }
}

/** The host of a Referer from another site, '' for none, the site itself or anything unparsable. */
export function referrerHostOf(referer: string | null, ownHost: string | null): string {
  if (!referer) return '';
  try {
    const host = new URL(referer).host.toLowerCase();
    return host === (ownHost ?? '').toLowerCase() ? '' : host.slice(0, 255);
  } catch {
    return '';
  }
}
