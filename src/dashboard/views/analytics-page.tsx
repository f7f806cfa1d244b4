import type { ProjectRow } from '../../db/index.js';
import { Csrf, Layout, type Viewer } from './layout.js';
import { TrafficChart, type TrafficDay } from './traffic-chart.js';

export interface AnalyticsPageProps {
  base: string;
  viewer: Viewer;
  project: ProjectRow;
  /** The range shown: `from` inclusive, `to` exclusive (YYYY-MM-DD). */
  range: { from: string; to: string };
  traffic: TrafficDay[];
  views: { totals: { human: number; ai: number; total: number }; views: { path: string; human: number; ai: number; total: number }[] };
  visitors: { human: number; ai: number; total: number };
  searches: { totalSearches: number; searches: { searchQuery: string; hits: number; ctr: number; topClickedPage: string | null }[] };
  noResults: { searchQuery: string; hits: number }[];
  feedback: { id: string; path: string; source: string; helpful?: boolean; comment: string | null; createdAt: string | null; status: string; code?: string; filename?: string | null; lang?: string | null }[];
  byPage: { path: string; thumbsUp: number; thumbsDown: number; code: number; total: number }[];
  /** The sites that sent the most readers (views by the referrer's host). */
  referrers: { host: string; views: number }[];
}

/** Traffic, top pages, searches and feedback of one project's production site. */
export function AnalyticsPage(p: AnalyticsPageProps) {
  const url = `${p.base}/projects/${p.project.id}/analytics`;
  const range = `from=${p.range.from}&to=${p.range.to}`;
  const comments = p.feedback.filter((f) => f.comment && f.source !== 'code_snippet');
  const snippets = p.feedback.filter((f) => f.source === 'code_snippet');
  return (
    <Layout title={`Analytics · ${p.project.name}`} base={p.base} viewer={p.viewer} project={p.project} tab="analytics">
      <h1>Analytics</h1>
      <AnalyticsNav url={url} range={range} current="overview" />
      <RangeForm action={url} range={p.range} />
      <ul className="stats" aria-label="Totals">
        <li>
          <strong>{p.visitors.total}</strong> visitors
        </li>
        <li>
          <strong>{p.views.totals.human}</strong> human views
        </li>
        <li>
          <strong>{p.views.totals.ai}</strong> agent views
        </li>
        <li>
          <strong>{p.searches.totalSearches}</strong> searches
        </li>
        <li>
          <strong>{p.feedback.length}</strong> feedback
        </li>
      </ul>
      <h2>Traffic</h2>
      <TrafficChart days={p.traffic} />
      <h2>Top pages</h2>
      <p>
        <a href={`${url}.csv?kind=views&${range}`}>Export views as CSV</a>
      </p>
      <Table head={['Page', 'Humans', 'Agents', 'Total']} rows={p.views.views.map((v) => [v.path, v.human, v.ai, v.total])} empty="No views in this range." />
      <h2>Top referrers</h2>
      <p>
        <a href={`${url}.csv?kind=referrers&${range}`}>Export referrers as CSV</a>
      </p>
      <Table head={['Referring site', 'Views']} rows={p.referrers.map((r) => [r.host, r.views])} empty="No views came from other sites in this range." />
      <h2>Top searches</h2>
      <p>
        <a href={`${url}.csv?kind=searches&${range}`}>Export searches as CSV</a>
      </p>
      <Table head={['Query', 'Searches', 'Opened a result', 'Most opened page']} rows={p.searches.searches.map((s) => [s.searchQuery, s.hits, `${Math.round(s.ctr * 100)} %`, s.topClickedPage ?? '-'])} empty="No searches in this range." />
      <h2>Searches without results</h2>
      <Table head={['Query', 'Searches']} rows={p.noResults.map((s) => [s.searchQuery, s.hits])} empty="Every search found something." />
      <h2>Feedback by page</h2>
      <Table head={['Page', 'Helpful', 'Not helpful', 'Code snippets', 'Total']} rows={p.byPage.map((f) => [f.path, f.thumbsUp, f.thumbsDown, f.code, f.total])} empty="No feedback in this range." />
      <h2>Comments</h2>
      <p>
        <a href={`${url}.csv?kind=feedback&${range}`}>Export feedback as CSV</a>
      </p>
      {comments.length === 0 ? <p>No comments in this range.</p> : null}
      <ul className="feedback-list">
        {comments.map((f) => (
          <li key={f.id}>
            <p>
              <strong>{f.path}</strong> · {f.helpful === undefined ? f.source.replace('_', ' ') : f.helpful ? 'helpful' : 'not helpful'} · {f.createdAt?.slice(0, 10)}
            </p>
            <blockquote>{f.comment}</blockquote>
            <StatusForm url={url} range={range} csrf={p.viewer.csrfToken} entry={f} canEdit={p.viewer.canEdit} />
          </li>
        ))}
      </ul>
      <h2>Code snippets</h2>
      {snippets.length === 0 ? <p>No feedback on code snippets in this range.</p> : null}
      <ul className="feedback-list">
        {snippets.map((f) => (
          <li key={f.id}>
            <p>
              <strong>{f.path}</strong> · {f.filename ?? 'untitled block'}
              {f.lang ? ` (${f.lang})` : ''} · {f.createdAt?.slice(0, 10)}
            </p>
            <pre className="snippet">
              <code>{excerpt(f.code ?? '')}</code>
            </pre>
            {f.comment ? <blockquote>{f.comment}</blockquote> : null}
            <StatusForm url={url} range={range} csrf={p.viewer.csrfToken} entry={f} canEdit={p.viewer.canEdit} />
          </li>
        ))}
      </ul>
    </Layout>
  );
}

/** The analytics pages: the overview (traffic, pages, searches, feedback) and the assistant's conversations, same range. */
export function AnalyticsNav({ url, range, current }: { url: string; range: string; current: 'overview' | 'assistant' }) {
  const links = [
    { id: 'overview', href: `${url}?${range}`, label: 'Traffic, pages, searches and feedback' },
    { id: 'assistant', href: `${url}/assistant?${range}`, label: 'Assistant conversations' },
  ] as const;
  return (
    <nav className="subnav" aria-label="Analytics pages">
      {links.map((l) => (
        <a key={l.id} href={l.href} aria-current={l.id === current ? 'page' : undefined}>
          {l.label}
        </a>
      ))}
    </nav>
  );
}

/** The date-range selector every analytics page starts with (`to` is exclusive). */
export function RangeForm({ action, range }: { action: string; range: { from: string; to: string } }) {
  return (
    <form method="get" action={action} className="range">
      <label>
        From <input type="date" name="from" defaultValue={range.from} required />
      </label>
      <label>
        To (not included) <input type="date" name="to" defaultValue={range.to} required />
      </label>
      <button type="submit">Show</button>
    </form>
  );
}

/** The first lines of a snippet: enough to recognise the block on its page. */
function excerpt(code: string, lines = 8): string {
  const all = code.replace(/\n$/, '').split('\n');
  return all.length > lines ? `${all.slice(0, lines).join('\n')}\n…` : all.join('\n');
}

/** Open ⇄ resolved for one feedback entry; back to the same range afterwards. */
function StatusForm({ url, range, csrf, entry, canEdit }: { url: string; range: string; csrf: string; entry: { id: string; status: string }; canEdit: boolean }) {
  // Only members who may act on the project set it (`access.ts`); others read it.
  if (!canEdit) return <span>{entry.status === 'resolved' ? 'Resolved' : 'Open'}</span>;
  return (
    <form method="post" action={`${url}/feedback/${entry.id}`} className="inline">
      <Csrf token={csrf} />
      <input type="hidden" name="back" value={range} />
      <input type="hidden" name="status" value={entry.status === 'resolved' ? 'pending' : 'resolved'} />
      <span>{entry.status === 'resolved' ? 'Resolved' : 'Open'}</span> <button type="submit">{entry.status === 'resolved' ? 'Reopen' : 'Mark resolved'}</button>
    </form>
  );
}

function Table({ head, rows, empty }: { head: string[]; rows: (string | number)[][]; empty: string }) {
  if (rows.length === 0) return <p>{empty}</p>;
  return (
    <table>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            {r.map((cell, j) => (
              <td key={j}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
