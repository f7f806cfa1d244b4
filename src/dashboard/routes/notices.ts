import type { Context } from 'hono';
import type { Notice } from '../views/layout.js';

/** Messages shown after a redirect; the query names one of these so no user text is reflected. */
const NOTICES: Record<string, Notice> = {
  'project-created': { kind: 'ok', text: 'Project created. Create an API key or start an update next.' },
  'settings-saved': { kind: 'ok', text: 'Settings saved.' },
  'slack-saved': { kind: 'ok', text: 'Slack settings saved; Slack accepted the bot token. Give Slack the request URL if you have not yet.' },
  'slack-disconnected': { kind: 'ok', text: 'Slack disconnected: the bot no longer answers, and its stored secrets are deleted.' },
  'key-revoked': { kind: 'ok', text: 'Key revoked. Requests with it now get 401.' },
  'assistant-key-revoked': { kind: 'ok', text: 'Assistant key revoked. Search and assistant requests with it get 401 within 5 seconds.' },
  'job-started': { kind: 'ok', text: 'Job started. Its status updates live below.' },
  'message-sent': { kind: 'ok', text: 'Follow-up sent. The agent works on the same branch and pull request.' },
  'automation-created': { kind: 'ok', text: 'Automation created. It runs on its schedule or on pushes to its branch; each run is an agent job.' },
  'automation-deleted': { kind: 'ok', text: 'Automation deleted. The jobs it started stay in the jobs list.' },
  'automation-paused': { kind: 'ok', text: 'Automation paused. It neither runs nor can be triggered until resumed.' },
  'automation-resumed': { kind: 'ok', text: 'Automation resumed.' },
  'job-archived': { kind: 'ok', text: 'Job archived.' },
  'update-started': { kind: 'ok', text: 'Update started. The log below follows the build.' },
  'webhook-secret-rotated': { kind: 'ok', text: 'New webhook secret. Deliveries signed with the old one are refused from now on; set the new one at GitHub or GitLab.' },
  'preview-deleted': { kind: 'ok', text: 'Preview deleted. Its address no longer answers; a new push or build of the branch creates it again.' },
  'preview-started': { kind: 'ok', text: 'Preview started. The log below follows the build; the updates page lists its address.' },
};

/** The notice named by `?notice=`, if any. */
export function noticeFromQuery(c: Context): Notice | null {
  return NOTICES[c.req.query('notice') ?? ''] ?? null;
}
