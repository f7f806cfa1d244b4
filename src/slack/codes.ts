/** Stable codes of the Slack app (HTTP bodies of `/slack/events/{projectId}`, log lines); documented in docs/reference/errors/slack.md. */
export const SLACK_CODES = {
  SLACK_NOT_CONFIGURED: "A project's stored Slack secrets do not open with this server's secret key (logged); save them again on the Slack page.",
  SLACK_SIGNATURE_INVALID: 'X-Slack-Signature is missing, malformed, or does not match the body signed with the signing secret.',
  SLACK_TIMESTAMP_STALE: 'X-Slack-Request-Timestamp is missing or more than five minutes from the server clock (a replay).',
  SLACK_BODY_TOO_LARGE: 'The event body is larger than the endpoint accepts.',
  SLACK_BAD_PAYLOAD: 'The body is not a JSON object Slack sends (url_verification or event_callback).',
  SLACK_TEAM_MISMATCH: "The event comes from another Slack workspace than the project's.",
  SLACK_API_FAILED: 'A Slack Web API call answered `ok: false` or failed (logged, with the method and Slack\'s error).',
  SLACK_ANSWER_FAILED: 'The assistant could not answer a question asked in Slack (logged; the thread is told).',
  SLACK_JOB_FAILED: 'An agent job asked for in Slack could not be started (rate limit, settings); the thread is told why.',
  SLACK_SETTINGS_INVALID: 'A field of the Slack settings form is missing or malformed; the message names it.',
} as const;

export type SlackCode = keyof typeof SLACK_CODES;

/** A refusal with an HTTP status and a stable code, answered as `{ error, code }`. */
export class SlackError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 413 | 502,
    readonly code: SlackCode,
    message: string,
  ) {
    super(message);
    this.name = 'SlackError';
  }
}
