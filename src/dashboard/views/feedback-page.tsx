import type { FeedbackSourceName, FeedbackStatusName, PageRating } from '../../analytics/index.js';
import type { ProjectRow } from '../../db/index.js';
import type { ShownRange } from '../analytics-range.js';
import { ExportMenu, PageLinks, RangePicker, RatioBar, SegTabs, onSite, whole } from './analytics-parts.js';
import { Icon } from './icon.js';
import { Csrf, Layout, PageHead, type Viewer } from './layout.js';

export const FEEDBACK_TABS = [
  { id: 'ratings', label: 'Ratings by page' },
  { id: 'detailed', label: 'Detailed feedback' },
  { id: 'code', label: 'Code snippets' },
] as const;
export type FeedbackTab = (typeof FEEDBACK_TABS)[number]['id'];

const STATUS_LABELS: Record<FeedbackStatusName, string> = { pending: 'Open', in_progress: 'In progress', resolved: 'Resolved', dismissed: 'Dismissed' };
const SOURCE_LABELS: Record<FeedbackSourceName, string> = { contextual: 'Page feedback', thumbs_only: 'Thumbs', code_snippet: 'Code snippet', agent: 'Agent report' };

/** One feedback entry as `feedbackList` presents it. */
export interface FeedbackEntry {
  id: string;
  path: string;
  source: FeedbackSourceName;
  status: FeedbackStatusName;
  createdAt: string;
  comment: string | null;
  helpful?: boolean;
  /** The preset reason the reader picked, when the widget offered one. */
  reason?: string | null;
  code?: string;
  filename?: string | null;
  lang?: string | null;
}

export interface FeedbackPageProps {
  base: string;
  viewer: Viewer;
  project: ProjectRow;
  siteUrl: string;
  range: ShownRange;
  tab: FeedbackTab;
  /** The status filter of the detailed and code lists (null: all). */
  status: FeedbackStatusName | null;
  counts: { total: number; byStatus: Record<FeedbackStatusName, number>; bySource: Record<FeedbackSourceName, number> };
  ratings: { liked: PageRating[]; needsImprovement: PageRating[] } | null;
  entries: FeedbackEntry[];
  /** The preset reasons' labels as the English widget shows them (render's `feedbackStrings('en').reasons`). */
  reasonLabels: Record<string, string>;
}

const when = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', hour12: false });
/** A preset reason's label as the English widget shows it (`reasonLabels`; the id in words for one this version does not know). */
const reasonLabel = (labels: Record<string, string>, id: string) => labels[id] ?? id.replace(/[-_]+/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** Feedback: ratings by page (liked / needs improvement), every entry with its status, code snippets. */
export function FeedbackPage(p: FeedbackPageProps) {
  const url = `${p.base}/projects/${p.project.id}/analytics/feedback`;
  const tabQuery = (tab: FeedbackTab) => `${url}?${p.range.query}${tab === 'ratings' ? '' : `&tab=${tab}`}`;
  const pageFeedback = p.counts.total - p.counts.bySource.code_snippet;
  const keep = p.tab === 'ratings' ? '' : `tab=${p.tab}${p.status ? `&status=${p.status}` : ''}`;
  const editor = p.viewer.canEdit ? `${p.base}/projects/${p.project.id}/editor` : undefined;
  return (
    <Layout title={`Feedback · ${p.project.name}`} base={p.base} viewer={p.viewer} project={p.project} tab="analytics" analytics="feedback" range={p.range.query}>
      <PageHead title="Feedback">
        <RangePicker base={p.base} url={url} range={p.range} keep={keep} />
        <ExportMenu base={p.base} projectId={p.project.id} range={p.range} selected="feedback" />
      </PageHead>
      <div className="flex flex-wrap items-center justify-between gap-3 mb-4">
        <SegTabs
          label="Feedback views"
          items={FEEDBACK_TABS.map((t) => ({ id: t.id, label: t.label, href: tabQuery(t.id), current: p.tab === t.id, count: t.id === 'code' ? p.counts.bySource.code_snippet : t.id === 'detailed' ? pageFeedback : undefined }))}
        />
        {p.tab === 'ratings' ? null : (
          <nav className="filters m-0" aria-label="Status">
            <a href={`${tabQuery(p.tab)}`} aria-current={p.status === null ? 'true' : undefined}>
              All
            </a>
            {(Object.keys(STATUS_LABELS) as FeedbackStatusName[]).map((s) => (
              <a key={s} href={`${tabQuery(p.tab)}&status=${s}`} aria-current={p.status === s ? 'true' : undefined}>
                {STATUS_LABELS[s]} <span className="hint">{whole(p.counts.byStatus[s])}</span>
              </a>
            ))}
          </nav>
        )}
      </div>
      {p.tab === 'ratings' && p.ratings ? (
        <div className="halves">
          <RatingList id="liked" title="Liked by viewers" rows={p.ratings.liked} siteUrl={p.siteUrl} editor={editor} empty="No page got more thumbs up than down in this range." />
          <RatingList id="needs" title="Needs improvement" rows={p.ratings.needsImprovement} siteUrl={p.siteUrl} editor={editor} empty="No page got a thumbs down in this range." />
        </div>
      ) : (
        <section className="panel flush" aria-label={p.tab === 'code' ? 'Feedback on code snippets' : 'Feedback on pages'}>
          {p.entries.length === 0 ? (
            <div className="empty">{p.tab === 'code' ? 'No feedback on code snippets' : 'No feedback'} {p.status ? `marked ${STATUS_LABELS[p.status].toLowerCase()} ` : ''}in this range.</div>
          ) : (
            <ul className="feedback-list">
              {p.entries.map((f) => (
                <li key={f.id}>
                  <div className="meta">
                    {f.source === 'code_snippet' ? <Icon name="code" /> : f.helpful === false ? <Icon name="thumbs-down" className="icon text-bad" /> : f.helpful ? <Icon name="thumbs-up" className="icon text-good" /> : <Icon name="message-square" />}
                    <a href={onSite(p.siteUrl, f.path)}>{f.path}</a>
                    <span>{SOURCE_LABELS[f.source] ?? f.source}</span>
                    {f.helpful !== undefined && f.source !== 'code_snippet' ? <span className={`tag ${f.helpful ? 'good' : 'bad'}`}>{f.helpful ? 'Helpful' : 'Not helpful'}</span> : null}
                    {f.reason ? <span className="tag">{reasonLabel(p.reasonLabels, f.reason)}</span> : null}
                    {f.filename || f.lang ? <span className="mono">{[f.filename, f.lang && `(${f.lang})`].filter(Boolean).join(' ')}</span> : null}
                    <time dateTime={f.createdAt}>{when.format(new Date(f.createdAt))}</time>
                  </div>
                  {f.code ? (
                    <pre className="snippet">
                      <code>{excerpt(f.code)}</code>
                    </pre>
                  ) : null}
                  {f.comment ? <blockquote>{f.comment}</blockquote> : null}
                  <StatusForm url={url} back={`${p.range.query}&tab=${p.tab}${p.status ? `&status=${p.status}` : ''}`} csrf={p.viewer.csrfToken} entry={f} canEdit={p.viewer.canEdit} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </Layout>
  );
}

function RatingList({ id, title, rows, siteUrl, editor, empty }: { id: string; title: string; rows: PageRating[]; siteUrl: string; editor?: string; empty: string }) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="mb-3">
        {title}
      </h2>
      {rows.length === 0 ? (
        <div className="panel empty">{empty}</div>
      ) : (
        <ul className="ratings">
          {rows.map((r) => (
            <li key={r.path}>
              <span className="page flex items-center gap-1 min-w-0">
                <a className="truncate" href={onSite(siteUrl, r.path)}>
                  {r.path}
                </a>
                <PageLinks path={r.path} siteUrl={siteUrl} editor={editor} />
              </span>
              <span className="thumbs">
                <span className={`up${r.up ? ' on' : ''} flex items-center gap-1`}>
                  <Icon name="thumbs-up" />
                  <span className="visually-hidden">Helpful:</span> {whole(r.up)}
                </span>
                <RatioBar
                  className="ratio"
                  label={`${r.up} of ${r.up + r.down} thumbs up`}
                  parts={[
                    { tone: 'good', value: r.up },
                    { tone: 'bad', value: r.down },
                  ]}
                />
                <span className={`down${r.down ? ' on' : ''} flex items-center gap-1`}>
                  <Icon name="thumbs-down" />
                  <span className="visually-hidden">Not helpful:</span> {whole(r.down)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The first lines of a snippet: enough to recognise the block on its page. */
function excerpt(code: string, lines = 8): string {
  const all = code.replace(/\n$/, '').split('\n');
  return all.length > lines ? `${all.slice(0, lines).join('\n')}\n…` : all.join('\n');
}

/** An entry's status: a select and Save for members who may triage, the status for the others. */
function StatusForm({ url, back, csrf, entry, canEdit }: { url: string; back: string; csrf: string; entry: FeedbackEntry; canEdit: boolean }) {
  if (!canEdit) return <span className={`badge ${entry.status}`}>{STATUS_LABELS[entry.status]}</span>;
  const id = `status-${entry.id}`;
  return (
    <form method="post" action={`${url}/${encodeURIComponent(entry.id)}`} className="status-form">
      <Csrf token={csrf} />
      <input type="hidden" name="back" value={back} />
      <span className={`badge ${entry.status}`}>{STATUS_LABELS[entry.status]}</span>
      <label className="visually-hidden" htmlFor={id}>
        Status of this feedback
      </label>
      <select id={id} name="status" defaultValue={entry.status}>
        {(Object.keys(STATUS_LABELS) as FeedbackStatusName[]).map((s) => (
          <option key={s} value={s}>
            {STATUS_LABELS[s]}
          </option>
        ))}
      </select>
      <button className="btn secondary small" type="submit">
        Save
      </button>
    </form>
  );
}
