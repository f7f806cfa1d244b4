import type { PreviewWithUpdate, UpdateRow, ProjectRow, WebhookDeliveryRow } from '../../db/index.js';
import { redactRepositoryUrl } from '../../git/index.js';
import { CopyValue } from './project-pages.js';
import { formatDate, formatDuration, statusLabel } from './format.js';
import { Csrf, Layout, type Notice, type Viewer } from './layout.js';

const LIVE = new Set(['queued', 'in_progress']);

function UpdateBadge({ base, projectId, update, logId }: { base: string; projectId: string; update: UpdateRow; logId?: string }) {
  const live = LIVE.has(update.status);
  return (
    <span
      className={`badge ${update.status}`}
      data-update-status={update.id}
      data-poll={live ? `${base}/projects/${projectId}/updates/${update.id}/status.json` : undefined}
      data-log={live ? logId : undefined}
      data-summary={live && logId ? 'update-summary' : undefined}
      data-reload={live && logId ? '' : undefined}
      aria-live={live ? 'polite' : undefined}
    >
      {statusLabel(update.status)}
    </span>
  );
}

/** A project's previews: branch, address, latest build, and the form that starts one. */
function PreviewsPanel({ base, viewer, project, previews }: { base: string; viewer: Viewer; project: ProjectRow; previews: Array<PreviewWithUpdate & { url: string }> }) {
  return (
    <section className="panel" aria-labelledby="previews">
      <h2 id="previews">Previews</h2>
      <p className="sub">A preview builds another branch at its own address and leaves the site as it is. Unused previews are deleted after the server's preview TTL.</p>
      {viewer.canEdit ? (
        <form method="post" action={`${base}/projects/${project.id}/previews`} className="inline">
          <Csrf token={viewer.csrfToken} />
          <label>
            Branch <input name="branch" required maxLength={255} placeholder="feature/new-guide" />
          </label>{' '}
          <button className="btn" type="submit">
            Build preview
          </button>
        </form>
      ) : null}
      {previews.length === 0 ? (
        <p className="empty">No previews yet.</p>
      ) : (
        <table className="responsive" id="previews-table">
          <thead>
            <tr>
              <th scope="col">Branch</th>
              <th scope="col">Address</th>
              <th scope="col">Status</th>
              <th scope="col">Last built</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {previews.map((p) => (
              <tr key={p.slug}>
                <td data-label="Branch" className="mono">
                  {p.branch}
                </td>
                <td data-label="Address">
                  <a href={p.url}>{p.url}</a>
                </td>
                <td data-label="Status">{p.update ? <UpdateBadge base={base} projectId={project.id} update={p.update} /> : '—'}</td>
                <td data-label="Last built">{p.update ? <a href={`${base}/projects/${project.id}/updates/${p.update.id}`}>{formatDate(p.updatedAt)}</a> : formatDate(p.updatedAt)}</td>
                <td data-label="">
                  {viewer.canEdit ? (
                    <form method="post" action={`${base}/projects/${project.id}/previews/delete`} data-confirm={`Delete the preview of ${p.branch}? Its address stops answering.`}>
                      <Csrf token={viewer.csrfToken} />
                      <input type="hidden" name="branch" value={p.branch} />
                      <button className="btn small danger" type="submit" aria-label={`Delete the preview of ${p.branch}`}>
                        Delete
                      </button>
                    </form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Webhook addresses per provider, the project's secret (with a rotate button) and the delivery log. */
function WebhooksPanel({ base, viewer, project, origin, deliveries }: { base: string; viewer: Viewer; project: ProjectRow; origin: string; deliveries: WebhookDeliveryRow[] }) {
  const url = (provider: string) => `${origin}/webhooks/${provider}/${project.id}`;
  return (
    <section className="panel" aria-labelledby="webhooks">
      <h2 id="webhooks">Push to deploy</h2>
      <p className="sub">
        A push to {project.branch} updates the site; a push to another branch, or a pull request into {project.branch}, builds its preview. On GitHub, add a webhook
        (content type application/json, events: pushes and pull requests) with the GitHub address and the secret; on GitLab, the GitLab address with the secret as
        its secret token (push and merge request events).
      </p>
      <dl className="facts">
        <dt>GitHub</dt>
        <dd>
          <CopyValue id="webhook-github" value={url('github')} label="GitHub webhook URL" />
        </dd>
        <dt>GitLab</dt>
        <dd>
          <CopyValue id="webhook-gitlab" value={url('gitlab')} label="GitLab webhook URL" />
        </dd>
        <dt>Generic</dt>
        <dd>
          <CopyValue id="webhook-generic" value={url('generic')} label="generic webhook URL" />
        </dd>
        <dt>Secret</dt>
        {/* The secret lets anyone start updates: owners only, like API keys. */}
        <dd>{viewer.role !== 'owner' ? (project.webhookSecret ? 'Set (shown to owners only).' : 'None yet: an owner generates one.') : project.webhookSecret ? <CopyValue id="webhook-secret" value={project.webhookSecret} label="webhook secret" /> : 'None yet: generate one.'}</dd>
      </dl>
      {viewer.role === 'owner' ? (
        <form method="post" action={`${base}/projects/${project.id}/webhook-secret`}>
          <Csrf token={viewer.csrfToken} />
          <button className="btn secondary" type="submit">
            {project.webhookSecret ? 'Rotate secret' : 'Generate secret'}
          </button>
        </form>
      ) : null}
      <h3>Deliveries</h3>
      {deliveries.length === 0 ? (
        <p className="empty">No deliveries yet.</p>
      ) : (
        <table className="responsive" id="deliveries-table">
          <thead>
            <tr>
              <th scope="col">Received</th>
              <th scope="col">Provider</th>
              <th scope="col">Event</th>
              <th scope="col">Outcome</th>
              <th scope="col">Detail</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((d) => (
              <tr key={d.id}>
                <td data-label="Received">{formatDate(d.createdAt)}</td>
                <td data-label="Provider">{d.provider}</td>
                <td data-label="Event">{d.event || '—'}</td>
                <td data-label="Outcome">
                  <span className={`badge ${d.outcome === 'refused' ? 'failure' : d.outcome === 'triggered' ? 'success' : 'queued'}`}>
                    {`${d.outcome} (${d.httpStatus})`}
                  </span>
                </td>
                <td data-label="Detail">
                  {d.updateId ? <a href={`${base}/projects/${project.id}/updates/${d.updateId}`}>{d.detail}</a> : d.detail}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Update history, the button that starts a new update, and the project's previews. */
export function UpdatesPage(props: {
  base: string;
  viewer: Viewer;
  project: ProjectRow;
  updates: UpdateRow[];
  previews?: Array<PreviewWithUpdate & { url: string }>;
  deliveries?: WebhookDeliveryRow[];
  /** Where this server is reached (webhook addresses). */
  origin?: string;
  siteUrl: string;
  notice?: Notice | null;
}) {
  const { base, viewer, project, updates, previews = [], deliveries = [], origin = '', siteUrl, notice } = props;
  return (
    <Layout title={`Updates · ${project.name}`} base={base} viewer={viewer} project={project} tab="updates" notice={notice}>
      <h1>Updates</h1>
      <p className="sub">
        An update fetches {redactRepositoryUrl(project.repoUrl)} at {project.branch}, builds it and publishes <a href={siteUrl}>the site</a> atomically.
      </p>
      {viewer.canEdit ? (
        <section className="panel" aria-labelledby="trigger">
          <h2 id="trigger">Publish the latest commit</h2>
          <form method="post" action={`${base}/projects/${project.id}/updates`}>
            <Csrf token={viewer.csrfToken} />
            <button className="btn" type="submit">
              Start update
            </button>
          </form>
        </section>
      ) : null}
      <PreviewsPanel base={base} viewer={viewer} project={project} previews={previews} />
      <WebhooksPanel base={base} viewer={viewer} project={project} origin={origin} deliveries={deliveries} />
      <section className="panel" aria-labelledby="history">
        <h2 id="history">History</h2>
        {updates.length === 0 ? (
          <p className="empty">No updates yet.</p>
        ) : (
          <table className="responsive" id="updates-table">
            <thead>
              <tr>
                <th scope="col">Started</th>
                <th scope="col">Status</th>
                <th scope="col">Duration</th>
                <th scope="col">Commit</th>
                <th scope="col">Summary</th>
              </tr>
            </thead>
            <tbody>
              {updates.map((u) => (
                <tr key={u.id}>
                  <td data-label="Started">
                    <a href={`${base}/projects/${project.id}/updates/${u.id}`}>{formatDate(u.createdAt)}</a>
                  </td>
                  <td data-label="Status">
                    <UpdateBadge base={base} projectId={project.id} update={u} />
                  </td>
                  <td data-label="Duration" className="num">
                    {formatDuration(u.startedAt ?? u.createdAt, u.endedAt)}
                  </td>
                  <td data-label="Commit" className="mono">
                    {u.commitSha ? u.commitSha.slice(0, 8) : '—'}
                  </td>
                  <td data-label="Summary">
                    {u.previewSlug ? <span className="mono">preview {u.previewSlug}: </span> : null}
                    {u.summary || '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </Layout>
  );
}

/** One update with its log, which streams while the build runs. */
export function UpdateDetailPage(props: { base: string; viewer: Viewer; project: ProjectRow; update: UpdateRow; siteUrl: string; notice?: Notice | null }) {
  const { base, viewer, project, update, siteUrl, notice } = props;
  return (
    <Layout title={`Update ${update.id}`} base={base} viewer={viewer} project={project} tab="updates" notice={notice}>
      <p>
        <a href={`${base}/projects/${project.id}/updates`}>← All updates</a>
      </p>
      <h1>
        Update <span className="mono">{update.id}</span>
      </h1>
      <p className="sub">
        <UpdateBadge base={base} projectId={project.id} update={update} logId="update-log" />
      </p>
      <section className="panel" aria-labelledby="facts">
        <h2 id="facts">Details</h2>
        <dl className="facts">
          <dt>Summary</dt>
          <dd id="update-summary">{update.summary || '—'}</dd>
          <dt>Commit</dt>
          <dd className="mono">{update.commitSha ? `${update.commitSha.slice(0, 12)} ${update.commitMessage ?? ''}` : '—'}</dd>
          <dt>Created</dt>
          <dd>{formatDate(update.createdAt)}</dd>
          <dt>Ended</dt>
          <dd>{formatDate(update.endedAt)}</dd>
          <dt>Duration</dt>
          <dd>{formatDuration(update.startedAt ?? update.createdAt, update.endedAt)}</dd>
          <dt>Site</dt>
          <dd>
            <a href={siteUrl}>{siteUrl}</a>
          </dd>
        </dl>
      </section>
      <section className="panel" aria-labelledby="log-h">
        <h2 id="log-h">Log</h2>
        <pre className="log" id="update-log" tabIndex={0} aria-label="Update log">
          {update.logs.join('\n') || 'Waiting for the build to start…'}
        </pre>
      </section>
    </Layout>
  );
}
