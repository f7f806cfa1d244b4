import { AUTOMATION_KINDS, automationKind } from '../../agent/index.js';
import type { AgentAutomationRow, AgentAutomationRunRow, ProjectRow } from '../../db/index.js';
import { formatDate } from './format.js';
import { Csrf, Layout, ModelField, type Notice, type Viewer } from './layout.js';

export interface AutomationWithRuns extends AgentAutomationRow {
  /** Recent runs, newest first, with their job's status and pull request when the job is still there. */
  runs: Array<AgentAutomationRunRow & { job?: { status: string; prLink: string | null } | null }>;
}

function When({ automation, project }: { automation: AgentAutomationRow; project: ProjectRow }) {
  if (automation.trigger === 'schedule') {
    return (
      <>
        Schedule <code>{automation.schedule}</code> (UTC)
      </>
    );
  }
  if (automation.trigger === 'webhook') return <>Each signed event sent to its webhook</>;
  if (automation.trigger === 'slack') {
    return (
      <>
        Each Slack message in <code>{automation.slackChannel}</code>
        {automation.slackPattern ? (
          <>
            {' '}containing <q>{automation.slackPattern}</q>
          </>
        ) : null}
      </>
    );
  }
  return (
    <>
      Push to <code>{automation.branch ?? project.branch}</code>
    </>
  );
}

function AutomationForm({ base, viewer, project, models }: { base: string; viewer: Viewer; project: ProjectRow; models: string[] }) {
  return (
    <form className="stack" method="post" action={`${base}/projects/${project.id}/automations`}>
      <Csrf token={viewer.csrfToken} />
      <div className="row">
        <div className="field">
          <label htmlFor="name">Name</label>
          <input id="name" name="name" required maxLength={100} placeholder="Weekly link check" />
        </div>
        <div className="field">
          <label htmlFor="trigger">Runs</label>
          <select id="trigger" name="trigger" defaultValue="schedule">
            <option value="schedule">On a schedule</option>
            <option value="push">On a push</option>
            <option value="webhook">On a webhook event</option>
            <option value="slack">On a Slack message</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="kind">Kind</label>
          <select id="kind" name="kind" defaultValue="">
            <option value="">Custom prompt</option>
            {Object.values(AUTOMATION_KINDS).map((k) => (
              <option key={k.id} value={k.id} title={k.description}>
                {k.title}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="row">
        <div className="field">
          <label htmlFor="schedule">
            Schedule <span className="hint">cron in UTC, for scheduled runs: <span className="whitespace-nowrap">0 9 * * 1</span> is Mondays 09:00</span>
          </label>
          <input id="schedule" name="schedule" maxLength={200} placeholder="0 9 * * 1" autoCapitalize="off" spellCheck={false} />
        </div>
        <div className="field">
          <label htmlFor="branch">
            Branch <span className="hint">for push runs, default {project.branch}</span>
          </label>
          <input id="branch" name="branch" maxLength={200} autoCapitalize="off" spellCheck={false} />
        </div>
      </div>
      <div className="row">
        <div className="field">
          <label htmlFor="slackChannel">
            Slack channel <span className="hint">for Slack runs: the channel id, C0123ABCD (the channel's About tab); the project's Slack app must be in it</span>
          </label>
          <input id="slackChannel" name="slackChannel" maxLength={40} placeholder="C0123ABCD" autoCapitalize="off" spellCheck={false} />
        </div>
        <div className="field">
          <label htmlFor="slackPattern">
            Message contains <span className="hint">for Slack runs: words the message must contain, any case; empty: every message</span>
          </label>
          <input id="slackPattern" name="slackPattern" maxLength={200} placeholder="release notes" />
        </div>
      </div>
      <div className="field">
        <label htmlFor="prompt">
          Prompt <span className="hint">with a kind: extra instructions, optional</span>
        </label>
        <textarea id="prompt" name="prompt" maxLength={20000} placeholder="Fix broken links" />
      </div>
      <ModelField models={models} />
      <div className="row">
        <label>
          <input type="checkbox" name="automerge" value="1" /> Merge the pull request when the job's checks pass
        </label>
        <label>
          <input type="checkbox" name="appendToOpen" value="1" /> Add each run to the automation's open pull request
        </label>
      </div>
      <div>
        <button className="btn" type="submit">
          Create automation
        </button>
      </div>
    </form>
  );
}

/** A project's automations with their recent runs, their actions, and the form that creates one. */
export function AutomationsPage(props: {
  base: string;
  viewer: Viewer;
  project: ProjectRow;
  automations: AutomationWithRuns[];
  models: string[];
  origin: string;
  notice?: Notice | null;
}) {
  const { base, viewer, project, automations, models, origin, notice } = props;
  const url = (a: AgentAutomationRow, action: string) => `${base}/projects/${project.id}/automations/${a.id}/${action}`;
  return (
    <Layout title={`Automations · ${project.name}`} base={base} viewer={viewer} project={project} tab="automations" notice={notice}>
      <h1>Automations</h1>
      <p className="sub">
        An automation gives the agent a prompt, or a kind of work with its own prompt and checks, on a schedule, when a branch is pushed to (through the project's
        webhook on the Updates page), on each signed event a third party sends to the automation's own webhook, or on a message in a Slack channel (the run's pull request is posted to its thread). Each run is an ordinary agent job. Scheduled automations also run on demand: <code>{`POST ${origin}/v1/workflow/${project.id}/<id>/trigger`}</code> with an admin key.
      </p>
      {automations.length === 0 ? (
        <p className="empty">No automations yet.</p>
      ) : (
        automations.map((a) => (
          <section className="panel" key={a.id} aria-labelledby={`automation-${a.id}`} data-automation={a.id}>
            <h2 id={`automation-${a.id}`}>
              {a.name} <span className={`badge ${a.active ? 'success' : 'queued'}`}>{a.active ? 'Active' : 'Paused'}</span>
            </h2>
            <dl className="facts">
              <dt>Runs</dt>
              <dd>
                <When automation={a} project={project} />
              </dd>
              {automationKind(a.kind) ? (
                <>
                  <dt>Kind</dt>
                  <dd>{automationKind(a.kind)!.title}</dd>
                </>
              ) : null}
              <dt>Prompt</dt>
              <dd>{a.prompt}</dd>
              <dt>Pull request</dt>
              <dd>{`${a.appendToOpen ? 'Runs add to the open one' : 'One per run'}; ${a.automerge ? 'merged when the checks pass' : 'left for review'}`}</dd>
              {a.trigger === 'webhook' ? (
                <>
                  <dt>Webhook</dt>
                  <dd className="mono">{`POST ${origin}/webhooks/automations/${a.id}`}</dd>
                  {viewer.role === 'owner' && a.webhookSecret ? (
                    <>
                      <dt>Secret</dt>
                      <dd className="mono">{a.webhookSecret}</dd>
                    </>
                  ) : null}
                </>
              ) : null}
              <dt>Model</dt>
              <dd className="mono">{a.model ?? models[0] ?? 'default'}</dd>
              {a.trigger === 'schedule' ? (
                <>
                  <dt>Next run</dt>
                  <dd>{a.active ? formatDate(a.nextRunAt) : 'paused'}</dd>
                </>
              ) : null}
              <dt>ID</dt>
              <dd className="mono">{a.id}</dd>
            </dl>
            {viewer.role === 'owner' ? (
              <div className="row mt-4">
                {a.trigger === 'schedule' && a.active ? (
                  <form method="post" action={url(a, 'run')} className="inline">
                    <Csrf token={viewer.csrfToken} />
                    <button className="btn" type="submit">
                      Run now
                    </button>
                  </form>
                ) : null}
                <form method="post" action={url(a, a.active ? 'pause' : 'resume')} className="inline">
                  <Csrf token={viewer.csrfToken} />
                  <button className="btn secondary" type="submit">
                    {a.active ? 'Pause' : 'Resume'}
                  </button>
                </form>
                <form method="post" action={url(a, 'delete')} className="inline">
                  <Csrf token={viewer.csrfToken} />
                  <button className="btn secondary" type="submit">
                    Delete
                  </button>
                </form>
              </div>
            ) : null}
            <h3 className="mt-5">Recent runs</h3>
            {a.runs.length === 0 ? (
              <p className="hint">No runs yet.</p>
            ) : (
              <ul>
                {a.runs.map((r) => (
                  <li key={r.id}>
                    {`${formatDate(r.createdAt)} (${r.reason === 'slack' ? 'Slack message' : r.reason}): `}
                    <a href={`${base}/projects/${project.id}/jobs/${r.jobId}`}>{`job ${r.jobId}`}</a>
                    {r.job ? ` ${r.job.status === 'active' ? 'running' : r.job.status}` : ''}
                    {r.job?.prLink ? (
                      <>
                        {', '}
                        <a href={r.job.prLink}>pull request</a>
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))
      )}
      {viewer.role === 'owner' ? (
        <section className="panel" aria-labelledby="new-automation">
          <h2 id="new-automation" className="scroll-mt-20">
            New automation
          </h2>
          <AutomationForm base={base} viewer={viewer} project={project} models={models} />
        </section>
      ) : null}
    </Layout>
  );
}
