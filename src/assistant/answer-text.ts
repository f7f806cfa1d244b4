/**
 * One answer as a whole text, for callers that post it rather than stream it (the Slack app): the
 * same checks of budget and model as a reader's question, the same answer loop over the live
 * build's sections, and the turn kept in an assistant thread (continued when `threadId` names one
 * of the project's), counted against the project's daily budget.
 */
import { loadLanguageModel } from '../agent/index.js';
import { addAssistantUsage, assistantTokensToday, createAssistantThread, findAssistantThread, recordAssistantTurn, type AssistantCitation, type AssistantOutcome, type Database } from '../db/index.js';
import type { AnswerEvent } from './answer-loop.js';
import type { AssistantOptions } from './assistant-options.js';
import { indexOfBuild, type AssistantSite } from './assistant-service.js';
import { AssistantError } from './codes.js';

export interface TextAnswer {
  answer: string;
  citations: AssistantCitation[];
  outcome: AssistantOutcome;
  /** The assistant thread the turn was kept in: pass it back to continue the conversation. */
  threadId: string;
}

export interface TextAnswerInput {
  db: Database;
  /** The server's assistant settings; null refuses with `ASSISTANT_NOT_CONFIGURED`. */
  options: AssistantOptions | null;
  site: AssistantSite;
  question: string;
  /** The conversation so far, when there is one. */
  threadId?: string | null;
  log?: (line: string) => void;
}

export async function answerAsText({ db, options, site, question, threadId, log = () => {} }: TextAnswerInput): Promise<TextAnswer> {
  if (!options) throw new AssistantError(503, 'ASSISTANT_NOT_CONFIGURED', 'The assistant is not set up on this server (no model configured).');
  const { limits } = options;
  const asked = question.trim().slice(0, limits.maxQuestionChars);
  if ((await assistantTokensToday(db, site.projectId)) >= limits.dailyTokens) {
    throw new AssistantError(429, 'ASSISTANT_BUDGET_EXHAUSTED', `The assistant of this project used its ${limits.dailyTokens} tokens for today; it answers again after midnight UTC.`);
  }
  const index = await indexOfBuild(site.build);
  const model = await loadLanguageModel(options.llm, options.model);
  const known = threadId ? await findAssistantThread(db, site.projectId, threadId) : null;
  const history = known?.messages ?? [];
  const thread = known?.id ?? (await createAssistantThread(db, { projectId: site.projectId, fp: '', pagePath: '', caller: 'api' }));
  const { answerQuestion } = await import('./answer-loop.js');
  let done: Extract<AnswerEvent, { type: 'done' }> | null = null;
  for await (const event of answerQuestion({
    model,
    index,
    siteName: index.assistant.siteName ?? '',
    basePath: site.basePath,
    question: asked,
    history,
    retrievalPageSize: 5,
    limits,
    threadId: thread,
    log,
  })) {
    if (event.type === 'done') done = event;
  }
  if (!done) throw new AssistantError(503, 'ASSISTANT_MODEL_FAILED', 'The answer ended without a result.');
  await recordAssistantTurn(db, { threadId: thread, question: asked, answer: done.answer, citations: done.citations, outcome: done.outcome, tokensIn: done.tokensIn, tokensOut: done.tokensOut });
  await addAssistantUsage(db, site.projectId, done.tokensIn + done.tokensOut);
  return { answer: done.answer, citations: done.citations, outcome: done.outcome, threadId: thread };
}
