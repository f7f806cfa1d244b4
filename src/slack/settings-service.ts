/**
 * The Slack settings page's service (handed to the dashboard by the server): what the page shows
 * (never a secret in full) and saving a form, checked before it is stored: the bot token through
 * `auth.test` (its workspace must be the team id given; its bot user id is kept).
 */
import { deleteSlackSettings, type Database } from '../db/index.js';
import type { SecretBox } from '../shared/index.js';
import { SlackError } from './codes.js';
import { maskedSecret, openSlackSettings, storeSlackSettings } from './settings.js';
import { SlackWebApi } from './web-api.js';

/** What the page shows of a project's settings. */
export interface SlackSettingsView {
  teamId: string;
  channels: string[];
  /** `••••` and the last four characters. */
  signingSecretHint: string;
  botTokenHint: string;
  botUserId: string | null;
  /** False when this server's key no longer opens the stored secrets: enter them again. */
  readable: boolean;
}

/** The form: a secret left empty keeps the stored one. */
export interface SlackSettingsForm {
  teamId: string;
  channels: string;
  signingSecret: string;
  botToken: string;
}

export class SlackSettingsService {
  constructor(private readonly deps: { db: Database; box: SecretBox; apiUrl: string }) {}

  async view(projectId: string): Promise<SlackSettingsView | null> {
    const open = await openSlackSettings(this.deps.db, this.deps.box, projectId);
    if (!open) return null;
    if (open === 'unreadable') return { teamId: '', channels: [], signingSecretHint: '', botTokenHint: '', botUserId: null, readable: false };
    return { teamId: open.teamId, channels: open.channels, signingSecretHint: maskedSecret(open.signingSecret), botTokenHint: maskedSecret(open.botToken), botUserId: open.botUserId, readable: true };
  }

  /** Check and store the form; throws `SlackError` (`SLACK_SETTINGS_INVALID`, or `SLACK_API_FAILED` when Slack refuses the token). */
  async save(projectId: string, form: SlackSettingsForm): Promise<void> {
    const { db, box, apiUrl } = this.deps;
    const stored = await openSlackSettings(db, box, projectId);
    const previous = stored && stored !== 'unreadable' ? stored : null;
    const teamId = form.teamId.trim();
    if (!/^T[A-Z0-9]{2,30}$/.test(teamId)) throw invalid('Team id: the workspace id starts with T (e.g. T0123ABCD); find it in Slack under the workspace menu, or in the URL app.slack.com/client/<team id>.');
    const channels = [...new Set(form.channels.split(/[\s,]+/).map((s) => s.trim().replace(/^#/, '')).filter(Boolean))];
    const badChannel = channels.find((ch) => !/^[CGD][A-Z0-9]{2,30}$/.test(ch));
    if (badChannel) throw invalid(`Channels: "${badChannel.slice(0, 40)}" is not a channel id (C0123ABCD; in Slack, the channel's details show it).`);
    if (channels.length > 50) throw invalid('Channels: at most 50.');
    const signingSecret = form.signingSecret.trim() || previous?.signingSecret || '';
    const botToken = form.botToken.trim() || previous?.botToken || '';
    if (!/^[0-9a-f]{32}$/i.test(signingSecret)) throw invalid('Signing secret: paste the 32 hex digits from the app\'s Basic Information page (App Credentials).');
    if (!/^xoxb-[A-Za-z0-9-]{10,200}$/.test(botToken)) throw invalid('Bot token: paste the Bot User OAuth Token (xoxb-...) from the app\'s OAuth & Permissions page.');
    const who = await new SlackWebApi({ token: botToken, apiUrl }).authTest();
    if (who.team_id !== teamId) throw invalid(`Team id: the bot token belongs to workspace ${who.team_id}, not ${teamId}.`);
    await storeSlackSettings(db, box, { projectId, teamId, channels, signingSecret, botToken, botUserId: who.user_id ?? null });
  }

  remove(projectId: string): Promise<boolean> {
    return deleteSlackSettings(this.deps.db, projectId);
  }
}

const invalid = (message: string) => new SlackError(400, 'SLACK_SETTINGS_INVALID', message);
