import type { ProjectRow } from '../../db/index.js';
import type { TrafficSummary } from '../../analytics/index.js';
import type { ShownRange } from '../analytics-range.js';
import { ChartCard, ExportMenu, Kpis, Legend, PageLinks, RangePicker, RankList, percent, type ExportKind, type RankItem } from './analytics-parts.js';
import { Icon } from './icon.js';
import { Layout, PageHead, type Viewer } from './layout.js';

/** What the Rankings panel lists. */
export const RANKINGS = [
  { id: 'pages', label: 'Top pages' },
  { id: 'searches', label: 'Searches' },
  { id: 'mcp', label: 'MCP searches' },
  { id: 'referrers', label: 'Referrers' },
] as const;
export type RankingId = (typeof RANKINGS)[number]['id'];

/** The CSVs every analytics screen offers (what its tables and lists show, for the range). */
export const EXPORTS: ExportKind[] = [
  { kind: 'traffic', label: 'Views per day' },
  { kind: 'views', label: 'Top pages' },
  { kind: 'referrers', label: 'Referrers' },
  { kind: 'searches', label: 'Searches' },
  { kind: 'no-results', label: 'Zero-result searches' },
  { kind: 'mcp-searches', label: 'MCP searches' },
  { kind: 'feedback', label: 'Feedback' },
  { kind: 'assistant', label: 'Assistant conversations' },
];

export interface TrafficPageProps {
  base: string;
  viewer: Viewer;
  project: ProjectRow;
  siteUrl: string;
  range: ShownRange;
  summary: TrafficSummary;
  /** One entry per day of the range (zeros included). */
  daily: { day: string; human: number; ai: number }[];
  ranking: RankingId;
  /** The ranking's rows: pages (with their paths), queries or referring hosts. */
  rows: { label: string; count: number; path?: string }[];
}

/** Traffic: five key figures with their change, views over time (agents and humans), and a ranking. */
export function TrafficPage(p: TrafficPageProps) {
  const url = `${p.base}/projects/${p.project.id}/analytics`;
  const { summary: s } = p;
  const views = s.humans + s.agents;
  // A page can be edited; an llms file or another file with an extension cannot.
  const editor = (path: string) => (p.viewer.canEdit && !/\.[a-z0-9]+$/i.test(path) ? `${p.base}/projects/${p.project.id}/editor?page=${encodeURIComponent(path)}` : undefined);
  const rank = RANKINGS.find((r) => r.id === p.ranking)!;
  const items: RankItem[] = p.rows.map((r) => ({
    label: p.ranking === 'searches' || p.ranking === 'mcp' ? `“${r.label}”` : r.label,
    count: r.count,
    extra: r.path ? <PageLinks path={r.path} siteUrl={p.siteUrl} editorUrl={editor(r.path)} /> : undefined,
  }));
  const empty = {
    pages: 'No page views in this range yet. Views are counted when readers and agents open the published site.',
    searches: 'Nobody searched the site in this range.',
    mcp: 'No agent searched through the MCP server in this range.',
    referrers: 'No views came from other sites in this range.',
  }[p.ranking];
  return (
    <Layout title={`Traffic · ${p.project.name}`} base={p.base} viewer={p.viewer} project={p.project} tab="analytics" analytics="traffic">
      <PageHead title="Traffic">
        <RangePicker base={p.base} url={url} range={p.range} keep={p.ranking === 'pages' ? '' : `rank=${p.ranking}`} />
        <ExportMenu csvUrl={`${url}.csv`} range={p.range} kinds={EXPORTS} selected={p.ranking === 'pages' ? 'views' : p.ranking === 'mcp' ? 'mcp-searches' : p.ranking} />
      </PageHead>
      <Kpis
        label="Key figures, with the change from the previous period of the same length"
        items={[
          { label: 'Visitors', ...s.visitors },
          { label: 'Views', ...s.views },
          { label: 'Assistant', ...s.assistant },
          { label: 'Searches', ...s.searches },
          { label: 'Feedback', ...s.feedback },
        ]}
      />
      <div className="split">
        <ChartCard
          base={p.base}
          id="views"
          title="Views over time"
          days={p.range.days}
          series={[
            { name: 'Agents', tone: 'agent', values: p.daily.map((d) => d.ai) },
            { name: 'Humans', tone: 'human', values: p.daily.map((d) => d.human) },
          ]}
          emptyText="Nothing was viewed in this range yet. A view appears here within a minute of a reader opening a page of the published site."
          legend={
            <Legend
              items={[
                { tone: 'agent', name: 'Agents', value: s.agents, share: percent(s.agents, views) },
                { tone: 'human', name: 'Humans', value: s.humans, share: percent(s.humans, views) },
              ]}
            />
          }
        />
        <section className="panel soft flush" aria-labelledby="rankings-title">
          <div className="panel-head">
            <h2 id="rankings-title">Rankings</h2>
            <details className="pop">
              <summary className="btn secondary small" aria-label={`Ranking: ${rank.label}`}>
                {rank.label}
                <Icon name="chevrons-up-down" className="icon chev" />
              </summary>
              <div className="pop-panel">
                <ul className="menu-list">
                  {RANKINGS.map((r) => (
                    <li key={r.id}>
                      <a href={`${url}?${p.range.query}${r.id === 'pages' ? '' : `&rank=${r.id}`}`} aria-current={r.id === p.ranking ? 'true' : undefined}>
                        {r.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            </details>
          </div>
          <div className="panel-body rank-scroll">
            <RankList items={items} empty={empty} label={rank.label} />
          </div>
        </section>
      </div>
    </Layout>
  );
}
