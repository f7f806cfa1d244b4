import type { TranscriptBody } from '../../api/index.js';
import type { AgentJobRow, AgentJobStatus, ProjectRow } from '../../db/index.js';
import { redactRepositoryUrl } from '../../git/index.js';
import { formatDate, statusLabel } from './format.js';
import { Csrf, Layout, ModelField, type Notice, type Viewer } from './layout.js';
import { summaryHtml } from './markdown.js';

export const JOB_FILTERS: (AgentJobStatus | 'all')[] = ['all', 'active', 'completed', 'failed', 'archived'];

type TranscriptEntry = TranscriptBody['messages'][number];

const STEP_WORDS: Record<TranscriptEntry['kind'], string> = { prompt: 'Prompt', read: 'Read', changed: 'Changed', check: 'Check', note: 'Step', summary: 'Summary' };

/** One transcript entry as a line (the live view of a running job). */
export function transcriptLine(e: TranscriptEntry): string {
  const mark = e.kind === 'check' ? (e.ok ? ' ✓' : ' ✗') : '';
  return `${STEP_WORDS[e.kind]}${mark}: ${e.text}`;
}

/** A status badge; active jobs poll their JSON endpoint so the badge (and, with `log`, the steps) change without a reload. */
function JobBadge({ base, projectId, job, reload, log }: { base: string; projectId: string; job: AgentJobRow; reload?: boolean; log?: string }) {
  const live = job.status === 'active';
  return (
    <span
      className={`badge ${job.status}`}
      data-job-status={job.id}
      data-poll={live ? `${base}/projects/${projectId}/jobs/${job.id}/status.json` : undefined}
      data-reload={live && reload ? '' : undefined}
      data-log={live && log ? log : undefined}
      aria-live={live ? 'polite' : undefined}
    >
      {statusLabel(job.status)}
    </span>
  );
}

function JobForm({ base, viewer, project, models }: { base: string; viewer: Viewer; project: ProjectRow; models: string[] }) {
  return (
    <form className="stack" method="post" action={`${base}/projects/${project.id}/jobs`}>
      <Csrf token={viewer.csrfToken} />
      <div className="field">
        <label htmlFor="prompt">Prompt</label>
        <textarea id="prompt" name="prompt" required maxLength={20000} placeholder="Fix broken internal links" />
      </div>
      <div className="row">
        <ModelField models={models} />
        <div className="field">
          <label htmlFor="branch">
            Base branch <span className="hint">optional, default {project.branch}</span>
          </label>
          <input id="branch" name="branch" autoCapitalize="off" spellCheck={false} />
        </div>
      </div>
      <div>
        <button className="btn" type="submit">
          Start job
        </button>
      </div>
    </form>
  );
}

/** Job list with status filters, live badges, and the form to start a job. */
export function JobsPage(props: {
  base: string;
  viewer: Viewer;
  project: ProjectRow;
  jobs: AgentJobRow[];
  filter: AgentJobStatus | 'all';
  nextCursor: string | null;
  models: string[];
  notice?: Notice | null;
}) {
  const { base, viewer, project, jobs, filter, nextCursor, models, notice } = props;
  const listUrl = (status: string) => `${base}/projects/${project.id}/jobs${status === 'all' ? '' : `?status=${status}`}`;
  return (
    <Layout title={`Agent jobs · ${project.name}`} base={base} viewer={viewer} project={project} tab="jobs" notice={notice}>
      <h1>Agent jobs</h1>
      <p className="sub">The agent works on {redactRepositoryUrl(project.repoUrl)} and opens a pull request with its changes.</p>
      <section className="panel" aria-labelledby="jobs-h">
        <h2 id="jobs-h">Jobs</h2>
        <nav className="filters" aria-label="Filter by status">
          {JOB_FILTERS.map((f) => (
            <a key={f} href={listUrl(f)} aria-current={f === filter ? 'true' : undefined}>
              {f === 'all' ? 'All' : statusLabel(f)}
            </a>
          ))}
        </nav>
        {jobs.length === 0 ? (
          <p className="empty">No jobs{filter === 'all' ? '' : ` with status ${filter}`}.</p>
        ) : (
          <table className="responsive" id="jobs-table">
            <thead>
              <tr>
                <th scope="col">Prompt</th>
                <th scope="col">Status</th>
                <th scope="col">Model</th>
                <th scope="col">Created</th>
                <th scope="col">Pull request</th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((job) => (
                <tr key={job.id}>
                  <td data-label="Prompt">
                    <a href={`${base}/projects/${project.id}/jobs/${job.id}`}>{job.prompt.length > 80 ? `${job.prompt.slice(0, 80)}…` : job.prompt}</a>
                  </td>
                  <td data-label="Status">
                    <JobBadge base={base} projectId={project.id} job={job} />
                  </td>
                  <td data-label="Model" className="mono">
                    {job.model}
                  </td>
                  <td data-label="Created">{formatDate(job.createdAt)}</td>
                  <td data-label="Pull request">{job.prLink ? <a href={job.prLink}>open</a> : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {nextCursor ? (
          <p>
            <a href={`${listUrl(filter)}${filter === 'all' ? '?' : '&'}cursor=${encodeURIComponent(nextCursor)}`}>Older jobs →</a>
          </p>
        ) : null}
      </section>
      {viewer.canEdit ? (
        <section className="panel" aria-labelledby="new-job">
          <h2 id="new-job">Start a job</h2>
          <JobForm base={base} viewer={viewer} project={project} models={models} />
        </section>
      ) : null}
    </Layout>
  );
}

/** Why a finished job has no pull request, for the Details list. */
function noPullRequest(job: AgentJobRow): string {
  if (job.status === 'active') return 'not yet';
  if (job.status === 'failed') return 'none (the job failed, see above)';
  return job.summary?.startsWith('No file changed') ? 'none (no file changed, see the summary)' : 'none';
}

/** One job: facts, what it did (summary and transcript), follow-up and archive. */
export function JobDetailPage(props: {
  base: string;
  viewer: Viewer;
  project: ProjectRow;
  job: AgentJobRow;
  transcript: TranscriptEntry[];
  workBranch: string | null;
  notice?: Notice | null;
}) {
  const { base, viewer, project, job, transcript, workBranch, notice } = props;
  const jobUrl = `${base}/projects/${project.id}/jobs/${job.id}`;
  return (
    <Layout title={`Job ${job.id}`} base={base} viewer={viewer} project={project} tab="jobs" notice={notice}>
      <p>
        <a href={`${base}/projects/${project.id}/jobs`}>← All jobs</a>
      </p>
      <h1>
        Job <span className="mono">{job.id}</span>
      </h1>
      <p className="sub">
        <JobBadge base={base} projectId={project.id} job={job} reload log="steps-live" />
      </p>
      {job.status === 'failed' && job.failureReason ? (
        <div className="notice error" role="alert" id="failure-reason">
          <strong>Failed:</strong> {job.failureReason}
        </div>
      ) : null}
      {job.status !== 'active' && job.summary ? (
        <section className="panel" aria-labelledby="summary-h">
          <h2 id="summary-h">Summary</h2>
          {/* Rendered Markdown: micromark escapes raw HTML and drops unsafe link protocols. */}
          <div className="markdown" id="job-summary" dangerouslySetInnerHTML={{ __html: summaryHtml(job.summary) }} />
        </section>
      ) : null}
      <section className="panel" aria-labelledby="facts">
        <h2 id="facts">Details</h2>
        <dl className="facts">
          <dt>Model</dt>
          <dd className="mono">{job.model}</dd>
          <dt>Repository</dt>
          <dd className="mono">{redactRepositoryUrl(job.repository)}</dd>
          <dt>Base branch</dt>
          <dd className="mono">{job.ref ?? project.branch}</dd>
          {workBranch ? (
            <>
              <dt>Work branch</dt>
              <dd className="mono">{workBranch}</dd>
            </>
          ) : null}
          <dt>Pull request</dt>
          <dd id="pr-link">{job.prLink ? <a href={job.prLink}>{job.prLink}</a> : noPullRequest(job)}</dd>
          <dt>Created</dt>
          <dd>{formatDate(job.createdAt)}</dd>
          <dt>Updated</dt>
          <dd>{formatDate(job.updatedAt)}</dd>
          <dt>Archived</dt>
          <dd>{formatDate(job.archivedAt)}</dd>
        </dl>
      </section>
      <section className="panel" aria-labelledby="conv">
        <h2 id="conv">Transcript</h2>
        {job.status === 'active' ? <pre className="prewrap" id="steps-live" aria-live="polite">{transcript.map(transcriptLine).join('\n')}</pre> : null}
        <ol className="messages" id="messages">
          {transcript.map((e, i) => (
            <li key={i} data-kind={e.kind}>
              <div className="when">
                {formatDate(new Date(e.createdAt))} · {e.role === 'user' ? 'you' : 'agent'}
              </div>
              <div className="prewrap">{transcriptLine(e)}</div>
            </li>
          ))}
        </ol>
      </section>
      {job.status !== 'archived' && viewer.canEdit ? (
        <section className="panel" aria-labelledby="follow">
          <h2 id="follow">Send a follow-up</h2>
          <form className="stack" method="post" action={`${jobUrl}/message`}>
            <Csrf token={viewer.csrfToken} />
            <div className="field">
              <label htmlFor="followup">Follow-up prompt</label>
              <textarea id="followup" name="prompt" required maxLength={20000} />
            </div>
            <div className="row">
              <button className="btn" type="submit">
                Send follow-up
              </button>
            </div>
          </form>
          <form method="post" action={`${jobUrl}/archive`} className="spaced" data-confirm="Archive this job?">
            <Csrf token={viewer.csrfToken} />
            <button className="btn secondary" type="submit">
              Archive job
            </button>
          </form>
        </section>
      ) : null}
    </Layout>
  );
}
