import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted assistant turn: tool calls to make, or a final answer. */
export type ScriptedTurn = (
  | { tools: { name: string; args: object }[] }
  | { text: string }
  /** Tool calls whose arguments are sent as this raw text (e.g. not JSON). */
  | { malformed: { name: string; arguments: string }[] }
  /** Never answer: the request is read and left open (a model that hangs). */
  | { hang: true }
) & { /** Tokens the turn reports using (default 15). */ tokens?: number };

/** What the stand-in received: each request's messages (role and content/tool results). */
export interface ReceivedRequest {
  model: string;
  messages: { role: string; content?: unknown; tool_call_id?: string }[];
  tools: string[];
  /** The client asked for a streamed answer (`stream: true`). */
  stream?: boolean;
}

/** Answers each request from what it holds (e.g. the tool results so far) instead of a fixed script. */
export type TurnFor = (request: ReceivedRequest) => ScriptedTurn;

/**
 * A local HTTP server speaking OpenAI chat completions that answers each request with the next turn
 * of the requested model's script (or what `scripts` computes from the request), so the agent loop
 * runs for real: the SDK sends tool results back and the script continues. A request with
 * `stream: true` is answered as server-sent chunks (text a few characters at a time, `chunkDelayMs`
 * apart; tool calls; usage last), as OpenAI-compatible servers stream.
 */
export async function startChatStandIn(scripts: Record<string, ScriptedTurn[]> | TurnFor, apiKey = 'test-key', { chunkDelayMs = 0 }: { chunkDelayMs?: number } = {}): Promise<{ baseUrl: string; received: ReceivedRequest[]; close(): Promise<void> }> {
  const received: ReceivedRequest[] = [];
  const turns = new Map<string, number>();
  const server: Server = createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    if (req.url !== '/v1/chat/completions' || req.method !== 'POST') {
      res.writeHead(404).end();
      return;
    }
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'bad key', type: 'invalid_request_error' } }));
      return;
    }
    const body = JSON.parse(text) as { model: string; messages: ReceivedRequest['messages']; tools?: { function: { name: string } }[]; stream?: boolean };
    const request: ReceivedRequest = { model: body.model, messages: body.messages, tools: (body.tools ?? []).map((t) => t.function.name), ...(body.stream ? { stream: true } : {}) };
    received.push(request);
    const turn = (turns.get(body.model) ?? 0) + 1;
    turns.set(body.model, turn);
    let step: ScriptedTurn;
    if (typeof scripts === 'function') step = scripts(request);
    else {
      const script = scripts[body.model] ?? [{ text: 'No script for this model.' }];
      step = script[Math.min(turn - 1, script.length - 1)]!;
    }
    if ('hang' in step) return;
    const calls = 'tools' in step ? step.tools.map((t) => ({ name: t.name, arguments: JSON.stringify(t.args) })) : 'malformed' in step ? step.malformed : [];
    if (body.stream) {
      await streamTurn(res, { model: body.model, turn, text: 'text' in step ? step.text : null, calls, tokens: step.tokens ?? 15, chunkDelayMs });
      return;
    }
    const message =
      'text' in step
        ? { role: 'assistant', content: step.text }
        : {
            role: 'assistant',
            content: null,
            tool_calls: calls.map((t, i) => ({ id: `call_${turn}_${i}`, type: 'function', function: t })),
          };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: `chatcmpl-${turn}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message, finish_reason: 'text' in step ? 'stop' : 'tool_calls' }],
        usage: { prompt_tokens: (step.tokens ?? 15) - 5, completion_tokens: 5, total_tokens: step.tokens ?? 15 },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/v1`, received, close: () => new Promise((r) => { server.close(() => r()); server.closeAllConnections(); }) };
}

/** One turn as chat-completion chunks: the text in pieces of 6 characters, or the tool calls; then the finish reason and the usage. */
async function streamTurn(res: import('node:http').ServerResponse, t: { model: string; turn: number; text: string | null; calls: { name: string; arguments: string }[]; tokens: number; chunkDelayMs: number }): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const chunk = (choices: object[], extra: object = {}) => res.write(`data: ${JSON.stringify({ id: `chatcmpl-${t.turn}`, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: t.model, choices, ...extra })}\n\n`);
  const pause = () => (t.chunkDelayMs ? new Promise((r) => setTimeout(r, t.chunkDelayMs)) : Promise.resolve());
  chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]);
  if (t.text !== null) {
    for (let i = 0; i < t.text.length; i += 6) {
      if (res.destroyed) return;
      chunk([{ index: 0, delta: { content: t.text.slice(i, i + 6) }, finish_reason: null }]);
      await pause();
    }
  } else {
    t.calls.forEach((c, i) => chunk([{ index: 0, delta: { tool_calls: [{ index: i, id: `call_${t.turn}_${i}`, type: 'function', function: { name: c.name, arguments: c.arguments } }] }, finish_reason: null }]));
  }
  chunk([{ index: 0, delta: {}, finish_reason: t.text !== null ? 'stop' : 'tool_calls' }]);
  chunk([], { usage: { prompt_tokens: t.tokens - 5, completion_tokens: 5, total_tokens: t.tokens } });
  res.end('data: [DONE]\n\n');
}

/**
 * The same scripted loop behind Anthropic's Messages API (`POST /v1/messages`,
 * `tool_use` content blocks, `x-api-key` header).
 */
export async function startAnthropicStandIn(script: ScriptedTurn[], apiKey = 'test-key'): Promise<{ baseUrl: string; received: { messages: { role: string; content: unknown }[] }[]; close(): Promise<void> }> {
  const received: { messages: { role: string; content: unknown }[] }[] = [];
  const server: Server = createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    if (req.url !== '/v1/messages' || req.method !== 'POST' || req.headers['x-api-key'] !== apiKey) {
      res.writeHead(req.headers['x-api-key'] === apiKey ? 404 : 401, { 'content-type': 'application/json' }).end(JSON.stringify({ type: 'error', error: { type: 'authentication_error', message: 'no' } }));
      return;
    }
    const body = JSON.parse(text) as { model: string; messages: { role: string; content: unknown }[] };
    received.push({ messages: body.messages });
    const step = script[Math.min(received.length - 1, script.length - 1)]!;
    if ('hang' in step) return;
    if ('malformed' in step) throw new Error('the Anthropic stand-in sends tool input as JSON objects: script unknown tools instead');
    const content = 'text' in step ? [{ type: 'text', text: step.text }] : step.tools.map((t, i) => ({ type: 'tool_use', id: `toolu_${received.length}_${i}`, name: t.name, input: t.args }));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: `msg_${received.length}`,
        type: 'message',
        role: 'assistant',
        model: body.model,
        content,
        stop_reason: 'text' in step ? 'end_turn' : 'tool_use',
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 5 },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/v1`, received, close: () => new Promise((r) => { server.close(() => r()); server.closeAllConnections(); }) };
}

/** A piece of what the model was sent, as text (tool results may come JSON-encoded). */
export function sentText(content: unknown): string {
  const raw = typeof content === 'string' ? content : JSON.stringify(content);
  try {
    const parsed = JSON.parse(raw) as unknown;
    return typeof parsed === 'string' ? parsed : raw;
  } catch {
    return raw;
  }
}

/**
 * An assistant model's turn: search for the reader's question, then answer with the first section
 * found (`quote` writes it) citing its URL, or "(not in the docs)".
 */
export function searchThenQuote(request: ReceivedRequest, quote: (text: string) => string = (text) => text): ScriptedTurn {
  const lastUser = request.messages.map((m) => m.role).lastIndexOf('user');
  const question = /Question: ([^\n]*)/.exec(sentText(request.messages[lastUser]?.content))?.[1] ?? '';
  const result = request.messages.slice(lastUser).find((m) => m.role === 'tool');
  if (!result) return { tools: [{ name: 'search', args: { query: question } }] };
  const found = /URL: (\/\S+)\n([^\n]*)/.exec(sentText(result.content));
  return found ? { text: `The docs say: ${quote(found[2]!)} ([source](${found[1]}))` } : { text: '(not in the docs)' };
}
