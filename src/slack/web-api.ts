/**
 * The Slack Web API with a bot token: JSON bodies (`Authorization: Bearer xoxb-...`), answers
 * `{ ok: true, ... }` or `{ ok: false, error }`. A 429 is waited out for its `Retry-After` seconds
 * and tried again (up to `maxRetries`), as Slack asks of every client.
 */
import { SlackError } from './codes.js';

export const DEFAULT_SLACK_API_URL = 'https://slack.com/api';

/** The Web API base: `FOLIO_SLACK_API_URL` (tests point it at a stand-in), else Slack's. */
export function slackApiUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.FOLIO_SLACK_API_URL?.trim().replace(/\/+$/, '') || DEFAULT_SLACK_API_URL;
}

export interface SlackWebApiOptions {
  token: string;
  apiUrl?: string;
  /** Retries after a 429 before giving up; default 3. */
  maxRetries?: number;
  /** Longest single wait for a `Retry-After`, in seconds; default 30. */
  maxWaitSeconds?: number;
  /** Each call's time limit; default 10 s. */
  timeoutMs?: number;
}

export interface PostedMessage {
  ok: true;
  channel: string;
  ts: string;
}

export class SlackWebApi {
  private readonly apiUrl: string;

  constructor(private readonly options: SlackWebApiOptions) {
    this.apiUrl = (options.apiUrl ?? DEFAULT_SLACK_API_URL).replace(/\/+$/, '');
  }

  /** Call `method` with a JSON body; throws `SlackError` (SLACK_API_FAILED) on `ok: false` or a failed request. */
  async call<T extends object = Record<string, unknown>>(method: string, body: Record<string, unknown> = {}): Promise<T & { ok: true }> {
    const { maxRetries = 3, maxWaitSeconds = 30, timeoutMs = 10_000 } = this.options;
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await fetch(`${this.apiUrl}/${method}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${this.options.token}`, 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new SlackError(502, 'SLACK_API_FAILED', `Slack ${method} failed: ${(error as Error).message}`);
      }
      if (res.status === 429 && attempt < maxRetries) {
        await res.body?.cancel();
        const wait = Math.min(maxWaitSeconds, Math.max(0, Number(res.headers.get('retry-after')) || 1));
        await new Promise((r) => setTimeout(r, wait * 1000));
        continue;
      }
      const answer = (await res.json().catch(() => null)) as ({ ok?: boolean; error?: string } & Record<string, unknown>) | null;
      if (!answer || answer.ok !== true) {
        const reason = answer?.error ?? `HTTP ${res.status}`;
        throw new SlackError(502, 'SLACK_API_FAILED', `Slack ${method} answered ${reason}`);
      }
      return answer as T & { ok: true };
    }
  }

  /** Post `text` in a channel, in the thread of `threadTs` when given. */
  postMessage(channel: string, text: string, threadTs?: string): Promise<PostedMessage> {
    return this.call<PostedMessage>('chat.postMessage', { channel, text, ...(threadTs ? { thread_ts: threadTs } : {}), unfurl_links: false, unfurl_media: false });
  }

  /** Replace the text of a message the bot posted. */
  updateMessage(channel: string, ts: string, text: string): Promise<PostedMessage> {
    return this.call<PostedMessage>('chat.update', { channel, ts, text });
  }

  /** Who the token is: the workspace and the bot's user id. */
  authTest(): Promise<{ ok: true; team_id: string; user_id: string; team?: string; user?: string; bot_id?: string }> {
    return this.call('auth.test');
  }
}
