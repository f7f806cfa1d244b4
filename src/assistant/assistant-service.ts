/**
 * The assistant's requests, whoever sends them: the site's own widget (same origin, under
 * `<site>/__folio/assistant/`) and the keyed API (`/v1|v2/assistant/{domain}/message`). Checks in
 * the order of their cost: configured, page token, rate per address and per site, question, daily
 * budget (database), index, thread; then the answer streams and the turn is kept. A reader's rating
 * of an answer (the widget's thumbs) is checked the same way: page token, rate per address, then
 * the answer must be of a thread this reader started.
 */
import { starterQuestionsOf } from './starter-questions.js';
import { z } from 'zod';
import { FailureWindow } from '../api/index.js';
import { loadLanguageModel } from '../agent/index.js';
import { addAssistantUsage, assistantTokensToday, createAssistantThread, findAssistantThread, pruneSharedRateBuckets, rateAssistantAnswer, recordAssistantTurn, takeSharedRateSlot, type AssistantCaller, type AssistantTurnMessage, type Database, type SharedRateLimit } from '../db/index.js';
import { buildFileReader, type PublishedBuild } from '../hosting/index.js';
import { loadSectionIndex, RetrievalTooLargeError, type SectionIndex } from '../retrieval/index.js';
import type { AnswerEvent } from './answer-loop.js';
import type { AssistantLimits, AssistantOptions } from './assistant-options.js';
import { answerStream } from './answer-stream.js';
import { AssistantError } from './codes.js';
import { PAGE_TOKEN_HEADER, PageTokens } from './page-token.js';
import { addressSubject } from './rate-limits.js';
import type { StreamVersion } from './stream-formats.js';

/** A published site a request is about. */
export interface AssistantSite {
  projectId: string;
  preview: string | null;
  build: PublishedBuild;
  basePath: string;
}

const label = z.string().trim().min(1).max(100);
const part = z.object({ type: z.string().max(40), text: z.string().max(100_000).optional() }).passthrough();
const message = z
  .object({
    id: z.string().max(200).optional(),
    role: z.enum(['system', 'assistant', 'data', 'user']),
    content: z.string().max(100_000).optional(),
    parts: z.array(part).max(100).optional(),
  })
  .passthrough();
export const messageBody = z
  .object({
    fp: z.string().max(200),
    threadId: z.string().max(100).nullable().optional(),
    messages: z.array(message).min(1).max(100),
    currentPath: z.string().max(200).optional(),
    retrievalPageSize: z.number().int().min(1).max(10).default(5),
    filter: z.object({ version: label.optional(), language: label.optional(), groups: z.array(label).max(50).optional() }).passthrough().nullable().optional(),
    context: z.array(z.object({ type: z.enum(['code', 'textSelection']), value: z.string().max(4_000), path: z.string().max(200).optional(), elementId: z.string().max(200).optional() })).max(5).optional(),
  })
  .passthrough();
export type MessageBody = z.infer<typeof messageBody>;

/** A reader's rating of an answer: the answer's id (the stream's `start` `messageId`) and a thumb, or null to take it back. */
export const ratingBody = z.object({ messageId: z.string().min(1).max(100), rating: z.enum(['up', 'down']).nullable() }).strict();
export type RatingBody = z.infer<typeof ratingBody>;

/**
 * Ratings a minute from one reader address, shared by every server of the database. A rating costs
 * one small UPDATE, no model: the limit only keeps a script from rewriting thumbs in a loop, and
 * sits well above what a reader clicking through a long conversation needs.
 */
export const RATINGS_PER_ADDRESS_PER_MINUTE = 30;

/** The text of a message: its text parts (AI SDK 5), else its `content` (AI SDK 4). */
function textOf(m: z.infer<typeof message>): string {
  const parts = (m.parts ?? []).filter((p) => p.type === 'text' && typeof p.text === 'string').map((p) => p.text!);
  return (parts.length ? parts.join('\n') : (m.content ?? '')).trim();
}

/**
 * The reader's question of a message body (`asked`, as kept in the thread) and what the model is
 * asked (`question`: with the text or code they selected); refused when missing or too long.
 */
export function questionOf(body: MessageBody, limits: AssistantLimits): { asked: string; question: string } {
  const last = body.messages.at(-1)!;
  const asked = last.role === 'user' ? textOf(last) : '';
  if (!asked) throw new AssistantError(400, 'ASSISTANT_INVALID_REQUEST', 'Invalid request: messages: the last message must be the reader\'s question (role "user", with text).');
  if (asked.length > limits.maxQuestionChars) throw new AssistantError(413, 'ASSISTANT_QUESTION_TOO_LONG', `The question is ${asked.length} characters; the assistant takes at most ${limits.maxQuestionChars}. Shorten it.`);
  const selected = (body.context ?? []).map((c) => `The reader selected this ${c.type === 'code' ? 'code' : 'text'}:\n${c.value}`).join('\n\n');
  return { asked, question: selected ? `${asked}\n\n${selected}` : asked };
}

/** The conversation a new thread brings along (the widget's, or an API caller's): every message before the question. */
export function historyOf(body: MessageBody): AssistantTurnMessage[] {
  return body.messages
    .slice(0, -1)
    .filter((m) => m.role === 'user' || m.role === 'assistant')
    .map((m) => ({ role: m.role as 'user' | 'assistant', content: textOf(m) }))
    .filter((m) => m.content);
}

export class AssistantService {
  readonly tokens: PageTokens;
  private readonly addresses: FailureWindow;
  private readonly sites: FailureWindow;
  private readonly raters = new FailureWindow(RATINGS_PER_ADDRESS_PER_MINUTE, 60_000);
  /** Subjects the database refused, until their retry time: they cost no query until then. */
  private readonly refusedUntil = new Map<string, number>();
  private admitted = 0;

  constructor(
    private readonly db: Database,
    /** Null: no model configured; search works, questions are refused with `ASSISTANT_NOT_CONFIGURED`. */
    readonly options: AssistantOptions | null,
    private readonly log: (line: string) => void = () => {},
  ) {
    this.tokens = new PageTokens(db);
    const limits = options?.limits;
    this.addresses = new FailureWindow(limits?.perAddressPerMinute ?? 10, 60_000);
    this.sites = new FailureWindow(limits?.perSitePerMinute ?? 120, 60_000);
  }

  get enabled(): boolean {
    return this.options !== null;
  }

  /** What the widget needs to open: whether a model answers, a page token, the site's starter questions. */
  async session(site: AssistantSite, address: string): Promise<Record<string, unknown>> {
    if (!this.options) return { enabled: false };
    const index = await this.index(site);
    const { token, expiresAt } = await this.tokens.issue(siteKey(site), address);
    const { supportEmail, supportUrl } = index.assistant;
    const starterQuestions = starterQuestionsOf(index);
    return { enabled: true, token, expiresAt, starterQuestions, ...(supportEmail ? { supportEmail } : {}), ...(supportUrl ? { supportUrl } : {}) };
  }

  /** Answer a message as a stream, or refuse with an `AssistantError` before the stream starts. */
  async message(site: AssistantSite, request: Request, body: MessageBody, address: string, version: StreamVersion, caller: AssistantCaller = 'web'): Promise<Response> {
    const options = this.options;
    if (!options) throw new AssistantError(503, 'ASSISTANT_NOT_CONFIGURED', 'The assistant is not set up on this server (no model configured); search the docs instead.');
    const { limits } = options;
    await this.tokens.check(request.headers.get(PAGE_TOKEN_HEADER) ?? undefined, siteKey(site), address);
    await this.admit(site, address);

    const { asked, question } = questionOf(body, limits);

    const used = await assistantTokensToday(this.db, site.projectId);
    if (used >= limits.dailyTokens) {
      const retry = Math.max(1, Math.ceil((nextUtcMidnight() - Date.now()) / 1000));
      throw new AssistantError(429, 'ASSISTANT_BUDGET_EXHAUSTED', `The assistant of this site used its ${limits.dailyTokens} tokens for today; it answers again after midnight UTC. Search the docs meanwhile.`, { 'Retry-After': String(retry) });
    }
    const index = await this.index(site);

    let model;
    try {
      model = await loadLanguageModel(options.llm, options.model);
    } catch (error) {
      this.log(`assistant: no model: ${(error as Error).message}`);
      throw new AssistantError(503, 'ASSISTANT_NOT_CONFIGURED', 'The assistant\'s model is not set up correctly on this server; search the docs instead.');
    }

    // A thread is continued only by the reader who started it (its page token's reader): another
    // reader's thread id starts a new thread, so that thread's questions and answers never reach the
    // model for them (issue 48, item 7). A thread kept before readers were recorded is nobody's.
    const reader = await this.tokens.readerOf(siteKey(site), address);
    const found = body.threadId ? await findAssistantThread(this.db, site.projectId, body.threadId) : null;
    const known = found && found.reader === reader ? found : null;
    let history: AssistantTurnMessage[];
    if (known) {
      history = known.messages;
      const count = history.filter((m) => m.role === 'user').length;
      if (count >= limits.maxThreadQuestions) throw new AssistantError(409, 'ASSISTANT_THREAD_FULL', `This thread has ${count} questions, the most a thread may hold; start a new conversation.`);
    } else {
      // A new thread may bring the conversation so far (the widget's, or an API caller's).
      history = historyOf(body);
    }
    // The thread is bound to the reader its page token names: only they continue it and rate its answers.
    const threadId = known?.id ?? (await createAssistantThread(this.db, { projectId: site.projectId, fp: body.fp, pagePath: body.currentPath ?? '', caller, reader }));
    const keep = (event: Extract<AnswerEvent, { type: 'done' }>, answerId: string) =>
      Promise.all([
        recordAssistantTurn(this.db, { threadId, answerId, question: asked, answer: event.answer, citations: event.citations, outcome: event.outcome, tokensIn: event.tokensIn, tokensOut: event.tokensOut }),
        addAssistantUsage(this.db, site.projectId, event.tokensIn + event.tokensOut),
      ]).then(
        () => undefined,
        (error: unknown) => this.log(`assistant: could not keep a turn of ${site.projectId}: ${(error as Error).message}`),
      );
    return answerStream({ model, index, basePath: site.basePath, question, history, body, limits, threadId, version, keep, log: this.log, label: site.projectId });
  }

  /**
   * Rate an answer for the reader (`rating` null takes the rating back), or refuse with an
   * `AssistantError`: the page token as for a question, then the reader's ratings a minute, then the
   * answer must be one of a thread this reader started on this site (404 otherwise, whatever the
   * reason, so the ids of other readers' answers are not confirmed).
   */
  async rate(site: AssistantSite, request: Request, body: RatingBody, address: string): Promise<void> {
    const key = siteKey(site);
    await this.tokens.check(request.headers.get(PAGE_TOKEN_HEADER) ?? undefined, key, address);
    await this.takeSlots('ratings', [{ window: this.raters, id: address, who: 'from this address', shared: { scope: 'assistant-rating-address', limit: this.raters.limit, windowMs: 60_000 }, subject: addressSubject(address) }]);
    const reader = await this.tokens.readerOf(key, address);
    const rated = await rateAssistantAnswer(this.db, { projectId: site.projectId, messageId: body.messageId, reader, rating: body.rating });
    if (!rated) throw new AssistantError(404, 'ASSISTANT_ANSWER_NOT_FOUND', `No answer ${JSON.stringify(body.messageId.slice(0, 100))} in a conversation you started on this site; rate an answer the assistant gave you, by the \`messageId\` its stream started with.`);
  }

  /** Count a question against the reader's address and the site (429 past either). */
  private async admit(site: AssistantSite, address: string): Promise<void> {
    const key = siteKey(site);
    await this.takeSlots('questions', [
      { window: this.addresses, id: address, who: 'from this address', shared: { scope: 'assistant-address', limit: this.addresses.limit, windowMs: 60_000 }, subject: addressSubject(address) },
      { window: this.sites, id: key, who: 'to this site', shared: { scope: 'assistant-site', limit: this.sites.limit, windowMs: 60_000 }, subject: key },
    ]);
  }

  /**
   * Take a slot of each limit, or refuse (429) naming the first one spent. This process's own
   * windows answer first, without a query, since what one server saw is at most what all saw; then
   * the windows every server on the database shares (`rate_buckets`), so two servers behind one
   * balancer still allow a reader 10 questions a minute, not 20. A subject the database refused is
   * refused here, without a query, until its retry time.
   */
  private async takeSlots(what: 'questions' | 'ratings', limits: { window: FailureWindow; id: string; who: string; shared: SharedRateLimit; subject: string }[]): Promise<void> {
    const refuse = (who: string, limit: number, retry: number) =>
      new AssistantError(429, 'ASSISTANT_RATE_LIMITED', `Too many ${what} ${who}: at most ${limit} a minute; retry after ${retry} s.`, { 'Retry-After': String(retry) });
    const now = Date.now();
    for (const { window, id, who, shared, subject } of limits) {
      if (window.blocked(id)) throw refuse(who, window.limit, window.retryAfterSeconds(id));
      const until = this.refusedUntil.get(`${shared.scope}:${subject}`);
      if (until !== undefined && until > now) throw refuse(who, window.limit, Math.max(1, Math.ceil((until - now) / 1000)));
    }
    for (const { window, id, who, shared, subject } of limits) {
      const decision = await takeSharedRateSlot(this.db, shared, subject, now);
      if (!decision.admitted) {
        this.rememberRefusal(`${shared.scope}:${subject}`, now + decision.retryAfterSeconds * 1000);
        throw refuse(who, window.limit, decision.retryAfterSeconds);
      }
      window.add(id);
    }
    // Housekeeping now and then: buckets older than the window are never read again.
    if (++this.admitted % 500 === 0) void pruneSharedRateBuckets(this.db, 5 * 60_000).catch(() => {});
  }

  /** Bounded: past 10,000 remembered refusals the oldest are forgotten (the database still counts). */
  private rememberRefusal(subject: string, until: number): void {
    this.refusedUntil.delete(subject);
    this.refusedUntil.set(subject, until);
    if (this.refusedUntil.size > 10_000) this.refusedUntil.delete(this.refusedUntil.keys().next().value!);
  }

  private index(site: AssistantSite): Promise<SectionIndex> {
    return indexOfBuild(site.build);
  }
}

/** The retrieval index of a published build, or the refusal to answer without one. */
export async function indexOfBuild(build: PublishedBuild): Promise<SectionIndex> {
  const index = await loadSectionIndex(build.key, buildFileReader(build)).catch((error: unknown) => {
    if (error instanceof RetrievalTooLargeError) {
      throw new AssistantError(503, 'ASSISTANT_INDEX_TOO_LARGE', `${error.message} The server's operator can raise it.`);
    }
    throw error;
  });
  if (!index) throw new AssistantError(404, 'ASSISTANT_INDEX_MISSING', 'The published build has no retrieval file; publish the site again with this version of Folio.');
  return index;
}

const siteKey = (site: { projectId: string; preview: string | null }) => (site.preview ? `${site.projectId}/${site.preview}` : site.projectId);

function nextUtcMidnight(now = Date.now()): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
}

