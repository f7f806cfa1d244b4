import type { UpdateRow, ProjectRow } from '../../db/index.js';
import { redactRepositoryUrl } from '../../git/index.js';
import { formatDate, formatDuration, statusLabel } from './format.js';
import type { TrafficSummary } from '../../analytics/index.js';
import { Kpis, trafficKpis } from './analytics-parts.js';
import { Icon } from './icon.js';
import { Csrf, Layout, PageHead, type Notice, type Viewer } from './layout.js';

export interface ProjectFormValues {
  name: string;
  repoUrl: string;
  branch: string;
  docsDir: string;
  hostNames?: string;
  agentRatePerHour?: string;
  basePath?: string;
  siteAccess?: string;
  siteAccessScope?: string;
  oidcIssuer?: string;
  oidcClientId?: string;
  oidcGroupsClaim?: string;
  jwtLoginUrl?: string;
  jwtAlgorithm?: string;
  jwtAudience?: string;
  jwtIssuer?: string;
}

const EMPTY: ProjectFormValues = { name: '', repoUrl: '', branch: 'main', docsDir: '.' };

/** Who may read the site: public, one password, or an OpenID Connect provider; over the whole site or its hidden pages. */
function SiteAccessFields({ values }: { values: ProjectFormValues }) {
  return (
    <fieldset className="stack" id="site-access">
      <legend>Site access (authentication) <span className="hint">applies from the next update</span></legend>
      <div className="row">
        <div className="field">
          <label htmlFor="siteAccess">Readers</label>
          <select id="siteAccess" name="siteAccess" defaultValue={values.siteAccess ?? 'public'}>
            <option value="public">Everyone (public)</option>
            <option value="password">With the site password</option>
            <option value="oidc">Signed in through OpenID Connect</option>
            <option value="jwt">Signed in through your app (JWT handshake)</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="siteAccessScope">
            Protects <span className="hint">pages with public: true stay open</span>
          </label>
          <select id="siteAccessScope" name="siteAccessScope" defaultValue={values.siteAccessScope ?? 'site'}>
            <option value="site">The whole site</option>
            <option value="hidden">Hidden and non-public pages</option>
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor="sitePassword">
          Site password <span className="hint">leave empty to keep the current one</span>
        </label>
        <input id="sitePassword" name="sitePassword" type="password" autoComplete="new-password" />
      </div>
      <div className="row">
        <div className="field">
          <label htmlFor="oidcIssuer">OpenID issuer URL</label>
          <input id="oidcIssuer" name="oidcIssuer" defaultValue={values.oidcIssuer ?? ''} autoCapitalize="off" spellCheck={false} />
        </div>
        <div className="field">
          <label htmlFor="oidcClientId">Client id</label>
          <input id="oidcClientId" name="oidcClientId" defaultValue={values.oidcClientId ?? ''} autoCapitalize="off" spellCheck={false} />
        </div>
        <div className="field">
          <label htmlFor="oidcClientSecret">
            Client secret <span className="hint">empty keeps it</span>
          </label>
          <input id="oidcClientSecret" name="oidcClientSecret" type="password" autoComplete="off" />
        </div>
      </div>
      <div className="field">
        <label htmlFor="oidcGroupsClaim">
          Groups claim <span className="hint">the ID token claim naming the reader's groups; empty: groups</span>
        </label>
        <input id="oidcGroupsClaim" name="oidcGroupsClaim" defaultValue={values.oidcGroupsClaim ?? ''} autoCapitalize="off" spellCheck={false} />
      </div>
      <p className="hint">Redirect URI to register with the provider: the site's address followed by /__folio/oidc/callback.</p>
      <div className="row">
        <div className="field">
          <label htmlFor="jwtLoginUrl">Your app's login URL</label>
          <input id="jwtLoginUrl" name="jwtLoginUrl" defaultValue={values.jwtLoginUrl ?? ''} autoCapitalize="off" spellCheck={false} />
        </div>
        <div className="field">
          <label htmlFor="jwtAlgorithm">Token algorithm</label>
          <select id="jwtAlgorithm" name="jwtAlgorithm" defaultValue={values.jwtAlgorithm ?? 'EdDSA'}>
            <option value="EdDSA">EdDSA (Ed25519 public key)</option>
            <option value="RS256">RS256 (RSA public key)</option>
            <option value="HS256">HS256 (shared secret)</option>
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor="jwtKey">
          Verification key <span className="hint">public key as PEM or JWK JSON, or the HS256 secret; empty keeps it</span>
        </label>
        <textarea id="jwtKey" name="jwtKey" rows={4} autoCapitalize="off" spellCheck={false} />
      </div>
      <div className="row">
        <div className="field">
          <label htmlFor="jwtAudience">
            Audience <span className="hint">optional aud</span>
          </label>
          <input id="jwtAudience" name="jwtAudience" defaultValue={values.jwtAudience ?? ''} autoCapitalize="off" spellCheck={false} />
        </div>
        <div className="field">
          <label htmlFor="jwtIssuer">
            Issuer <span className="hint">optional iss</span>
          </label>
          <input id="jwtIssuer" name="jwtIssuer" defaultValue={values.jwtIssuer ?? ''} autoCapitalize="off" spellCheck={false} />
        </div>
      </div>
      <p className="hint">Your app sends readers back to the site's address followed by /__folio/jwt/callback with state and token.</p>
    </fieldset>
  );
}

/** The shared fields of the create and settings forms. */
function ProjectFields({ values, withSettings }: { values: ProjectFormValues; withSettings: boolean }) {
  return (
    <>
      <div className="field">
        <label htmlFor="name">Name</label>
        <input id="name" name="name" required maxLength={100} defaultValue={values.name} />
      </div>
      <div className="field">
        <label htmlFor="repoUrl">
          Repository <span className="hint">git URL (https://, ssh://, git@host:path or a local path)</span>
        </label>
        <input id="repoUrl" name="repoUrl" required defaultValue={redactRepositoryUrl(values.repoUrl)} autoCapitalize="off" spellCheck={false} />
      </div>
      <div className="row">
        <div className="field">
          <label htmlFor="branch">Branch</label>
          <input id="branch" name="branch" required defaultValue={values.branch} autoCapitalize="off" spellCheck={false} />
        </div>
        <div className="field">
          <label htmlFor="docsDir">
            Docs folder <span className="hint">holds docs.json</span>
          </label>
          <input id="docsDir" name="docsDir" required defaultValue={values.docsDir} autoCapitalize="off" spellCheck={false} />
        </div>
      </div>
      {withSettings ? (
        <div className="row">
          <div className="field">
            <label htmlFor="hostNames">
              Custom domains <span className="hint">comma-separated</span>
            </label>
            <input id="hostNames" name="hostNames" defaultValue={values.hostNames ?? ''} autoCapitalize="off" spellCheck={false} />
          </div>
          <div className="field">
            <label htmlFor="agentRatePerHour">Agent requests per hour</label>
            <input id="agentRatePerHour" name="agentRatePerHour" type="number" min={1} max={100000} required defaultValue={values.agentRatePerHour ?? '100'} />
          </div>
          <div className="field">
            <label htmlFor="basePath">
              Base path <span className="hint">/docs behind a reverse proxy; applies from the next update</span>
            </label>
            <input id="basePath" name="basePath" defaultValue={values.basePath ?? ''} placeholder="/" autoCapitalize="off" spellCheck={false} />
          </div>
        </div>
      ) : null}
      {withSettings ? <SiteAccessFields values={values} /> : null}
    </>
  );
}

/** All projects as cards, and the form to create one. */
export function ProjectsPage(props: { base: string; viewer: Viewer; projects: ProjectRow[]; notice?: Notice | null; values?: ProjectFormValues }) {
  const { base, viewer, projects, notice, values = EMPTY } = props;
  return (
    <Layout title="Projects" base={base} viewer={viewer} notice={notice}>
      <PageHead title="Projects" sub="Each project publishes one documentation site from a git repository." />
      {projects.length > 0 ? (
        <ul className="cards plain" role="list">
          {projects.map((p) => (
            <li key={p.id}>
              <a className="card" href={`${base}/projects/${p.id}`}>
                <strong>{p.name}</strong>
                <div className="meta mono">{p.id}</div>
                <div className="meta">
                  {redactRepositoryUrl(p.repoUrl)} · {p.branch}
                </div>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <div className="panel empty">{viewer.role === 'owner' ? 'No projects yet. Create the first one below.' : 'No projects yet. An owner of this dashboard creates them.'}</div>
      )}
      {viewer.role === 'owner' ? (
        <section className="panel" aria-labelledby="create-project">
          <h2 id="create-project">Create a project</h2>
          <form className="stack" method="post" action={`${base}/projects`}>
            <Csrf token={viewer.csrfToken} />
            <ProjectFields values={values} withSettings={false} />
            <div>
              <button className="btn" type="submit">
                Create project
              </button>
            </div>
          </form>
        </section>
      ) : null}
    </Layout>
  );
}

/** A copyable value: the text and a button the client script wires to the clipboard. */
export function CopyValue({ id, value, label, secret = false }: { id: string; value: string; label: string; secret?: boolean }) {
  // A secret shown once (a new key, an invitation link) is set apart, its Copy button the primary one.
  return (
    <div className="copy">
      <code className={secret ? 'secret' : undefined} id={id}>
        {value}
      </code>
      <button className={secret ? 'btn small' : 'btn small secondary'} type="button" data-copy={id} aria-label={`Copy ${label}`}>
        Copy
      </button>
    </div>
  );
}

/** The settings form's values as a project has them. */
export function settingsValues(project: ProjectRow): ProjectFormValues {
  return {
    name: project.name,
    repoUrl: redactRepositoryUrl(project.repoUrl),
    branch: project.branch,
    docsDir: project.docsDir,
    hostNames: project.hostNames.join(', '),
    agentRatePerHour: String(project.agentRatePerHour),
    basePath: project.basePath,
    siteAccess: project.siteAccess,
    siteAccessScope: project.siteAccessScope,
    oidcIssuer: project.siteOidc?.issuer ?? '',
    oidcClientId: project.siteOidc?.clientId ?? '',
    oidcGroupsClaim: project.siteOidc?.groupsClaim ?? '',
    jwtLoginUrl: project.siteJwt?.loginUrl ?? '',
    jwtAlgorithm: project.siteJwt?.algorithm ?? 'EdDSA',
    jwtAudience: project.siteJwt?.audience ?? '',
    jwtIssuer: project.siteJwt?.issuer ?? '',
  };
}

/** Project overview: the published site, the week's figures, what runs and what happened last. */
export function ProjectOverviewPage(props: {
  base: string;
  viewer: Viewer;
  project: ProjectRow;
  siteUrl: string;
  /** Latest update and number of active jobs, for the activity summary. */
  latestUpdate?: UpdateRow | null;
  activeJobs?: number;
  /** The last 7 days' figures, each with the 7 days before. */
  week?: TrafficSummary | null;
  /** Feedback entries still open, of any day. */
  openFeedback?: number;
  notice?: Notice | null;
}) {
  const { base, viewer, project, siteUrl, notice, latestUpdate = null, activeJobs = 0, week = null, openFeedback = 0 } = props;
  const at = `${base}/projects/${project.id}`;
  return (
    <Layout title={project.name} base={base} viewer={viewer} project={project} tab="overview" notice={notice}>
      <PageHead title={project.name} sub={<>Created {formatDate(project.createdAt)}</>}>
        <a className="btn secondary" href={siteUrl} id="site-link-button">
          <Icon name="external-link" />
          Open the site
        </a>
        {viewer.canEdit ? (
          <a className="btn" href={`${at}/editor`}>
            <Icon name="file-pen-line" />
            Edit the docs
          </a>
        ) : null}
      </PageHead>
      {week ? (
        <>
          <div className="flex items-baseline justify-between gap-3 mb-2">
            <h2 className="m-0">Last 7 days</h2>
            <a href={`${at}/analytics?range=7d`}>All analytics</a>
          </div>
          <Kpis label="The last 7 days, with the change from the 7 days before" items={trafficKpis(week)} />
        </>
      ) : null}
      <div className="halves">
        <section className="panel" aria-labelledby="about">
          <h2 id="about">Project</h2>
          <dl className="facts">
            <dt>Project id</dt>
            <dd>
              <CopyValue id="project-id" value={project.id} label="project id" />
            </dd>
            <dt>Published site</dt>
            <dd>
              <a href={siteUrl} id="site-link">
                {siteUrl}
              </a>
            </dd>
            <dt>Source</dt>
            <dd className="mono">
              {redactRepositoryUrl(project.repoUrl)} @ {project.branch} / {project.docsDir}
            </dd>
          </dl>
        </section>
        <section className="panel" aria-labelledby="activity">
          <h2 id="activity">Activity</h2>
          <dl className="facts">
            <dt>Last update</dt>
            <dd>
              {latestUpdate ? (
                <>
                  <span className={`badge ${latestUpdate.status}`}>{statusLabel(latestUpdate.status)}</span>{' '}
                  <a href={`${at}/updates/${latestUpdate.id}`}>{formatDate(latestUpdate.createdAt)}</a>
                  {latestUpdate.endedAt ? ` · ${formatDuration(latestUpdate.startedAt ?? latestUpdate.createdAt, latestUpdate.endedAt)}` : ''}
                </>
              ) : (
                <>
                  never · <a href={`${at}/updates`}>publish the site</a>
                </>
              )}
            </dd>
            <dt>Agent jobs</dt>
            <dd>
              <a href={`${at}/jobs${activeJobs > 0 ? '?status=active' : ''}`}>{activeJobs > 0 ? `${activeJobs}${activeJobs > 25 ? '+' : ''} running` : 'none running'}</a>
            </dd>
            {week ? (
              <>
                <dt>Open feedback</dt>
                <dd>
                  <a href={`${at}/analytics/feedback?tab=detailed&status=pending&range=90d`}>{openFeedback === 1 ? '1 entry to triage' : `${openFeedback} entries to triage`}</a>
                </dd>
              </>
            ) : null}
          </dl>
        </section>
      </div>
    </Layout>
  );
}

/** Project settings: source, domains, base path, agent rate and who may read the site (owners change them). */
export function ProjectSettingsPage(props: { base: string; viewer: Viewer; project: ProjectRow; notice?: Notice | null; values?: ProjectFormValues }) {
  const { base, viewer, project, notice } = props;
  const values = props.values ?? settingsValues(project);
  return (
    <Layout title={`Settings · ${project.name}`} base={base} viewer={viewer} project={project} tab="settings" notice={notice}>
      <PageHead title="Settings" sub="Where the site comes from, where it is served, and who may read it." />
      {viewer.role === 'owner' ? (
        <section className="panel" aria-label="Project settings">
          <form className="stack" method="post" action={`${base}/projects/${project.id}/settings`}>
            <Csrf token={viewer.csrfToken} />
            <ProjectFields values={values} withSettings={true} />
            <div>
              <button className="btn" type="submit">
                Save settings
              </button>
            </div>
          </form>
        </section>
      ) : (
        <div className="panel empty">Only owners change a project's settings.</div>
      )}
    </Layout>
  );
}
