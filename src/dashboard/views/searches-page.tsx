import type { ProjectRow } from '../../db/index.js';
import type { SearchRow, SearchSummary } from '../../analytics/index.js';
import type { ShownRange } from '../analytics-range.js';
import { ExportMenu, Kpis, RangePicker, RankList, SplitCard, onSite, whole } from './analytics-parts.js';
import { Layout, PageHead, type Viewer } from './layout.js';

export interface SearchesPageProps {
  base: string;
  viewer: Viewer;
  project: ProjectRow;
  siteUrl: string;
  range: ShownRange;
  summary: SearchSummary;
  top: SearchRow[];
  noResults: SearchRow[];
  /** Agents' queries through the MCP server's search tool. */
  agents: { query: string; hits: number }[];
}

const rate = (n: number) => `${(n * 100).toFixed(1).replace(/\.0$/, '')}%`;

/** Searches: humans and agents, the key figures with their change, top queries and those that found nothing. */
export function SearchesPage(p: SearchesPageProps) {
  const url = `${p.base}/projects/${p.project.id}/analytics/searches`;
  const s = p.summary;
  return (
    <Layout title={`Searches · ${p.project.name}`} base={p.base} viewer={p.viewer} project={p.project} tab="analytics" analytics="searches" range={p.range.query}>
      <PageHead title="Searches">
        <RangePicker base={p.base} url={url} range={p.range} />
        <ExportMenu base={p.base} projectId={p.project.id} range={p.range} selected="searches" />
      </PageHead>
      <div className="halves mb-4">
        <SplitCard
          id="breakdown"
          title="Breakdown"
          parts={[
            { tone: 'human', name: 'Humans', value: s.humans },
            { tone: 'agent', name: 'Agents', value: s.agents },
          ]}
          label={`${whole(s.humans)} searches by humans in the site's search, ${whole(s.agents)} by agents through the MCP server`}
        />
        <section className="panel m-0" aria-labelledby="overview-title">
          <h2 id="overview-title">Overview</h2>
          <Kpis
            inline
            label="Search figures, with the change from the previous period of the same length"
            items={[
              { label: 'Unique queries', ...s.uniqueQueries },
              { label: 'Zero-result searches', ...s.zeroResults, better: 'down' },
              { label: 'Click-through rate', ...s.clickThrough, format: rate },
            ]}
          />
        </section>
      </div>
      <div className="halves">
        <section className="panel soft flush" aria-labelledby="top-title">
          <div className="panel-head">
            <h2 id="top-title">Top searches</h2>
          </div>
          <div className="panel-body rank-scroll">
            <RankList
              label="Top searches"
              items={p.top.map((q) => ({
                label: q.searchQuery,
                count: q.hits,
                title: `${q.searchQuery}: ${whole(q.hits)} searches, ${rate(q.ctr)} opened a result${q.topClickedPage ? `, most often ${q.topClickedPage}` : ''}`,
                href: q.topClickedPage ? onSite(p.siteUrl, q.topClickedPage) : undefined,
              }))}
              empty="Nobody searched the site in this range."
            />
          </div>
        </section>
        <section className="panel soft flush" aria-labelledby="zero-title">
          <div className="panel-head">
            <h2 id="zero-title">Zero-result search queries</h2>
          </div>
          <div className="panel-body rank-scroll">
            <RankList
              label="Zero-result search queries"
              items={p.noResults.map((q) => ({ label: q.searchQuery, count: q.noResults, extra: <span className="tag human">Human</span> }))}
              empty={
                <>
                  <strong>Every search found something</strong>
                  relevant in this range.
                </>
              }
            />
          </div>
        </section>
      </div>
      <section className="panel soft flush" aria-labelledby="agents-title">
        <div className="panel-head">
          <h2 id="agents-title">Agents' searches (MCP)</h2>
        </div>
        <div className="panel-body rank-scroll">
          <RankList label="Agents' searches through the MCP server" items={p.agents.map((q) => ({ label: q.query, count: q.hits, extra: <span className="tag agent">Agent</span> }))} empty="No agent searched through the site's MCP server in this range." />
        </div>
      </section>
    </Layout>
  );
}

