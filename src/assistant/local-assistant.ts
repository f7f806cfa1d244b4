/**
 * The assistant and the discovery routes of `folio dev`: the writer's own repository, served on
 * loopback, with no database. The same routes as a hosted site and `folio serve` answer, over the
 * dev server's live index of the repository's pages:
 * - `GET <base>/__folio/assistant/config` and `.../session`, `POST .../message` and `.../rating`
 *   (the widget; a rating is checked and dropped: `folio dev` keeps no analytics);
 * - `POST /v1/search/{any}`, `/v1/page/{any}`, `/v1/assistant/{any}/message`, `/v2/...` (the
 *   discovery API; no key, `{domain}` is not read: there is one site).
 * What a hosted site keeps in its database is kept here in memory, for this process: threads (the
 * last `KEPT_THREADS`), the daily token budget and the questions a minute (`perSitePerMinute`;
 * one writer on loopback, so no per-address limit). No page token: nothing here is public, and
 * every POST from another origin is refused (a page on another site cannot spend the model).
 * The answer's own limits (steps, tokens, length, time, question and thread length) are the
 * server's, from the same `FOLIO_ASSISTANT_*` variables.
 */
import { starterQuestionsOf } from './starter-questions.js';
import { randomUUID } from 'node:crypto';
import type { LanguageModel } from 'ai';
import { loadLanguageModel } from '../agent/index.js';
import type { AssistantTurnMessage } from '../db/index.js';
import type { SectionIndex } from '../retrieval/index.js';
import type { AssistantOptions } from './assistant-options.js';
import { historyOf, messageBody, questionOf, ratingBody } from './assistant-service.js';
import { answerStream } from './answer-stream.js';
import { AssistantError } from './codes.js';
import { parseBody, refusal } from './request-body.js';
import { pageBody, searchBody, searchResults } from './search-results.js';
import { sitePathOf } from './site-paths.js';
import type { StreamVersion } from './stream-formats.js';

/** What `folio dev` hands over with each request (its `DevSiteRoute` hook; the cli wires the two). */
export interface LocalSiteRequest {
  /** The request's path under the site (its base path taken off). */
  sitePath: string;
  basePath: string;
  /** The loaded site's sections, current with its files; null while the site does not load. */
  retrieval(): Promise<SectionIndex | null>;
  /** A page's Markdown document, as `<page>.md` answers it; null when there is no such page. */
  pageMarkdown(href: string): Promise<string | null>;
}

/** A `folio dev` route: a response, or null to let the dev server answer. */
export type LocalSiteRoute = (at: LocalSiteRequest, request: Request) => Promise<Response | null>;

/** Threads remembered for follow-ups; older ones are forgotten (a follow-up then starts a new thread). */
const KEPT_THREADS = 100;
const MAX_BODY_BYTES = 16 * 1024;
const MAX_MESSAGE_BYTES = 64 * 1024;
const API_ROUTE = /^\/(v1|v2)\/(search|page|assistant)\/[^/]+(\/message)?$/;

/** The routes of the docs assistant in `folio dev`; `options` null (no model): config says disabled, search still answers. */
export function localAssistantRoute(options: AssistantOptions | null, { log = () => {}, now = Date.now }: { log?: (line: string) => void; now?: () => number } = {}): LocalSiteRoute {
  const threads = new Map<string, AssistantTurnMessage[]>();
  const asked: number[] = [];
  const usage = { day: '', tokens: 0 };
  let model: Promise<LanguageModel> | null = null;

  /** The site's index, or a refusal while the site does not load. */
  const indexOf = async (at: LocalSiteRequest) => {
    const index = await at.retrieval();
    if (!index) throw new AssistantError(404, 'ASSISTANT_SITE_NOT_FOUND', 'The site does not load (see the errors in the terminal and on the page); fix them and ask again.');
    return index;
  };

  /** Questions a minute and the day's tokens, counted in this process. */
  const admit = () => {
    const limits = options!.limits;
    const at = now();
    while (asked.length && asked[0]! <= at - 60_000) asked.shift();
    if (asked.length >= limits.perSitePerMinute) {
      const retry = Math.max(1, Math.ceil((asked[0]! + 60_000 - at) / 1000));
      throw new AssistantError(429, 'ASSISTANT_RATE_LIMITED', `Too many questions: at most ${limits.perSitePerMinute} a minute (FOLIO_ASSISTANT_PER_SITE); retry after ${retry} s.`, { 'Retry-After': String(retry) });
    }
    const day = new Date(at).toISOString().slice(0, 10);
    if (usage.day !== day) Object.assign(usage, { day, tokens: 0 });
    if (usage.tokens >= limits.dailyTokens) {
      const retry = Math.max(1, Math.ceil((Date.parse(day) + 86_400_000 - at) / 1000));
      throw new AssistantError(429, 'ASSISTANT_BUDGET_EXHAUSTED', `This dev server's assistant used its ${limits.dailyTokens} tokens for today (FOLIO_ASSISTANT_DAILY_TOKENS); it answers again after midnight UTC or when restarted.`, { 'Retry-After': String(retry) });
    }
    asked.push(at);
  };

  const message = async (at: LocalSiteRequest, request: Request, version: StreamVersion): Promise<Response> => {
    if (!options) throw new AssistantError(503, 'ASSISTANT_NOT_CONFIGURED', 'No model is configured for the assistant: start folio dev with FOLIO_LLM_BASE_URL (or ANTHROPIC_API_KEY) and FOLIO_ASSISTANT_MODEL.');
    const body = await parseBody(request, messageBody, MAX_MESSAGE_BYTES);
    const { limits } = options;
    const { asked: text, question } = questionOf(body, limits);
    admit();
    const index = await indexOf(at);
    model ??= loadLanguageModel(options.llm, options.model).catch((error: unknown) => {
      model = null;
      throw error;
    });
    let loaded: LanguageModel;
    try {
      loaded = await model;
    } catch (error) {
      log(`assistant: no model: ${(error as Error).message}`);
      throw new AssistantError(503, 'ASSISTANT_NOT_CONFIGURED', `The assistant's model is not set up correctly: ${(error as Error).message}`);
    }
    const known = body.threadId ? threads.get(body.threadId) : undefined;
    const count = known?.filter((m) => m.role === 'user').length ?? 0;
    if (count >= limits.maxThreadQuestions) throw new AssistantError(409, 'ASSISTANT_THREAD_FULL', `This thread has ${count} questions, the most a thread may hold; start a new conversation.`);
    const threadId = known && body.threadId ? body.threadId : randomUUID();
    const history = known ? [...known] : historyOf(body);
    const keep = async (done: { answer: string; tokensIn: number; tokensOut: number }) => {
      usage.tokens += done.tokensIn + done.tokensOut;
      threads.delete(threadId);
      threads.set(threadId, [...history, { role: 'user', content: text }, { role: 'assistant', content: done.answer }]);
      if (threads.size > KEPT_THREADS) threads.delete(threads.keys().next().value!);
    };
    return answerStream({ model: loaded, index, basePath: at.basePath, question, history, body, limits, threadId, version, keep, log, label: 'the dev site' });
  };

  return async (at, request) => {
    const { sitePath } = at;
    const api = API_ROUTE.exec(sitePath);
    if (!sitePath.startsWith('/__folio/assistant/') && !api) return null;
    // The discovery API (`/v1/...`) also answers pages of other loopback origins, with CORS: a
    // frontend the writer runs on this machine (`localhost:3000`); the widget's routes do not.
    const local = api ? loopbackOrigin(request) : null;
    const cors = local ? { 'Access-Control-Allow-Origin': local, Vary: 'Origin', 'Access-Control-Expose-Headers': 'X-Folio-Thread-Id' } : null;
    if (api && request.method === 'OPTIONS') {
      if (!local) return refusal(new AssistantError(403, 'ASSISTANT_ORIGIN_REFUSED', `folio dev answers its own pages and pages of this machine (localhost) only, not ${request.headers.get('origin') ?? 'this request'}.`), { 'Cache-Control': 'no-store' });
      return new Response(null, { status: 204, headers: { ...cors, 'Access-Control-Allow-Methods': 'POST, OPTIONS', 'Access-Control-Allow-Headers': 'Authorization, Content-Type', 'Access-Control-Max-Age': '600' } });
    }
    const response = await answer(at, request, api, local !== null);
    if (cors) for (const [name, value] of Object.entries(cors)) response?.headers.set(name, value);
    return response;
  };

  async function answer(at: LocalSiteRequest, request: Request, api: RegExpExecArray | null, local: boolean): Promise<Response | null> {
    const { sitePath } = at;
    try {
      if (request.method === 'POST' && !local) sameOrigin(request);
      if (sitePath === '/__folio/assistant/config' && request.method === 'GET') return Response.json({ enabled: options !== null }, { headers: { 'Cache-Control': 'no-store' } });
      if (sitePath === '/__folio/assistant/session' && request.method === 'GET') {
        if (!options) return Response.json({ enabled: false }, { headers: { 'Cache-Control': 'no-store' } });
        const index = await indexOf(at);
        // The panel just opened: index the sections while the reader types, a slice at a time.
        void index.prepare();
        const { supportEmail, supportUrl } = index.assistant;
        const starterQuestions = starterQuestionsOf(index);
        return Response.json({ enabled: true, starterQuestions, ...(supportEmail ? { supportEmail } : {}), ...(supportUrl ? { supportUrl } : {}) }, { headers: { 'Cache-Control': 'no-store' } });
      }
      if (sitePath === '/__folio/assistant/message' && request.method === 'POST') return await message(at, request, 'v2');
      if (sitePath === '/__folio/assistant/rating' && request.method === 'POST') {
        // The widget's thumbs work as on a hosted site; nobody reads them here, so they are not kept.
        await parseBody(request, ratingBody, MAX_BODY_BYTES);
        return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
      }
      if (api && request.method === 'POST') {
        const [, version, kind, messagePath] = api;
        if (kind === 'assistant' && messagePath) return await message(at, request, version as StreamVersion);
        if (kind === 'search' && version === 'v1' && !messagePath) return Response.json(searchResults(await indexOf(at), await parseBody(request, searchBody, MAX_BODY_BYTES)));
        if (kind === 'page' && version === 'v1' && !messagePath) {
          const { path } = await parseBody(request, pageBody, MAX_BODY_BYTES);
          const href = sitePathOf(path);
          const page = href ? (await indexOf(at)).page(href) : undefined;
          const markdown = page ? await at.pageMarkdown(page.href) : null;
          if (!page || markdown === null) throw new AssistantError(404, 'ASSISTANT_PAGE_NOT_FOUND', `The site has no searchable page at ${JSON.stringify(path)}; use a \`path\` from the search results.`);
          return Response.json({ path: page.href, content: markdown });
        }
      }
      return Response.json({ error: 'No such assistant route.', code: 'ASSISTANT_INVALID_REQUEST' }, { status: 404 });
    } catch (error) {
      if (error instanceof AssistantError) return refusal(error, { 'Cache-Control': 'no-store' });
      throw error;
    }
  }
}

/**
 * The Origin of a request from another page on this machine (`http://localhost:3000`,
 * `http://127.0.0.1:5173`, `http://[::1]:8080`), or null: none, this server's own, or any other host.
 * A page elsewhere cannot have a loopback origin (a name rebound to 127.0.0.1 keeps its own).
 */
export function loopbackOrigin(request: Request): string | null {
  const origin = request.headers.get('origin');
  if (!origin) return null;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null;
  }
  if (url.host === request.headers.get('host') || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  const loopback = url.hostname === 'localhost' || url.hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(url.hostname);
  return loopback && url.origin === origin ? origin : null;
}

/** A POST from a page of another origin (a site the writer has open) is refused: it would spend their model. */
function sameOrigin(request: Request): void {
  const origin = request.headers.get('origin');
  if (!origin) return;
  let host: string | null = null;
  try {
    host = new URL(origin).host;
  } catch {
    // `null` (a sandboxed frame) or unparsable: refused below.
  }
  if (host !== request.headers.get('host')) throw new AssistantError(403, 'ASSISTANT_ORIGIN_REFUSED', `folio dev answers its own pages only, not ${origin}.`);
}
