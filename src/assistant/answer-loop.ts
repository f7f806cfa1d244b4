/**
 * One answer: retrieve, ask the model with two fixed tools (`search`, `get_page` over the same
 * index), stream its text through the citation filter, and stop at every limit with a line that
 * says which. Nothing relevant retrieved: the not-found answer and the deflection, without asking
 * the model. Loaded on the first question (it imports the AI SDK).
 */
import { stepCountIs, streamText, tool, type LanguageModel, type ModelMessage, type StopCondition, type ToolSet } from 'ai';
import { z } from 'zod';
import type { AssistantCitation, AssistantOutcome, AssistantTurnMessage } from '../db/index.js';
import type { AssistantSiteSettings, SearchFilters, SectionHit, SectionIndex } from '../retrieval/index.js';
import type { AssistantLimits } from './assistant-options.js';
import { notFoundStrings } from './not-found-strings.js';
import { NOT_FOUND_MARKER, pageBlock, questionMessage, sectionsBlock, systemPrompt } from './answer-prompt.js';
import { CitationFilter } from './citations.js';
import type { AssistantCode } from './codes.js';
import { sitePathOf } from './site-paths.js';

/** Sections scoring below this are not an answer (`ranking.ts`: unanswerable questions score ≤ 0.26 on mintlify-docs, most answers ≥ 0.7). */
export const RELEVANT_SCORE = 0.3;

export interface AnswerInput {
  model: LanguageModel;
  index: SectionIndex;
  siteName: string;
  basePath: string;
  question: string;
  /** Earlier messages of the thread, oldest first. */
  history: AssistantTurnMessage[];
  currentPath?: string;
  filters?: SearchFilters;
  retrievalPageSize: number;
  limits: AssistantLimits;
  threadId: string;
  /** The reader went away: stop asking the model. */
  signal?: AbortSignal;
  /** Why the model endpoint failed (the reader is told only that it did). */
  log?: (line: string) => void;
}

export type AnswerEvent =
  | { type: 'text'; text: string }
  | { type: 'error'; code: AssistantCode; message: string }
  | { type: 'done'; answer: string; citations: AssistantCitation[]; outcome: AssistantOutcome; tokensIn: number; tokensOut: number };

/**
 * The answer when the docs hold nothing on the question, with where to go instead, in `language`
 * (the language of the pages searched: the filter, else the reader's page; English without one).
 */
export function notFoundText(settings: AssistantSiteSettings, threadId: string, language?: string): string {
  const words = notFoundStrings(language);
  const lines = [words.notFound];
  if (settings.supportUrl) {
    const url = new URL(settings.supportUrl);
    url.searchParams.set('threadId', threadId);
    lines.push(words.support.replace('{url}', url.href));
  }
  if (settings.supportEmail) lines.push(words.email.replace('{email}', `[${settings.supportEmail}](mailto:${settings.supportEmail})`));
  // Languages written without spaces between sentences (Chinese, Japanese) join them as they are.
  return lines.join(/[。！？]$/.test(words.notFound) ? '' : ' ');
}

const HISTORY_MESSAGES = 10;
const HISTORY_CHARS = 2_000;

export async function* answerQuestion(input: AnswerInput): AsyncGenerator<AnswerEvent> {
  const { index, limits } = input;
  const settings = index.assistant;
  const currentHref = input.currentPath ? sitePathOf(input.currentPath) : null;
  const currentPage = currentHref ? index.page(currentHref) : undefined;
  // Asked from a page of one language (a widget's question), the search stays in that language's
  // pages, as a reader of French pages asks in French; the API's filter, when given, decides.
  const language = input.filters?.language || currentPage?.language || undefined;
  const filters = { ...input.filters, language };
  // A first question on a large site indexes its language a slice at a time, not holding the server.
  await index.prepare(filters);
  // The reader's product (or tab) and version are preferred, not required: a question may be about another.
  const prefer = currentHref ? index.placeOf(currentHref) : undefined;
  const search = (query: string, limit: number): SectionHit[] => index.search(query, { limit, filters, prefer }).filter((h) => h.score >= RELEVANT_SCORE);
  let hits = search(input.question, input.retrievalPageSize);
  // A follow-up ("and in Python?") may name nothing itself: search it with the previous question.
  const previous = [...input.history].reverse().find((m) => m.role === 'user')?.content;
  if (hits.length === 0 && previous) hits = search(`${previous} ${input.question}`, input.retrievalPageSize);
  // A first question with nothing relevant is answered without the model; in a thread the model may
  // still find it (its tools, the conversation so far), and says so with the marker when it cannot.
  if (hits.length === 0 && input.history.length === 0) {
    const answer = notFoundText(settings, input.threadId, language);
    yield { type: 'text', text: answer };
    yield { type: 'done', answer, citations: [], outcome: 'not_found', tokensIn: 0, tokensOut: 0 };
    return;
  }

  const textOf = (h: SectionHit) => index.page(h.path)?.sections.find((s) => s.anchor === h.anchor)?.text ?? h.excerpt;
  const messages: ModelMessage[] = [
    ...input.history.slice(-HISTORY_MESSAGES).map((m) => ({ role: m.role, content: m.content.slice(0, HISTORY_CHARS) }) as ModelMessage),
    { role: 'user', content: questionMessage(input.question, sectionsBlock(hits, textOf), currentPage) },
  ];
  const tools = {
    search: tool({
      description: 'Search the documentation; returns the best matching sections with their URLs.',
      inputSchema: z.object({ query: z.string().min(1).max(300).describe('Words to look for') }),
      execute: async ({ query }) => sectionsBlock(search(query, 5), textOf),
    }),
    get_page: tool({
      description: 'Read a whole documentation page by its URL path (as search results give it).',
      inputSchema: z.object({ path: z.string().min(1).max(300).describe('The page URL path, e.g. /guides/install') }),
      execute: async ({ path }) => {
        const href = sitePathOf(path);
        const page = href ? index.page(href) : undefined;
        return page ? pageBlock(page) : `No page at ${path}; use a URL from the search results.`;
      },
    }),
  } satisfies ToolSet;

  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const lengthStop = new AbortController();
  const signal = AbortSignal.any([timeout, lengthStop.signal, ...(input.signal ? [input.signal] : [])]);
  const filter = new CitationFilter(index, input.basePath, settings);
  let tokensIn = 0;
  let tokensOut = 0;
  let shown = '';
  // Per model round: its first characters are held until they cannot be the not-found marker.
  let held = '';
  let deciding = true;
  let muted = false;
  let notFound = false;
  let breakBefore = false;
  let finishReason = '';
  let failure: string | null = null;
  const stopped = { length: false };

  const result = streamText({
    model: input.model,
    system: systemPrompt(input.siteName),
    messages,
    tools,
    stopWhen: [stepCountIs(limits.maxSteps), tokenBudget(limits.maxTokensPerAnswer)],
    maxOutputTokens: limits.maxOutputTokens,
    abortSignal: signal,
    maxRetries: 1,
    // Failures arrive as error parts below; the server log says why, the reader gets a plain message.
    onError: ({ error }) => input.log?.(`assistant: the model failed: ${error instanceof Error ? error.message : String(error)}`),
  });

  const emit = function* (text: string): Generator<AnswerEvent> {
    if (!text) return;
    shown += text;
    yield { type: 'text', text };
  };
  /** Text of the model, after the round's held start: a paragraph break between rounds ("Let me look…" then the answer). */
  const show = function* (text: string): Generator<AnswerEvent> {
    if (breakBefore && text.trim()) {
      // Once per round, at its first words: a round that starts the answer needs no break.
      breakBefore = false;
      if (shown) {
        yield* emit(filter.push(shown.endsWith('\n\n') ? text.trimStart() : `\n\n${text.trimStart()}`));
        return;
      }
    }
    yield* emit(filter.push(text));
  };
  const isMarker = (text: string) => text.trim().startsWith(NOT_FOUND_MARKER);

  try {
    for await (const part of result.fullStream) {
      if (part.type === 'start-step') {
        held = '';
        deciding = true;
        muted = false;
      } else if (part.type === 'text-delta') {
        if (muted) continue;
        let text = part.text;
        if (deciding) {
          // An answer that is the not-found marker is never shown as such.
          held += part.text;
          if (held.length < NOT_FOUND_MARKER.length && NOT_FOUND_MARKER.startsWith(held.trim())) continue;
          deciding = false;
          if (isMarker(held)) {
            notFound = muted = true;
            continue;
          }
          text = held;
        }
        yield* show(text);
        if (shown.length >= limits.maxAnswerChars) {
          stopped.length = true;
          lengthStop.abort();
          break;
        }
      } else if (part.type === 'finish-step') {
        if (deciding && held.trim() && !isMarker(held)) yield* show(held);
        deciding = false;
        breakBefore = true;
        tokensIn += part.usage.inputTokens ?? 0;
        tokensOut += part.usage.outputTokens ?? 0;
      } else if (part.type === 'finish') {
        finishReason = part.finishReason;
      } else if (part.type === 'error') {
        failure = part.error instanceof Error ? part.error.message : String(part.error);
      } else if (part.type === 'abort') {
        break;
      }
    }
  } catch (error) {
    if (!signal.aborted) failure = error instanceof Error ? error.message : String(error);
  }

  if (deciding && held.trim() && !isMarker(held)) yield* show(held);
  if (notFound || (!shown.trim() && !failure && !signal.aborted && finishReason === 'stop')) {
    yield* emit(filter.flush());
    yield* emit(`${shown.trim() ? '\n\n' : ''}${notFoundText(settings, input.threadId, language)}`);
    const outcome: AssistantOutcome = settings.supportEmail || settings.supportUrl ? 'deflected' : 'not_found';
    yield { type: 'done', answer: shown, citations: filter.citations, outcome, tokensIn, tokensOut };
    return;
  }
  yield* emit(filter.flush());

  let note = '';
  let outcome: AssistantOutcome = 'answered';
  if (input.signal?.aborted) {
    outcome = 'error';
  } else if (stopped.length) {
    note = `The answer was cut here: it reached the length limit of ${limits.maxAnswerChars} characters. Ask about one part at a time.`;
    outcome = 'limit';
  } else if (timeout.aborted) {
    const time = limits.timeoutMs < 1_000 ? `${limits.timeoutMs} ms` : `${Math.round(limits.timeoutMs / 1000)} s`;
    note = `The answer was cut here: it took longer than the ${time} an answer may take.`;
    outcome = 'limit';
  } else if (failure) {
    yield { type: 'error', code: 'ASSISTANT_MODEL_FAILED', message: 'The model could not answer just now; try again in a moment.' };
    outcome = 'error';
  } else if (finishReason === 'length') {
    note = `The answer was cut here: it reached the length limit of ${limits.maxOutputTokens} tokens. Ask about one part at a time.`;
    outcome = 'limit';
  } else if (finishReason === 'tool-calls') {
    const used = tokensIn + tokensOut;
    note =
      used >= limits.maxTokensPerAnswer
        ? `The assistant stopped looking: it reached the limit of ${limits.maxTokensPerAnswer} tokens an answer may use. Ask a narrower question.`
        : `The assistant stopped looking: it reached the limit of ${limits.maxSteps} steps an answer may take. Ask a narrower question.`;
    outcome = 'limit';
  }
  if (note) yield* emit(`${shown ? '\n\n' : ''}_${note}_`);
  yield { type: 'done', answer: shown, citations: filter.citations, outcome, tokensIn, tokensOut };
}

/** Stop once the rounds so far used `budget` tokens or more. */
function tokenBudget<T extends ToolSet>(budget: number): StopCondition<T> {
  return ({ steps }) => steps.reduce((n, s) => n + (s.usage.totalTokens ?? 0), 0) >= budget;
}
