/**
 * A project's Slack settings with their secrets opened (the database keeps them sealed with the
 * server's key), and sealed again when saved. The dashboard's settings page and the events endpoint
 * go through the same contexts, so a value sealed for one project or field opens nowhere else.
 */
import { getSlackSettings, saveSlackSettings, type Database, type SlackSettingsRow } from '../db/index.js';
import type { SecretBox } from '../shared/index.js';

export interface OpenSlackSettings {
  projectId: string;
  teamId: string;
  channels: string[];
  signingSecret: string;
  botToken: string;
  botUserId: string | null;
}

/** Where a secret is sealed: binds it to its project and field. */
export const slackSecretContext = (projectId: string, field: 'signing_secret' | 'bot_token') => `slack:${projectId}:${field}`;

/** The settings with secrets opened; null without settings, `'unreadable'` when this server's key does not open them. */
export async function openSlackSettings(db: Database, box: SecretBox, projectId: string): Promise<OpenSlackSettings | 'unreadable' | null> {
  const row = await getSlackSettings(db, projectId);
  if (!row) return null;
  return openRow(row, box);
}

export function openRow(row: SlackSettingsRow, box: SecretBox): OpenSlackSettings | 'unreadable' {
  const signingSecret = box.open(row.signingSecret, slackSecretContext(row.projectId, 'signing_secret'));
  const botToken = box.open(row.botToken, slackSecretContext(row.projectId, 'bot_token'));
  if (signingSecret === null || botToken === null) return 'unreadable';
  return { projectId: row.projectId, teamId: row.teamId, channels: row.channels, signingSecret, botToken, botUserId: row.botUserId };
}

/** Seal and store. */
export async function storeSlackSettings(db: Database, box: SecretBox, s: OpenSlackSettings): Promise<void> {
  await saveSlackSettings(db, {
    projectId: s.projectId,
    teamId: s.teamId,
    channels: s.channels,
    signingSecret: box.seal(s.signingSecret, slackSecretContext(s.projectId, 'signing_secret')),
    botToken: box.seal(s.botToken, slackSecretContext(s.projectId, 'bot_token')),
    botUserId: s.botUserId,
  });
}

/** A secret as the settings page shows it: its last four characters only. */
export function maskedSecret(secret: string): string {
  return secret.length > 8 ? `••••${secret.slice(-4)}` : '••••';
}
