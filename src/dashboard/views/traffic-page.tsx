import type { ProjectRow } from '../../db/index.js';
import type { TrafficSummary } from '../../analytics/index.js';
import type { ShownRange } from '../analytics-range.js';
import { ChartCard, ExportMenu, Kpis, PageLinks, RangePicker, RankList, trafficKpis, type RankItem } from './analytics-parts.js';
import { Icon } from './icon.js';
import { Layout, PageHead, type Viewer } from './layout.js';

/** What the Rankings panel lists, and the CSV of the same list. */
export const RANKINGS = [
  { id: 'pages', label: 'Top pages', csv: 'views' },
  { id: 'searches', label: 'Searches', csv: 'searches' },
  { id: 'mcp', label: 'MCP searches', csv: 'mcp-searches' },
  { id: 'referrers', label: 'Referrers', csv: 'referrers' },
] as const;
export type RankingId = (typeof RANKINGS)[number]['id'];

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
  const editor = p.viewer.canEdit ? `${p.base}/projects/${p.project.id}/editor` : undefined;
  const rank = RANKINGS.find((r) => r.id === p.ranking)!;
  const items: RankItem[] = p.rows.map((r) => ({
    label: p.ranking === 'searches' || p.ranking === 'mcp' ? `“${r.label}”` : r.label,
    count: r.count,
    extra: r.path ? <PageLinks path={r.path} siteUrl={p.siteUrl} editor={editor} /> : undefined,
  }));
  const empty = {
    pages: 'No page views in this range yet. Views are counted when readers and agents open the published site.',
    searches: 'Nobody searched the site in this range.',
    mcp: 'No agent searched through the MCP server in this range.',
    referrers: 'No views came from other sites in this range.',
  }[p.ranking];
  return (
    <Layout title={`Traffic · ${p.project.name}`} base={p.base} viewer={p.viewer} project={p.project} tab="analytics" analytics="traffic" range={p.range.query}>
      <PageHead title="Traffic">
        <RangePicker base={p.base} url={url} range={p.range} keep={p.ranking === 'pages' ? '' : `rank=${p.ranking}`} />
        <ExportMenu base={p.base} projectId={p.project.id} range={p.range} selected={rank.csv} />
      </PageHead>
      <Kpis label="Key figures, with the change from the previous period of the same length" items={trafficKpis(p.summary)} />
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
