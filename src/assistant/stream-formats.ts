/**
 * The answer on the wire, as the platform's two message routes send it:
 * - v2 (`/v2/assistant/...`, and the site's own widget): the AI SDK 5 UI message stream, Server-Sent
 *   Events of JSON chunks (`start`, `text-delta`, `source-url`, `finish` carrying `threadId`), ended by `[DONE]`;
 * - v1 (`/v1/assistant/...`): the AI SDK 4 data stream, one `<type>:<JSON>` line per part
 *   (`0` text, `h` source, `3` error, `2` data with the thread id, `e`/`d` finish).
 * Both are what `useChat` of the matching AI SDK version reads.
 */
import type { AssistantCitation, AssistantOutcome } from '../db/index.js';
import type { AnswerEvent } from './answer-loop.js';
import { hrefOf } from './citations.js';

export type StreamVersion = 'v1' | 'v2';

export interface StreamContext {
  version: StreamVersion;
  messageId: string;
  threadId: string;
  basePath: string;
}

/** The response headers of a stream version. */
export function streamHeaders(version: StreamVersion): Record<string, string> {
  const common = { 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' };
  return version === 'v2'
    ? { ...common, 'Content-Type': 'text/event-stream; charset=utf-8', 'x-vercel-ai-ui-message-stream': 'v1' }
    : { ...common, 'Content-Type': 'text/plain; charset=utf-8', 'X-Vercel-AI-Data-Stream': 'v1' };
}

/** Encodes answer events into one version's frames. */
export class StreamEncoder {
  private started = false;
  constructor(private readonly ctx: StreamContext) {}

  /** The frames opening the message. */
  start(): string {
    this.started = true;
    const { messageId } = this.ctx;
    return this.ctx.version === 'v2' ? sse({ type: 'start', messageId }) + sse({ type: 'start-step' }) + sse({ type: 'text-start', id: 'text' }) : `f:${JSON.stringify({ messageId })}\n`;
  }

  event(event: AnswerEvent): string {
    const v2 = this.ctx.version === 'v2';
    const head = this.started ? '' : this.start();
    switch (event.type) {
      case 'text':
        return head + (v2 ? sse({ type: 'text-delta', id: 'text', delta: event.text }) : `0:${JSON.stringify(event.text)}\n`);
      case 'error':
        return head + (v2 ? sse({ type: 'error', errorText: event.message, code: event.code }) : `3:${JSON.stringify(`${event.message} (${event.code})`)}\n`);
      case 'done':
        return head + this.finish(event.citations, event.outcome, event.tokensIn, event.tokensOut);
    }
  }

  private finish(citations: AssistantCitation[], outcome: AssistantOutcome, tokensIn: number, tokensOut: number): string {
    const { threadId, basePath, version } = this.ctx;
    const sources = citations.map((c, i) => ({ id: `source-${i + 1}`, url: hrefOf(c, basePath), title: c.title ?? c.path }));
    if (version === 'v2') {
      return (
        sse({ type: 'text-end', id: 'text' }) +
        sources.map((s) => sse({ type: 'source-url', sourceId: s.id, url: s.url, title: s.title })).join('') +
        sse({ type: 'finish-step' }) +
        sse({ type: 'finish', finishReason: outcome === 'error' ? 'error' : 'stop', threadId, outcome, messageMetadata: { threadId, outcome } }) +
        'data: [DONE]\n\n'
      );
    }
    const usage = { promptTokens: tokensIn, completionTokens: tokensOut };
    return (
      sources.map((s) => `h:${JSON.stringify({ sourceType: 'url', id: s.id, url: s.url, title: s.title })}\n`).join('') +
      `2:${JSON.stringify([{ threadId, outcome }])}\n` +
      `e:${JSON.stringify({ finishReason: 'stop', usage, isContinued: false })}\n` +
      `d:${JSON.stringify({ finishReason: 'stop', usage, threadId, outcome })}\n`
    );
  }
}

function sse(chunk: object): string {
  return `data: ${JSON.stringify(chunk)}\n\n`;
}
