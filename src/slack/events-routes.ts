/**
 * Slack's Events API: `POST /slack/events/{projectId}`, one address per project (each project has
 * its own Slack app and signing secret, so the address names whose secret checks the request).
 * Checks in order: body size, timestamp window, signature (a project without Slack settings is
 * checked against a secret nobody knows and refused alike, so the answer does not tell which
 * projects have an app), JSON shape, workspace; then the URL verification challenge is answered,
 * or the event id is taken once (Slack's retries and duplicates stop there) and the endpoint
 * answers 200 at once, doing the work afterwards (Slack waits 3 seconds, then retries).
 */
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { takeSlackEvent, type ProjectRow } from '../db/index.js';
import type { SecretBox } from '../shared/index.js';
import type { SlackCode } from './codes.js';
import { handleSlackEvent, type ConversationDeps, type SlackMessageEvent } from './conversation.js';
import { openSlackSettings } from './settings.js';
import { verifySlackRequest } from './verify.js';

/** Slack's events are a few kilobytes; anything far larger is not Slack. */
export const MAX_SLACK_BODY_BYTES = 256 * 1024;

/** Checks requests to projects without Slack settings: never shown, new on every start. */
const UNKNOWN_SECRET = randomBytes(32).toString('hex');

export interface SlackRoutesDeps extends ConversationDeps {
  box: SecretBox;
  /** Sites answer on `<projectId>.<siteDomain>` (or their first custom domain); default `localhost`. */
  siteDomain?: string;
  /** Work started after an answer (to await in tests and on shutdown). */
  track: (work: Promise<void>) => void;
}

export function createSlackRoutes(deps: SlackRoutesDeps): Hono {
  const { db, box, siteDomain = 'localhost', log, track } = deps;
  const app = new Hono();
  const refuse = (c: Context, status: 400 | 401 | 403 | 413, code: SlackCode, error: string) => c.json({ error, code }, status);

  app.post(
    '/slack/events/:projectId',
    bodyLimit({ maxSize: MAX_SLACK_BODY_BYTES, onError: (c) => refuse(c, 413, 'SLACK_BODY_TOO_LARGE', `Event refused: the body is over ${MAX_SLACK_BODY_BYTES} bytes.`) }),
    async (c) => {
      const projectId = c.req.param('projectId');
      const body = new Uint8Array(await c.req.arrayBuffer());
      const found = /^[a-z0-9][a-z0-9-]{0,62}$/.test(projectId) ? await openSlackSettings(db, box, projectId) : null;
      if (found === 'unreadable') log(`SLACK_NOT_CONFIGURED: ${projectId}: the Slack secrets do not open with this server's key (FOLIO_SECRET_KEY changed?); save them again on the Slack settings page`);
      const settings = found && found !== 'unreadable' ? found : null;
      const problem = verifySlackRequest(settings?.signingSecret ?? UNKNOWN_SECRET, body, { signature: c.req.header('x-slack-signature'), timestamp: c.req.header('x-slack-request-timestamp') });
      if (problem) return refuse(c, 401, problem.code, `Event refused: ${problem.message}.`);
      if (!settings) return refuse(c, 401, 'SLACK_SIGNATURE_INVALID', 'Event refused: X-Slack-Signature does not match the body signed with the signing secret.');

      let payload: { type?: unknown; challenge?: unknown; team_id?: unknown; event_id?: unknown; event?: unknown };
      try {
        const parsed: unknown = JSON.parse(new TextDecoder().decode(body));
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
        payload = parsed as typeof payload;
      } catch {
        return refuse(c, 400, 'SLACK_BAD_PAYLOAD', 'Event refused: the body is not a JSON object.');
      }
      if (payload.type === 'url_verification') {
        if (typeof payload.challenge !== 'string') return refuse(c, 400, 'SLACK_BAD_PAYLOAD', 'Event refused: url_verification without a challenge.');
        return c.json({ challenge: payload.challenge });
      }
      if (payload.type !== 'event_callback') return c.json({ ok: true, ignored: `events of type ${String(payload.type).slice(0, 40)} are not handled` });
      if (payload.team_id !== settings.teamId) return refuse(c, 403, 'SLACK_TEAM_MISMATCH', "Event refused: it comes from another Slack workspace than the project's (team id on the Slack settings page).");
      if (typeof payload.event_id !== 'string' || !payload.event_id || !payload.event || typeof payload.event !== 'object') {
        return refuse(c, 400, 'SLACK_BAD_PAYLOAD', 'Event refused: an event_callback needs event_id and event.');
      }
      // A retry (X-Slack-Retry-Num) or a duplicate delivery carries an event id taken before: answered 200 so Slack stops, not handled again.
      if (!(await takeSlackEvent(db, projectId, payload.event_id))) return c.json({ ok: true, duplicate: true });
      const event = payload.event as SlackMessageEvent;
      const requestUrl = new URL(c.req.url);
      const siteUrlOf = (project: ProjectRow) => `${requestUrl.protocol}//${project.hostNames[0] ?? `${project.id}.${siteDomain}`}${requestUrl.port ? `:${requestUrl.port}` : ''}/`;
      track(
        handleSlackEvent(deps, settings, event, siteUrlOf).catch((error: unknown) => log(`SLACK_API_FAILED: ${projectId}: event ${String(payload.event_id).slice(0, 40)}: ${(error as Error).message}`)),
      );
      return c.json({ ok: true });
    },
  );
  return app;
}
