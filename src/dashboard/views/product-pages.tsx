import type { ProjectRow } from '../../db/index.js';
import { compact, onSite } from './analytics-parts.js';
import { Icon } from './icon.js';
import { Layout, PageHead, type Viewer } from './layout.js';
import { CopyValue } from './project-pages.js';

interface ProductProps {
  base: string;
  viewer: Viewer;
  project: ProjectRow;
  siteUrl: string;
}

/** A figure with its label, linking to where it is explained. */
function Stat({ value, label, href }: { value: number; label: string; href: string }) {
  return (
    <a className="card" href={href}>
      <div className="kpi-value">{compact(value)}</div>
      <div className="kpi-label">{label}</div>
    </a>
  );
}

/** The assistant: where readers meet it, its keys for other places, what it did in the last 30 days. */
export function AssistantProductPage(p: ProductProps & { apiBase: string; questions: number; unanswered: number; keys: number }) {
  const at = `${p.base}/projects/${p.project.id}`;
  return (
    <Layout title={`Assistant · ${p.project.name}`} base={p.base} viewer={p.viewer} project={p.project} tab="assistant">
      <PageHead title="Assistant" sub="Answers readers' questions from your docs, with links to the pages it used, in the site's assistant panel and through the discovery API.">
        <a className="btn secondary" href={`${at}/analytics/assistant`}>
          <Icon name="chart-line" />
          Conversations and topics
        </a>
      </PageHead>
      <div className="cards mb-4">
        <Stat value={p.questions} label="Questions, last 30 days" href={`${at}/analytics/assistant`} />
        <Stat value={p.unanswered} label="Unanswered, last 30 days" href={`${at}/analytics/assistant?tab=negative`} />
        <Stat value={p.keys} label="Active assistant keys" href={`${at}/keys#assistant-keys`} />
      </div>
      <section className="panel" aria-labelledby="where">
        <h2 id="where">Where readers use it</h2>
        <dl className="facts">
          <dt>On the site</dt>
          <dd>
            The assistant button of every page of <a href={p.siteUrl}>{p.siteUrl}</a> (answers need a model configured on the server).
          </dd>
          <dt>Discovery API</dt>
          <dd>
            <CopyValue id="assistant-endpoint" value={`${p.apiBase}/v1/assistant/${p.project.id}/message`} label="assistant endpoint" />
            <p className="hint">
              With an assistant key (<a href={`${at}/keys#assistant-keys`}>API keys</a>), from the origins the key allows; search is <code>/v1/search/…</code>.
            </p>
          </dd>
        </dl>
      </section>
    </Layout>
  );
}

/** The site's MCP server: its address, the tools it offers, how to connect an AI tool, and its use. */
export function McpProductPage(p: ProductProps & { searches: number; agentViews: number }) {
  const at = `${p.base}/projects/${p.project.id}`;
  const mcp = onSite(p.siteUrl, '/mcp');
  const name = p.project.id.replace(/[^a-z0-9-]/gi, '-');
  return (
    <Layout title={`MCP server · ${p.project.name}`} base={p.base} viewer={p.viewer} project={p.project} tab="mcp">
      <PageHead title="MCP server" sub="Every published site answers AI tools over the Model Context Protocol: they search your docs and read pages as Markdown." />
      <div className="cards mb-4">
        <Stat value={p.searches} label="Agents' searches, last 30 days" href={`${at}/analytics/searches`} />
        <Stat value={p.agentViews} label="Pages read by agents, last 30 days" href={`${at}/analytics`} />
      </div>
      <section className="panel" aria-labelledby="connect">
        <h2 id="connect">Connect an AI tool</h2>
        <dl className="facts">
          <dt>Server URL</dt>
          <dd>
            <CopyValue id="mcp-url" value={mcp} label="MCP server URL" />
          </dd>
          <dt>Claude Code</dt>
          <dd>
            <CopyValue id="mcp-claude" value={`claude mcp add --transport http ${name} ${mcp}`} label="Claude Code command" />
          </dd>
          <dt>Cursor, VS Code</dt>
          <dd>
            <CopyValue id="mcp-json" value={JSON.stringify({ mcpServers: { [name]: { url: mcp } } })} label="MCP configuration" />
          </dd>
          <dt>Tools</dt>
          <dd>
            <code>search</code> (sections of the docs for a query), <code>get_page</code> (a page as Markdown), and the API operations the site's OpenAPI specs enable with <code>x-mint.mcp</code>.
          </dd>
          <dt>For other agents</dt>
          <dd>
            <a href={onSite(p.siteUrl, '/llms.txt')}>llms.txt</a>, <a href={onSite(p.siteUrl, '/llms-full.txt')}>llms-full.txt</a>, and every page's Markdown at its address followed by <code>.md</code>.
          </dd>
        </dl>
      </section>
    </Layout>
  );
}
