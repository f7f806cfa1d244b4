import type { SuggestionRow, SuggestionSourceRow, SuggestionStatus } from '../../agent/index.js';
import type { ProjectRow } from '../../db/index.js';
import { redactRepositoryUrl } from '../../git/index.js';
import { formatDate } from './format.js';
import { Csrf, Layout, type Notice, type Viewer } from './layout.js';

export const SUGGESTION_FILTERS: SuggestionStatus[] = ['open', 'accepted', 'dismissed'];

const SOURCE_LABELS: Record<SuggestionRow['source'], string> = { readers: 'Readers', code: 'Code change', maintainer: 'Maintainer check' };
/** Badge colours of the existing status styles: readers' trouble in amber, code in blue, checks in green. */
const SOURCE_BADGES: Record<SuggestionRow['source'], string> = { readers: 'pending', code: 'running', maintainer: 'current' };
/** Evidence items shown before "and N more". */
const SHOWN_ITEMS = 8;

function Evidence({ s }: { s: SuggestionRow }) {
  const items = s.evidence.items;
  return (
    <div className="evidence min-w-0">
      <p>{s.evidence.summary}</p>
      {items.length ? (
        <ul className="evidence-items my-2 pl-5">
          {items.slice(0, SHOWN_ITEMS).map((item, i) => (
            <li key={i}>
              <span className={s.source === 'readers' ? undefined : 'mono'}>{s.source === 'readers' ? `“${item.label}”` : item.label}</span>
              {item.detail ? <span className="hint">{` — ${item.detail}`}</span> : null}
            </li>
          ))}
          {items.length > SHOWN_ITEMS ? <li className="hint">{`and ${items.length - SHOWN_ITEMS} more`}</li> : null}
        </ul>
      ) : null}
      {s.evidence.pages.length ? (
        <p className="hint">
          {'Pages: '}
          {s.evidence.pages.map((p, i) => (
            <span key={p}>
              {i ? ', ' : ''}
              <code>{p}</code>
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}

function Actions({ base, viewer, project, s }: { base: string; viewer: Viewer; project: ProjectRow; s: SuggestionRow }) {
  const url = `${base}/projects/${project.id}/suggestions/${s.id}`;
  if (s.status === 'accepted') {
    return <p>{s.jobId ? <a href={`${base}/projects/${project.id}/jobs/${s.jobId}`}>Agent job {s.jobId}</a> : 'Starting its agent job…'}</p>;
  }
  if (s.status === 'dismissed') return <p className="hint">{`Dismissed${s.decidedBy ? ` by ${s.decidedBy}` : ''}: ${s.dismissReason ?? ''}`}</p>;
  if (!viewer.canEdit) return null;
  return (
    <div className="row suggestion-actions">
      <form method="post" action={`${url}/accept`} className="inline">
        <Csrf token={viewer.csrfToken} />
        <button className="btn" type="submit">
          Accept
        </button>
      </form>
      <form method="post" action={`${url}/dismiss`} className="row dismiss-form">
        <Csrf token={viewer.csrfToken} />
        <div className="field">
          <label htmlFor={`reason-${s.id}`}>Reason for dismissing</label>
          <input id={`reason-${s.id}`} name="reason" required maxLength={500} placeholder="Already documented" />
        </div>
        <button className="btn secondary" type="submit">
          Dismiss
        </button>
      </form>
    </div>
  );
}

function SourceSettings({ base, viewer, project, source }: { base: string; viewer: Viewer; project: ProjectRow; source: SuggestionSourceRow | null }) {
  const at = `${base}/projects/${project.id}/suggestions`;
  return (
    <section className="panel" aria-labelledby="source-h">
      <h2 id="source-h">Source repository</h2>
      <p className="sub">
        Folio checks the product's source repository every few minutes: a CLI flag, environment variable, config key or OpenAPI operation that a push renamed or
        removed, and that pages still mention, becomes one suggestion naming those pages. The maintainer's checks (broken links, pages missing from the
        navigation) run when the docs branch moves.
      </p>
      <dl className="facts mb-4">
        <dt>Follows</dt>
        <dd>{source?.repoUrl ? <code>{`${redactRepositoryUrl(source.repoUrl)} (${source.branch})`}</code> : 'no source repository'}</dd>
        <dt>Last check</dt>
        <dd>{source?.checkedAt ? `${formatDate(source.checkedAt)}${source.lastSha ? ` at ${source.lastSha.slice(0, 12)}` : ''}` : 'not yet'}</dd>
        {source?.lastError ? (
          <>
            <dt>Problem</dt>
            <dd>
              <span className="badge failed">Unreadable</span> {source.lastError}
            </dd>
          </>
        ) : null}
      </dl>
      {viewer.role === 'owner' ? (
        <>
          <form className="stack" method="post" action={`${at}/source`}>
            <Csrf token={viewer.csrfToken} />
            <div className="row">
              <div className="field">
                <label htmlFor="source-url">
                  Repository URL <span className="hint">empty: follow none</span>
                </label>
                <input id="source-url" name="url" defaultValue={source?.repoUrl ?? ''} maxLength={500} autoCapitalize="off" spellCheck={false} placeholder="https://github.com/acme/cli.git" />
              </div>
              <div className="field">
                <label htmlFor="source-branch">Branch</label>
                <input id="source-branch" name="branch" defaultValue={source?.branch ?? 'main'} maxLength={200} autoCapitalize="off" spellCheck={false} />
              </div>
            </div>
            <div className="row">
              <button className="btn" type="submit">
                Save
              </button>
            </div>
          </form>
          <form method="post" action={`${at}/check`} className="inline mt-3 block">
            <Csrf token={viewer.csrfToken} />
            <button className="btn secondary" type="submit">
              Check now
            </button>
          </form>
        </>
      ) : null}
    </section>
  );
}

/** The suggestions inbox: open (or accepted, dismissed) suggestions with their evidence, Accept and Dismiss, and the source repository. */
export function SuggestionsPage(props: {
  base: string;
  viewer: Viewer;
  project: ProjectRow;
  suggestions: SuggestionRow[];
  filter: SuggestionStatus;
  nextCursor: string | null;
  source: SuggestionSourceRow | null;
  notice?: Notice | null;
}) {
  const { base, viewer, project, suggestions, filter, nextCursor, source, notice } = props;
  const listUrl = (status: SuggestionStatus) => `${base}/projects/${project.id}/suggestions${status === 'open' ? '' : `?status=${status}`}`;
  return (
    <Layout title={`Suggestions · ${project.name}`} base={base} viewer={viewer} project={project} tab="suggestions" notice={notice}>
      <h1>Suggestions</h1>
      <p className="sub">
        Changes the docs may need, found from readers' questions and feedback, from the product's code and from the maintainer's checks. Accept one to start an
        agent job with its evidence; dismiss it with a reason and it is not suggested again.
      </p>
      <section className="panel" aria-labelledby="suggestions-h">
        <h2 id="suggestions-h">Inbox</h2>
        <nav className="filters" aria-label="Filter by status">
          {SUGGESTION_FILTERS.map((f) => (
            <a key={f} href={listUrl(f)} aria-current={f === filter ? 'true' : undefined}>
              {f === 'open' ? 'Open' : f === 'accepted' ? 'Accepted' : 'Dismissed'}
            </a>
          ))}
        </nav>
        {suggestions.length === 0 ? (
          <p className="empty">{filter === 'open' ? 'No open suggestions.' : `No ${filter} suggestions.`}</p>
        ) : (
          <ul className="suggestion-list m-0 p-0 list-none grid gap-3" id="suggestions-list">
            {suggestions.map((s) => (
              <li key={s.id} data-suggestion={s.id} className="panel soft m-0 [overflow-wrap:anywhere] min-w-0">
                <div className="flex flex-wrap items-center gap-2">
                  <span className={`badge ${SOURCE_BADGES[s.source]}`}>{SOURCE_LABELS[s.source]}</span>
                  <span className="hint">{`found ${formatDate(s.createdAt)}`}</span>
                </div>
                <h3 className="mt-2 mb-1">{s.title}</h3>
                <Evidence s={s} />
                <Actions base={base} viewer={viewer} project={project} s={s} />
              </li>
            ))}
          </ul>
        )}
        {nextCursor ? (
          <p>
            <a href={`${listUrl(filter)}${filter === 'open' ? '?' : '&'}cursor=${encodeURIComponent(nextCursor)}`}>Older suggestions →</a>
          </p>
        ) : null}
      </section>
      <SourceSettings base={base} viewer={viewer} project={project} source={source} />
    </Layout>
  );
}
