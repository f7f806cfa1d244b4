/**
 * The pieces every analytics screen is made of: the range picker and the CSV menu in the page head,
 * key figures with their change against the previous period, the chart card (uPlot island over a
 * server-drawn frame and table), ranked lists, ratio bars and segmented tabs.
 */
import type { ReactNode } from 'react';
import type { TrafficSummary } from '../../analytics/index.js';
import type { ShownRange } from '../analytics-range.js';
import { RANGE_PRESETS } from '../analytics-range.js';
import { assetUrl } from '../assets/version.js';
import { Icon } from './icon.js';

const compactFormat = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 2 });
const fullFormat = new Intl.NumberFormat('en');

/** `16.91K` for key figures, `1,234` below ten thousand. */
export function compact(n: number): string {
  return n < 10_000 ? fullFormat.format(n) : compactFormat.format(n);
}
export const whole = (n: number) => fullFormat.format(n);
/** A share as `84%` (`<1%` for a small non-zero one). */
export function percent(part: number, total: number): string {
  if (total <= 0) return '0%';
  const p = (part / total) * 100;
  return p > 0 && p < 1 ? '<1%' : `${Math.round(p)}%`;
}

/** A path on the published site (`siteUrl` ends with a slash or not). */
export const onSite = (siteUrl: string, path: string) => `${siteUrl.replace(/\/$/, '')}${path}`;

/** A CSV the export menu offers: its `kind` (the `analytics.csv` route's) and the label in the menu. */
export interface ExportKind {
  kind: string;
  label: string;
}

/** The CSVs every analytics screen offers: what the screens list, for the range shown. */
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

/** The range button and its popover: presets as links (no script needed), a custom span (cally's calendar once loaded). */
export function RangePicker({ base, url, range, keep = '' }: { base: string; url: string; range: ShownRange; keep?: string }) {
  const extra = keep ? `&${keep}` : '';
  const hidden = new URLSearchParams(keep);
  return (
    <details className="pop range-picker">
      <summary className="btn secondary" aria-label={`Date range: ${range.label}`}>
        <Icon name="calendar" />
        {range.label}
        <Icon name="chevron-down" className="icon chev" />
      </summary>
      <div className="pop-panel range-panel">
        <ul className="presets" aria-label="Ranges">
          {RANGE_PRESETS.map((p) => (
            <li key={p.id}>
              <a href={`${url}?range=${p.id}${extra}`} aria-current={range.preset === p.id ? 'true' : undefined}>
                {p.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="custom-range" data-calendar={assetUrl(base, 'calendar')}>
          <form method="get" action={url}>
            {[...hidden].map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={v} />
            ))}
            <p className="hint">Custom range</p>
            <div className="dates">
              <div className="field">
                <label htmlFor="range-from">From</label>
                <input id="range-from" type="date" name="from" defaultValue={range.from} required />
              </div>
              <div className="field">
                <label htmlFor="range-to">Until (not included)</label>
                <input id="range-to" type="date" name="to" defaultValue={range.to} required />
              </div>
            </div>
            <button className="btn small" type="submit">
              Apply
            </button>
          </form>
        </div>
      </div>
    </details>
  );
}

/** "Export to CSV": pick what to export (`EXPORTS`), for the range shown; `selected` is what the screen lists first. */
export function ExportMenu({ base, projectId, range, selected }: { base: string; projectId: string; range: ShownRange; selected: string }) {
  const params = new URLSearchParams(range.query);
  return (
    <details className="pop export-menu">
      <summary className="btn secondary">
        <Icon name="file-down" />
        Export to CSV
        <Icon name="chevron-down" className="icon chev" />
      </summary>
      <div className="pop-panel">
        <form method="get" action={`${base}/projects/${projectId}/analytics.csv`} className="export-form">
          {[...params].map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <div className="field">
            <label htmlFor="export-kind">Data</label>
            <select id="export-kind" name="kind" defaultValue={selected}>
              {EXPORTS.map((k) => (
                <option key={k.kind} value={k.kind}>
                  {k.label}
                </option>
              ))}
            </select>
          </div>
          <button className="btn" type="submit">
            Export
          </button>
        </form>
      </div>
    </details>
  );
}

/** The change of a figure against the previous period, coloured by whether it is good news. */
export function Delta({ value, previous, better = 'up' }: { value: number; previous: number; better?: 'up' | 'down' }) {
  if (previous === 0 && value === 0) return null;
  if (previous === 0) {
    return (
      <span className="delta" title="Nothing in the previous period">
        new
      </span>
    );
  }
  const change = ((value - previous) / previous) * 100;
  const rounded = Math.abs(change) < 10 ? Math.abs(change).toFixed(1).replace(/\.0$/, '') : String(Math.round(Math.abs(change)));
  if (rounded === '0') return <span className="delta">0%</span>;
  const up = change > 0;
  const good = up === (better === 'up');
  return (
    <span className={`delta ${good ? 'up' : 'down'}`} title={`${up ? 'Up' : 'Down'} ${rounded}% from ${whole(previous)} in the previous period`}>
      <Icon name={up ? 'circle-arrow-up' : 'circle-arrow-down'} />
      <span className="visually-hidden">{up ? 'up' : 'down'} </span>
      {rounded}%
    </span>
  );
}

export interface Kpi {
  label: string;
  value: number;
  previous: number;
  better?: 'up' | 'down';
  /** How to show the value (default: compact count). */
  format?: (n: number) => string;
}

/** The five figures of a project's traffic (`trafficSummary`), as the traffic screen and the overview show them. */
export function trafficKpis(s: TrafficSummary): Kpi[] {
  return [
    { label: 'Visitors', ...s.visitors },
    { label: 'Views', ...s.views },
    { label: 'Assistant', ...s.assistant },
    { label: 'Searches', ...s.searches },
    { label: 'Feedback', ...s.feedback },
  ];
}

/** A strip of key figures, each with its change (`inline`: inside a card, without the strip's own frame). */
export function Kpis({ items, label, inline = false }: { items: Kpi[]; label: string; inline?: boolean }) {
  return (
    <section className={inline ? 'kpis kpis-inline' : 'kpis'} aria-label={label}>
      {items.map((k) => (
        <div className="kpi" key={k.label}>
          <div className="kpi-value">{(k.format ?? compact)(k.value)}</div>
          <div className="kpi-label">
            {k.label} <Delta value={k.value} previous={k.previous} better={k.better} />
          </div>
        </div>
      ))}
    </section>
  );
}

export interface LegendEntry {
  tone: string;
  name: string;
  value: number;
}

/** Series names with their totals, in the colours of their lines, each with its share of all of them. */
export function Legend({ items }: { items: LegendEntry[] }) {
  const total = items.reduce((n, l) => n + l.value, 0);
  return (
    <div className="legend">
      {items.map((l) => (
        <div key={l.name} className={`legend-item ${l.tone}`}>
          <span className="legend-value">{compact(l.value)}</span>
          <span className="legend-name">{l.name}</span>
          <span className="share">{percent(l.value, total)}</span>
        </div>
      ))}
    </div>
  );
}

/** A whole split in parts (humans and agents, thumbs up and down): the legend with each part's share, then the parts as one bar. */
export function SplitCard({ id, title, parts, label, children }: { id: string; title: string; parts: LegendEntry[]; label: string; children?: ReactNode }) {
  return (
    <section className="panel m-0" aria-labelledby={`${id}-title`}>
      <div className="chart-card-head">
        <h2 id={`${id}-title`}>{title}</h2>
        <Legend items={parts} />
      </div>
      <RatioBar className="ratio spaced" label={label} parts={parts} />
      {children}
    </section>
  );
}

export interface ChartSeries {
  name: string;
  tone: string;
  values: number[];
}

const dayTitle = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * A line chart card: title and legend (each series' total and share), the frame the uPlot island draws into, what an empty or
 * one-day range means in words, and the figures as a table (the chart's text alternative).
 */
export function ChartCard({ base, id, title, days, series, emptyText }: { base: string; id: string; title: string; days: string[]; series: ChartSeries[]; emptyText: string }) {
  const totals = series.map((s) => ({ tone: s.tone, name: s.name, value: s.values.reduce((a, b) => a + b, 0) }));
  const total = totals.reduce((n, s) => n + s.value, 0);
  const daysWithData = days.filter((_d, i) => series.some((s) => (s.values[i] ?? 0) > 0));
  const firstDay = daysWithData[0];
  const note = total === 0 ? emptyText : daysWithData.length === 1 && firstDay ? `All of it on one day so far: ${dayTitle.format(new Date(`${firstDay}T00:00:00Z`))}.` : null;
  return (
    <section className="panel chart-card" aria-labelledby={`${id}-title`}>
      <div className="chart-card-head">
        <h2 id={`${id}-title`}>{title}</h2>
        <Legend items={totals} />
      </div>
      <div
        className="chart"
        data-chart={total > 0 ? assetUrl(base, 'chart') : undefined}
        data-values={total > 0 ? JSON.stringify({ days, series }) : undefined}
        role="img"
        aria-label={`${title}: ${totals.map((s) => `${whole(s.value)} ${s.name.toLowerCase()}`).join(', ')}, ${days.length} days; the table below lists each day.`}
      >
        <div className="chart-frame" />
        {note ? <p className={total === 0 ? 'chart-note' : 'chart-note chart-note-corner'}>{note}</p> : null}
      </div>
      <details className="chart-data">
        <summary>{`${title} as a table`}</summary>
        <div className="table-wrap spaced">
          <table>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {series.map((s) => (
                  <th key={s.name} scope="col" className="num">
                    {s.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((d, i) => (
                <tr key={d}>
                  <td>{d}</td>
                  {series.map((s) => (
                    <td key={s.name} className="num">
                      {whole(s.values[i] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

export interface RankItem {
  label: string;
  count: number;
  href?: string;
  /** Small links or tags after the label (the editor link, a Human/Agent tag). */
  extra?: ReactNode;
  title?: string;
}

/** A numbered list of labels with their counts, most first. */
export function RankList({ items, empty, label }: { items: RankItem[]; empty: ReactNode; label: string }) {
  if (items.length === 0) return <div className="empty">{empty}</div>;
  return (
    <ol className="ranks" aria-label={label}>
      {items.map((item, i) => (
        <li key={`${item.label}-${i}`}>
          <span className="n">{i + 1}</span>
          {item.href ? (
            <a className="label" href={item.href} title={item.title ?? item.label}>
              {item.label}
            </a>
          ) : (
            <span className="label" title={item.title ?? item.label}>
              {item.label}
            </span>
          )}
          <span className="count">
            {item.extra}
            <span>{whole(item.count)}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Parts of a whole as one bar (SVG: no inline style, so the page's CSP holds), each part in its tone. */
export function RatioBar({ parts, label, className = 'ratio' }: { parts: { tone: string; value: number }[]; label: string; className?: string }) {
  const total = parts.reduce((n, p) => n + p.value, 0);
  const gap = 1.2;
  let x = 0;
  const shown = parts.filter((p) => p.value > 0);
  return (
    <svg className={className} role="img" aria-label={label} preserveAspectRatio="none" viewBox="0 0 100 10">
      {total === 0 ? <rect className="track" x="0" y="0" width="100" height="10" rx="2" /> : null}
      {shown.map((p, i) => {
        const width = Math.max(0.5, (p.value / total) * 100 - (i < shown.length - 1 ? gap : 0));
        const rect = <rect key={p.tone} className={p.tone} x={x} y="0" width={width} height="10" rx="1.5" />;
        x += width + gap;
        return rect;
      })}
    </svg>
  );
}

/** Tabs as links (each a page of its own), the current one raised. */
export function SegTabs({ items, label }: { items: { id: string; label: string; href: string; current: boolean; count?: number }[]; label: string }) {
  return (
    <nav className="seg" aria-label={label}>
      {items.map((t) => (
        <a key={t.id} href={t.href} aria-current={t.current ? 'page' : undefined}>
          {t.label}
          {t.count !== undefined ? <span className="count">{whole(t.count)}</span> : null}
        </a>
      ))}
    </nav>
  );
}

/**
 * A page path on the published site and, when `editor` (the project's editor page) is given, the
 * same page in the editor; a file with an extension (an llms file) is not a page to edit.
 */
export function PageLinks({ path, siteUrl, editor }: { path: string; siteUrl: string; editor?: string }) {
  const editable = editor && !/\.[a-z0-9]+$/i.test(path);
  return (
    <span className="extra">
      <a className="icon-btn" href={onSite(siteUrl, path)} aria-label={`Open ${path} on the site`} title="Open on the site">
        <Icon name="external-link" />
      </a>
      {editable ? (
        <a className="icon-btn" href={`${editor}?page=${encodeURIComponent(path)}`} aria-label={`Edit ${path}`} title="Edit in the editor">
          <Icon name="pencil" />
        </a>
      ) : null}
    </span>
  );
}
