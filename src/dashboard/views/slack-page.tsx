import type { ProjectRow } from '../../db/index.js';
import type { SlackSettingsView } from '../context.js';
import { Icon } from './icon.js';
import { Csrf, Layout, PageHead, type Notice, type Viewer } from './layout.js';
import { CopyValue } from './project-pages.js';

interface SlackPageProps {
  base: string;
  viewer: Viewer;
  project: ProjectRow;
  settings: SlackSettingsView | null;
  /** The Request URL to give Slack (Event Subscriptions). */
  eventsUrl: string;
  /** False when the server runs without the Slack app. */
  available: boolean;
  notice: Notice | null;
  /** What was typed, when the form comes back refused (never the secrets). */
  values?: { teamId: string; channels: string };
}

/** The Slack app's settings: connected or not, the events address, and the form (secrets shown by their last four characters only). */
export function SlackSettingsPage(p: SlackPageProps) {
  const at = `${p.base}/projects/${p.project.id}/products/slack`;
  const s = p.settings;
  const connected = Boolean(s?.readable);
  return (
    <Layout title={`Slack · ${p.project.name}`} base={p.base} viewer={p.viewer} project={p.project} tab="slack" notice={p.notice}>
      <PageHead title="Slack" sub="Mention the bot in Slack: it answers questions from your published docs, with links to the pages, and turns requests to change the docs into agent jobs whose pull requests it posts in the thread." />
      <section className="panel" aria-labelledby="slack-status">
        <h2 id="slack-status">
          Slack bot{' '}
          <span className={`badge ${connected ? 'success' : 'queued'}`}>{connected ? 'Connected' : s ? 'Secrets unreadable' : 'Not connected'}</span>
        </h2>
        <dl className="facts">
          <dt>Request URL</dt>
          <dd>
            <CopyValue id="slack-events-url" value={p.eventsUrl} label="Slack events request URL" />
            <p className="hint">
              In your Slack app, Event Subscriptions: paste this address, then subscribe to the bot events <code>app_mention</code> and <code>message.channels</code>. Save the settings below first: Slack checks the address with a signed request.
            </p>
          </dd>
          {s?.botUserId ? (
            <>
              <dt>Bot user</dt>
              <dd>
                <code>{s.botUserId}</code>
              </dd>
            </>
          ) : null}
        </dl>
        {s && !s.readable ? <p className="hint">The stored secrets do not open with this server's secret key (FOLIO_SECRET_KEY changed?): enter the signing secret and bot token again.</p> : null}
      </section>
      <section className="panel" aria-labelledby="slack-settings">
        <h2 id="slack-settings">Settings</h2>
        {p.available ? (
          <form className="stack" method="post" action={at} autoComplete="off">
            <Csrf token={p.viewer.csrfToken} />
            <div className="field">
              <label htmlFor="slack-team">Workspace (team) id</label>
              <input id="slack-team" name="teamId" required maxLength={40} placeholder="T0123ABCD" defaultValue={p.values?.teamId ?? s?.teamId ?? ''} />
            </div>
            <div className="field">
              <label htmlFor="slack-channels">Channels the bot answers in (channel ids, comma or space separated; empty: every channel it is invited to)</label>
              <input id="slack-channels" name="channels" maxLength={2000} placeholder="C0123ABCD, C0456EFGH" defaultValue={p.values?.channels ?? s?.channels.join(', ') ?? ''} />
            </div>
            <div className="field">
              <label htmlFor="slack-secret">Signing secret {s?.readable ? <span className="hint">(stored: {s.signingSecretHint}; leave empty to keep it)</span> : null}</label>
              <input id="slack-secret" name="signingSecret" type="password" maxLength={200} required={!s?.readable} placeholder="Basic Information → App Credentials" />
            </div>
            <div className="field">
              <label htmlFor="slack-token">Bot token {s?.readable ? <span className="hint">(stored: {s.botTokenHint}; leave empty to keep it)</span> : null}</label>
              <input id="slack-token" name="botToken" type="password" maxLength={300} required={!s?.readable} placeholder="xoxb-…" />
            </div>
            <div className="row">
              {s ? (
                // Submits the disconnect form below (forms cannot nest): the two actions side by side, as on the platform.
                <button className="btn secondary danger" type="submit" form="slack-disconnect">
                  <Icon name="unlink" />
                  Disconnect
                </button>
              ) : null}
              <button className="btn" type="submit">
                Save changes
              </button>
            </div>
          </form>
        ) : (
          <p className="hint">This server runs without the Slack app.</p>
        )}
        {s ? (
          <form id="slack-disconnect" method="post" action={`${at}/disconnect`} data-confirm="Disconnect Slack? The bot stops answering, and its stored secrets are deleted.">
            <Csrf token={p.viewer.csrfToken} />
            {p.available ? null : (
              <button className="btn secondary danger" type="submit">
                <Icon name="unlink" />
                Disconnect
              </button>
            )}
          </form>
        ) : null}
      </section>
    </Layout>
  );
}
