import type { AssistantSummary, Conversation, ThreadMessage } from '../../analytics/index.js';
import type { ProjectRow } from '../../db/index.js';
import { questionsByConcern, sortTopics, topicConcern, type Topic, type TopicView } from '../../insights/index.js';
import type { ShownRange } from '../analytics-range.js';
import { ChartCard, Delta, ExportMenu, PageLinks, RangePicker, SegTabs, SplitCard, compact, onSite, whole } from './analytics-parts.js';
import { Icon } from './icon.js';
import { Csrf, Layout, PageHead, type Viewer } from './layout.js';
import { summaryHtml } from './markdown.js';

export const ASSISTANT_TABS = [
  { id: 'topics', label: 'Assistant topics', view: 'all' },
  { id: 'negative', label: 'Topics voted negatively', view: 'negative' },
  { id: 'positive', label: 'Topics voted positively', view: 'positive' },
  { id: 'history', label: 'Chat history', view: null },
] as const;
export type AssistantTab = (typeof ASSISTANT_TABS)[number]['id'];

export interface AssistantAnalyticsProps {
  base: string;
  viewer: Viewer;
  project: ProjectRow;
  siteUrl: string;
  range: ShownRange;
  tab: AssistantTab;
  summary: AssistantSummary;
  /** One entry per day of the range (zeros included). */
  daily: { day: string; answered: number; unanswered: number }[];
  /** The range's topics (null on the chat history tab). */
  topics: Topic[] | null;
  conversations: Conversation[];
  /** The next page's cursor (older questions), null on the last. */
  nextCursor: string | null;
  /** Whether this page is not the first (a link back to the newest). */
  paged: boolean;
}

const CALLERS = { web: 'Site widget', api: 'API', other: 'Other' } as const;
const when = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', hour12: false });

/** The assistant: conversations (answered, unanswered), satisfaction, usage over time, topics, chat history. */
export function AssistantAnalyticsPage(p: AssistantAnalyticsProps) {
  const url = `${p.base}/projects/${p.project.id}/analytics/assistant`;
  const s = p.summary;
  const rated = s.thumbsUp + s.thumbsDown;
  const tabHref = (id: AssistantTab) => `${url}?${p.range.query}${id === 'topics' ? '' : `&tab=${id}`}`;
  const current = ASSISTANT_TABS.find((t) => t.id === p.tab)!;
  return (
    <Layout title={`Assistant · ${p.project.name}`} base={p.base} viewer={p.viewer} project={p.project} tab="analytics" analytics="assistant" range={p.range.query}>
      <PageHead title="Assistant">
        <RangePicker base={p.base} url={url} range={p.range} keep={p.tab === 'topics' ? '' : `tab=${p.tab}`} />
        <ExportMenu base={p.base} projectId={p.project.id} range={p.range} selected="assistant" />
      </PageHead>
      <div className="split-1-2">
        <section className="panel m-0" aria-labelledby="total-title">
          <h2 id="total-title">Total conversations</h2>
          <div className="kpi-value mt-4">{compact(s.total.value)}</div>
          <div className="kpi-label">
            {whole(s.answered)} answered, {whole(s.unanswered)} unanswered <Delta {...s.total} />
          </div>
        </section>
        <SplitCard
          id="satisfaction"
          title="Satisfaction"
          parts={[
            { tone: 'answered', name: 'Thumbs up', value: s.thumbsUp },
            { tone: 'unanswered', name: 'Thumbs down', value: s.thumbsDown },
          ]}
          label={rated ? `${s.thumbsUp} of ${rated} rated answers got a thumbs up` : 'No answer was rated in this range'}
        >
          {rated === 0 ? <p className="hint mt-2">Readers rate an answer with the thumbs under it in the assistant.</p> : null}
        </SplitCard>
      </div>
      <ChartCard
        base={p.base}
        id="usage"
        title="Assistant usage"
        days={p.range.days}
        series={[
          { name: 'Answered', tone: 'answered', values: p.daily.map((d) => d.answered) },
          { name: 'Unanswered', tone: 'unanswered', values: p.daily.map((d) => d.unanswered) },
        ]}
        emptyText="Nobody asked the assistant anything in this range."
      />
      <section className="panel soft flush" aria-label={current.label}>
        <div className="panel-head">
          <SegTabs label="Assistant views" items={ASSISTANT_TABS.map((t) => ({ id: t.id, label: t.label, href: tabHref(t.id), current: t.id === p.tab }))} />
        </div>
        <div className="panel-body">
          {current.view && p.topics ? <TopicList p={p} view={current.view} /> : <History p={p} />}
        </div>
      </section>
    </Layout>
  );
}

function TopicList({ p, view }: { p: AssistantAnalyticsProps; view: TopicView }) {
  const topics = sortTopics(p.topics ?? [], view).filter((t) => topicConcern(t, view) > 0);
  if (topics.length === 0) {
    const empty = { all: 'No questions or searches in this range to group into topics.', negative: 'No topic has unanswered questions, empty searches or thumbs down in this range.', positive: 'No answer got a thumbs up in this range.' }[view];
    return <div className="empty">{empty}</div>;
  }
  const at = `${p.base}/projects/${p.project.id}`;
  const range = new URLSearchParams(p.range.query);
  return (
    <ol className="ranks topics" aria-label="Topics">
      {topics.map((t, i) => (
        <li key={t.id}>
          <details className="topic">
            <summary>
              <span className="n">{i + 1}</span>
              <span className="label font-medium">{t.label}</span>
              <span className="count">
                {t.unanswered ? <span className="tag bad">{whole(t.unanswered)} unanswered</span> : null}
                {t.thumbsDown ? (
                  <span className="tag bad">
                    <span className="visually-hidden">thumbs down: </span>
                    {whole(t.thumbsDown)} <Icon name="thumbs-down" className="icon inline-block size-3" />
                  </span>
                ) : null}
                {t.thumbsUp ? (
                  <span className="tag good">
                    <span className="visually-hidden">thumbs up: </span>
                    {whole(t.thumbsUp)} <Icon name="thumbs-up" className="icon inline-block size-3" />
                  </span>
                ) : null}
                <span className="font-mono text-sm">{`${whole(t.count)} ${t.count === 1 ? 'response' : 'responses'}`}</span>
              </span>
            </summary>
            <div className="topic-body">
              <div>
                <h3>Questions and searches</h3>
                <ul>
                  {questionsByConcern(t.questions)
                    .slice(0, 12)
                    .map((q, j) => (
                      <li key={j}>
                        {q.threadId ? <a href={`${at}/analytics/assistant/${q.threadId}?${p.range.query}`}>{q.text}</a> : q.text}
                        {q.count > 1 ? <span className="hint"> ×{q.count}</span> : null}
                        {q.kind === 'search' ? <span className="hint"> (search)</span> : null}
                        {q.answered === false ? <span className="tag bad ml-2">unanswered</span> : null}
                        {q.rating === 'down' ? <span className="tag bad ml-2">thumbs down</span> : q.rating === 'up' ? <span className="tag good ml-2">thumbs up</span> : null}
                      </li>
                    ))}
                </ul>
              </div>
              {t.pages.length ? (
                <div>
                  <h3>Pages</h3>
                  <ul>
                    {t.pages.map((page) => (
                      <li key={page.path} className="flex items-center gap-1">
                        <span>{page.title}</span> <span className="hint mono">{page.path}</span>
                        <PageLinks path={page.path} siteUrl={p.siteUrl} editor={p.viewer.canEdit ? `${at}/editor` : undefined} />
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              {p.viewer.canEdit ? (
                <form method="post" action={`${at}/analytics/topics/${encodeURIComponent(t.id)}/fix`} className="topic-actions">
                  <Csrf token={p.viewer.csrfToken} />
                  {[...range].map(([k, v]) => (
                    <input key={k} type="hidden" name={k} value={v} />
                  ))}
                  <button className="btn small" type="submit">
                    <Icon name="sparkles" />
                    Ask the agent to fix this
                  </button>
                  <span className="hint">Starts an agent job with these questions and pages; it opens a pull request.</span>
                </form>
              ) : null}
            </div>
          </details>
        </li>
      ))}
    </ol>
  );
}

function History({ p }: { p: AssistantAnalyticsProps }) {
  const at = `${p.base}/projects/${p.project.id}/analytics/assistant`;
  if (p.conversations.length === 0) return <div className="empty">No questions were asked in this range.</div>;
  return (
    <>
      <table className="responsive conversations">
        <thead>
          <tr>
            <th scope="col">Question</th>
            <th scope="col">Answer</th>
            <th scope="col">Rating</th>
            <th scope="col">From</th>
            <th scope="col">Asked (UTC)</th>
          </tr>
        </thead>
        <tbody>
          {p.conversations.map((c) => (
            <tr key={c.id}>
              <td data-label="Question" className="wrap-any">
                <a href={`${at}/${c.threadId}?${p.range.query}`}>{clip(c.query, 160)}</a>
              </td>
              <td data-label="Answer">
                <span className={`badge ${c.resolutionStatus}`}>{c.resolutionStatus}</span>
              </td>
              <td data-label="Rating">{c.rating === 'up' ? <span className="tag good">thumbs up</span> : c.rating === 'down' ? <span className="tag bad">thumbs down</span> : <span className="hint">—</span>}</td>
              <td data-label="From">{CALLERS[c.caller]}</td>
              <td data-label="Asked (UTC)">
                <time dateTime={c.timestamp}>{when.format(new Date(c.timestamp))}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <nav className="pager p-4" aria-label="Pages of questions">
        {p.paged ? <a href={`${at}?${p.range.query}&tab=history`}>Newest questions</a> : null}
        {p.nextCursor ? <a href={`${at}?${p.range.query}&tab=history&cursor=${encodeURIComponent(p.nextCursor)}`}>Older questions</a> : null}
      </nav>
    </>
  );
}

export interface AssistantThreadProps {
  base: string;
  viewer: Viewer;
  project: ProjectRow;
  siteUrl: string;
  range: ShownRange;
  thread: { threadId: string; createdAt: string; messages: ThreadMessage[] };
}

/** An answer's Markdown as the reader's widget shows it: rendered safely, its site links leading to the published site. */
function answerHtml(markdown: string, siteUrl: string): string {
  return summaryHtml(markdown).replace(/href="(\/(?!\/)[^"]*)"/g, (_m, path: string) => `href="${onSite(siteUrl, path)}"`);
}

/** One conversation as the reader saw it: questions, answers with their cited pages, ratings. */
export function AssistantThreadPage(p: AssistantThreadProps) {
  const url = `${p.base}/projects/${p.project.id}/analytics/assistant`;
  return (
    <Layout title={`Assistant conversation · ${p.project.name}`} base={p.base} viewer={p.viewer} project={p.project} tab="analytics" analytics="assistant" range={p.range.query}>
      <nav className="crumbs" aria-label="Breadcrumb">
        <a href={`${url}?${p.range.query}&tab=history`}>Assistant</a>
        <span aria-hidden="true">/</span>
        <span>Conversation</span>
      </nav>
      <PageHead
        title="Conversation"
        sub={
          <>
            Started <time dateTime={p.thread.createdAt}>{when.format(new Date(p.thread.createdAt))}</time> UTC · {p.thread.messages.filter((m) => m.role === 'user').length} questions
          </>
        }
      />
      <ol className="thread max-w-3xl">
        {p.thread.messages.map((m) => (
          <li key={m.id} className={`message message-${m.role}`}>
            <p className="who">
              {m.role === 'user' ? 'Reader' : 'Assistant'} · <time dateTime={m.createdAt}>{when.format(new Date(m.createdAt))}</time>
              {m.outcome === 'not_found' ? <span className="badge unanswered">unanswered</span> : null}
              {m.rating === 'up' ? <span className="tag good">thumbs up</span> : m.rating === 'down' ? <span className="tag bad">thumbs down</span> : null}
            </p>
            {m.role === 'user' ? <p className="prewrap">{m.content}</p> : <div className="markdown" dangerouslySetInnerHTML={{ __html: answerHtml(m.content, p.siteUrl) }} />}
            {m.citations.length ? (
              <ul className="cited" aria-label="Pages cited">
                {m.citations.map((c, i) => (
                  <li key={i}>
                    <a href={onSite(p.siteUrl, `${c.path}${c.anchor ? `#${c.anchor}` : ''}`)}>{c.title || c.path}</a>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </Layout>
  );
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
