import type { ProjectRow } from '../../db/index.js';
import { AnalyticsNav, RangeForm } from './analytics-page.js';
import { Layout, type Viewer } from './layout.js';
import { summaryHtml } from './markdown.js';

/** One reader's question and what became of it, as `assistantConversations` lists it. */
export interface ConversationRow {
  id: string;
  threadId: string;
  timestamp: string;
  query: string;
  caller: 'web' | 'api' | 'other';
  resolutionStatus: 'answered' | 'unanswered';
  sources: { title: string; url: string }[];
  pageUrl: string | null;
}

export interface AssistantAnalyticsProps {
  base: string;
  viewer: Viewer;
  project: ProjectRow;
  range: { from: string; to: string };
  callers: { web: number; api: number; other: number; total: number };
  conversations: ConversationRow[];
  /** The next page's cursor (older questions), null on the last. */
  nextCursor: string | null;
  /** Whether this page is not the first (a link back to the newest). */
  paged: boolean;
}

const CALLERS = { web: 'Site widget', api: 'API', other: 'Other' } as const;

/** The assistant's conversations of one project: counts by caller, then each question, newest first, with its thread a click away. */
export function AssistantAnalyticsPage(p: AssistantAnalyticsProps) {
  const url = `${p.base}/projects/${p.project.id}/analytics`;
  const range = `from=${p.range.from}&to=${p.range.to}`;
  const unanswered = p.conversations.filter((c) => c.resolutionStatus === 'unanswered').length;
  return (
    <Layout title={`Assistant conversations · ${p.project.name}`} base={p.base} viewer={p.viewer} project={p.project} tab="analytics">
      <h1>Assistant conversations</h1>
      <AnalyticsNav url={url} range={range} current="assistant" />
      <RangeForm action={`${url}/assistant`} range={p.range} />
      <ul className="stats" aria-label="Totals">
        <li>
          <strong>{p.callers.total}</strong> questions
        </li>
        <li>
          <strong>{p.callers.web}</strong> from the site's widget
        </li>
        <li>
          <strong>{p.callers.api}</strong> through the API
        </li>
      </ul>
      <p>
        <a href={`${url}.csv?kind=assistant&${range}`}>Export conversations as CSV</a>
      </p>
      {p.conversations.length === 0 ? (
        <p>No questions were asked in this range.</p>
      ) : (
        <table className="conversations">
          <caption>
            {p.conversations.length} questions on this page, newest first{unanswered ? `; ${unanswered} found nothing in the docs` : ''}.
          </caption>
          <thead>
            <tr>
              <th scope="col">Question</th>
              <th scope="col">Asked</th>
              <th scope="col">Caller</th>
              <th scope="col">Cited pages</th>
            </tr>
          </thead>
          <tbody>
            {p.conversations.map((c) => (
              <tr key={c.id}>
                <td>
                  <a href={`${url}/assistant/${encodeURIComponent(c.threadId)}?${range}`}>{clip(c.query, 160)}</a>
                  {c.resolutionStatus === 'unanswered' ? <span className="tag">Not found in the docs</span> : null}
                </td>
                <td>
                  <time dateTime={c.timestamp}>{c.timestamp.slice(0, 16).replace('T', ' ')}</time>
                </td>
                <td>{CALLERS[c.caller]}</td>
                <td>
                  {c.sources.length === 0 ? (
                    '-'
                  ) : (
                    <ul className="cited">
                      {c.sources.map((s) => (
                        <li key={s.url}>{s.url}</li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="pager">
        {p.paged ? <a href={`${url}/assistant?${range}`}>Newest</a> : null}
        {p.nextCursor ? <a href={`${url}/assistant?${range}&cursor=${encodeURIComponent(p.nextCursor)}`}>Older questions</a> : null}
      </p>
    </Layout>
  );
}

export interface AssistantThreadProps {
  base: string;
  viewer: Viewer;
  project: ProjectRow;
  range: { from: string; to: string };
  thread: { threadId: string; createdAt: string; messages: { id: string; role: 'user' | 'assistant'; content: string; createdAt: string }[] };
}

/** One conversation, question by answer; answers are the model's Markdown, rendered safely (micromark escapes raw HTML). */
export function AssistantThreadPage(p: AssistantThreadProps) {
  const url = `${p.base}/projects/${p.project.id}/analytics`;
  const range = `from=${p.range.from}&to=${p.range.to}`;
  return (
    <Layout title={`Assistant conversation · ${p.project.name}`} base={p.base} viewer={p.viewer} project={p.project} tab="analytics">
      <p>
        <a href={`${url}/assistant?${range}`}>← Assistant conversations</a>
      </p>
      <h1>Conversation</h1>
      <p className="sub">
        Started <time dateTime={p.thread.createdAt}>{p.thread.createdAt.slice(0, 16).replace('T', ' ')}</time> UTC · {p.thread.messages.filter((m) => m.role === 'user').length} questions
      </p>
      <ol className="thread">
        {p.thread.messages.map((m) => (
          <li key={m.id} className={`message message-${m.role}`}>
            <p className="who">
              {m.role === 'user' ? 'Reader' : 'Assistant'} · <time dateTime={m.createdAt}>{m.createdAt.slice(11, 19)}</time>
            </p>
            {m.role === 'user' ? <p className="prewrap">{m.content}</p> : <div className="markdown" dangerouslySetInnerHTML={{ __html: summaryHtml(m.content) }} />}
          </li>
        ))}
      </ol>
    </Layout>
  );
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
