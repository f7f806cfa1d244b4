/**
 * One answer as a streamed response, whoever asked (a hosted site's widget or the keyed API through
 * `AssistantService`, `folio dev` through `local-assistant.ts`): the answer loop's events encoded in
 * the asked stream version, `keep` called with the finished turn before its last frame, and a
 * failure mid-answer ended cleanly for the reader and logged for the operator.
 */
import type { LanguageModel } from 'ai';
import { uuidV7, type AssistantTurnMessage } from '../db/index.js';
import type { SectionIndex } from '../retrieval/index.js';
import type { AnswerEvent } from './answer-loop.js';
import type { AssistantLimits } from './assistant-options.js';
import type { MessageBody } from './assistant-service.js';
import { StreamEncoder, streamHeaders, type StreamVersion } from './stream-formats.js';

export interface AnswerStreamInput {
  model: LanguageModel;
  index: SectionIndex;
  basePath: string;
  /** The reader's question, with any selected text they sent along. */
  question: string;
  history: AssistantTurnMessage[];
  body: MessageBody;
  limits: AssistantLimits;
  threadId: string;
  version: StreamVersion;
  /**
   * Keep the finished turn (thread, usage); awaited before the stream's last frame. `answerId` is
   * the id the stream announced (`start`'s `messageId`): kept as the answer's, it is what the reader
   * rates the answer by.
   */
  keep: (done: Extract<AnswerEvent, { type: 'done' }>, answerId: string) => Promise<void>;
  log: (line: string) => void;
  /** Names the site in the log when an answer fails. */
  label: string;
}

export async function answerStream(input: AnswerStreamInput): Promise<Response> {
  const { body, threadId, version, log } = input;
  const { answerQuestion } = await import('./answer-loop.js');
  const reader = new AbortController();
  const messageId = uuidV7();
  const encoder = new StreamEncoder({ version, messageId, threadId, basePath: input.basePath });
  const bytes = new TextEncoder();
  const events = answerQuestion({
    model: input.model,
    index: input.index,
    siteName: input.index.assistant.siteName ?? '',
    basePath: input.basePath,
    question: input.question,
    history: input.history,
    currentPath: body.currentPath,
    filters: { version: body.filter?.version, language: body.filter?.language },
    retrievalPageSize: body.retrievalPageSize,
    limits: input.limits,
    threadId,
    signal: reader.signal,
    log,
  });
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(bytes.encode(encoder.start()));
      try {
        for await (const event of events) {
          if (event.type === 'done') await input.keep(event, messageId);
          if (!reader.signal.aborted) controller.enqueue(bytes.encode(encoder.event(event)));
        }
      } catch (error) {
        // A bug or a database failure mid-answer: the reader gets an end to the stream, the log the reason.
        log(`assistant: an answer of ${input.label} failed: ${(error as Error).message}`);
        if (!reader.signal.aborted) {
          controller.enqueue(bytes.encode(encoder.event({ type: 'error', code: 'ASSISTANT_MODEL_FAILED', message: 'The answer failed; try again in a moment.' })));
          controller.enqueue(bytes.encode(encoder.event({ type: 'done', answer: '', citations: [], outcome: 'error', tokensIn: 0, tokensOut: 0 })));
        }
      }
      if (!reader.signal.aborted) controller.close();
    },
    cancel() {
      reader.abort();
    },
  });
  return new Response(stream, { status: 200, headers: { ...streamHeaders(version), 'X-Folio-Thread-Id': threadId } });
}
