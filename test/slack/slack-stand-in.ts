/**
 * A local stand-in for Slack, both ways: as the Events API it signs deliveries as Slack does
 * (`X-Slack-Signature: v0=<HMAC-SHA256 of "v0:<timestamp>:<body>">`, `X-Slack-Request-Timestamp`,
 * and on a retry `X-Slack-Retry-Num`/`-Reason`) and sends them to the server; as the Web API it
 * serves `auth.test`, `chat.postMessage` and `chat.update` (JSON or form bodies, `Authorization:
 * Bearer xoxb-...`, answers `{ ok: true, ... }` or `{ ok: false, error }`), can answer a method
 * 429 with `Retry-After` once, and records every call.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SlackCall {
  method: string;
  /** The parsed body (JSON or form). */
  body: Record<string, unknown>;
  /** How the body was sent. */
  contentType: string;
  /** Answered 429 (the client must wait and send it again). */
  limited: boolean;
}

export interface SlackStandInOptions {
  token: string;
  teamId: string;
  botUserId: string;
  /** Methods whose first call is answered 429 with `Retry-After: retryAfterSeconds`. */
  limitOnce?: string[];
  retryAfterSeconds?: number;
}

export interface SlackStandIn {
  /** The Web API base for `FOLIO_SLACK_API_URL`. */
  apiUrl: string;
  calls: SlackCall[];
  /** Messages posted (chat.postMessage calls that were answered ok), oldest first. */
  posted(): { channel: string; text: string; thread_ts?: string; ts: string }[];
  /** Wait until a posted message satisfies `test`. */
  waitForPost(test: (m: { text: string; thread_ts?: string }) => boolean, timeoutMs?: number): Promise<{ channel: string; text: string; thread_ts?: string; ts: string }>;
  close(): Promise<void>;
}

function parseBody(text: string, contentType: string): Record<string, unknown> {
  if (contentType.startsWith('application/json')) return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  return Object.fromEntries(new URLSearchParams(text));
}

export async function startSlackStandIn(options: SlackStandInOptions): Promise<SlackStandIn> {
  const { token, teamId, botUserId, retryAfterSeconds = 1 } = options;
  const limitOnce = new Set(options.limitOnce ?? []);
  const calls: SlackCall[] = [];
  const posts: { channel: string; text: string; thread_ts?: string; ts: string }[] = [];
  let clock = 2_000_000_000;
  const server: Server = createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    const answer = (status: number, body: object, headers: Record<string, string> = {}) => res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body));
    const method = req.url?.replace(/^\/api\//, '').split('?')[0] ?? '';
    const contentType = req.headers['content-type'] ?? '';
    let body: Record<string, unknown>;
    try {
      body = parseBody(text, contentType);
    } catch {
      return answer(200, { ok: false, error: 'invalid_json' });
    }
    const limited = limitOnce.delete(method);
    calls.push({ method, body, contentType, limited });
    if (limited) return answer(429, { ok: false, error: 'ratelimited' }, { 'retry-after': String(retryAfterSeconds) });
    // Slack takes the token from the header, or (form bodies) from a `token` field.
    const sent = req.headers.authorization?.replace(/^Bearer /, '') ?? (typeof body.token === 'string' ? body.token : undefined);
    if (!sent) return answer(200, { ok: false, error: 'not_authed' });
    if (sent !== token) return answer(200, { ok: false, error: 'invalid_auth' });
    if (method === 'auth.test') return answer(200, { ok: true, url: 'https://standin.slack.test/', team: 'Stand-in', user: 'folio', team_id: teamId, user_id: botUserId, bot_id: 'B0BOT' });
    if (method === 'chat.postMessage' || method === 'chat.update') {
      const channel = typeof body.channel === 'string' ? body.channel : '';
      const message = typeof body.text === 'string' ? body.text : '';
      if (!channel) return answer(200, { ok: false, error: 'channel_not_found' });
      if (!message) return answer(200, { ok: false, error: 'no_text' });
      if (method === 'chat.update') {
        const found = posts.find((p) => p.ts === body.ts && p.channel === channel);
        if (!found) return answer(200, { ok: false, error: 'message_not_found' });
        found.text = message;
        return answer(200, { ok: true, channel, ts: found.ts, text: message });
      }
      const ts = `${++clock}.000100`;
      posts.push({ channel, text: message, ts, ...(typeof body.thread_ts === 'string' ? { thread_ts: body.thread_ts } : {}) });
      return answer(200, { ok: true, channel, ts, message: { text: message, ts } });
    }
    return answer(404, { ok: false, error: 'unknown_method' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}/api`,
    calls,
    posted: () => posts.map((p) => ({ ...p })),
    async waitForPost(test, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = posts.find(test);
        if (found) return { ...found };
        if (Date.now() > until) throw new Error(`no matching message was posted; posted: ${JSON.stringify(posts.map((p) => p.text))}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The headers Slack signs a delivery with: `v0=` HMAC-SHA256 of `v0:<timestamp>:<body>`. */
export function slackSignedHeaders(signingSecret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): Record<string, string> {
  const signature = `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
  return { 'content-type': 'application/json', 'x-slack-request-timestamp': String(timestamp), 'x-slack-signature': signature };
}

let eventCount = 0;

/** An `event_callback` as Slack wraps an event. */
export function eventCallback(teamId: string, event: Record<string, unknown>, eventId = `Ev${Date.now().toString(36).toUpperCase()}${++eventCount}`): { type: 'event_callback'; event_id: string } & Record<string, unknown> {
  return { token: 'legacy-verification-token', team_id: teamId, api_app_id: 'A0APP', event: { event_ts: event.ts, ...event }, type: 'event_callback', event_id: eventId, event_time: Math.floor(Date.now() / 1000), authorizations: [{ team_id: teamId, is_bot: true }] };
}

/**
 * Send `payload` to the server as Slack does: signed, and as the `retry`th retry when given
 * (`X-Slack-Retry-Num`, `X-Slack-Retry-Reason: http_timeout`). `send` is the server's fetch
 * (a URL on a port, or `app.request`).
 */
export async function deliver(
  send: (path: string, init: RequestInit) => Response | Promise<Response>,
  path: string,
  signingSecret: string,
  payload: object,
  { retry, timestamp, signature }: { retry?: number; timestamp?: number; signature?: string } = {},
): Promise<Response> {
  const body = JSON.stringify(payload);
  const headers = slackSignedHeaders(signingSecret, body, timestamp);
  if (signature) headers['x-slack-signature'] = signature;
  if (retry) Object.assign(headers, { 'x-slack-retry-num': String(retry), 'x-slack-retry-reason': 'http_timeout' });
  return send(path, { method: 'POST', headers, body });
}
