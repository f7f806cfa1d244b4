import type { ProjectRow } from '../../db/index.js';
import type { Behind, TranslationReport, TranslationState, TranslationStatus } from '../../site/index.js';
import { Layout, type Viewer } from './layout.js';

export const TRANSLATION_STATES: readonly TranslationState[] = ['current', 'stale', 'missing'];

/** What the page shows: a report, or why there is none. */
export type TranslationsView =
  /** `describeBehind`: the site layer's words for how far a stale translation is behind, handed over with the report (the view loads no site layer). */
  | { kind: 'report'; report: TranslationReport; shallow: boolean; describeBehind: (behind: Behind | undefined) => string }
  | { kind: 'none'; reason: string };

/** The address of the page with a filter set (`null` drops it). */
function filterUrl(at: string, filters: { lang: string | null; state: TranslationState | null }): string {
  const query = new URLSearchParams();
  if (filters.lang) query.set('lang', filters.lang);
  if (filters.state) query.set('state', filters.state);
  const q = query.toString();
  return q ? `${at}?${q}` : at;
}

function Cell({ entry, describeBehind }: { entry: TranslationStatus | undefined; describeBehind: (behind: Behind | undefined) => string }) {
  if (!entry) return <td />;
  const detail = entry.state === 'stale' ? describeBehind(entry.behind) : entry.state === 'missing' ? 'no translation in this language' : entry.basis === 'record' ? 'recorded against the current source' : 'up to date';
  return (
    <td data-cell={`${entry.language}:${entry.source.path}`} data-state={entry.state}>
      <span className={`badge ${entry.state}`} title={entry.translation ? `${entry.translation.file}: ${detail}` : detail}>
        {entry.state}
      </span>
      {entry.state === 'stale' ? <span className="cell-note">{describeBehind(entry.behind)}</span> : null}
    </td>
  );
}

/** Pages × languages of a project with `navigation.languages`: each translation current, stale or missing; filter by language and state. */
export function TranslationsPage(props: { base: string; viewer: Viewer; project: ProjectRow; view: TranslationsView; lang: string | null; state: TranslationState | null }) {
  const { base, viewer, project, view, lang, state } = props;
  const at = `${base}/projects/${project.id}/translations`;
  return (
    <Layout title={`Translations · ${project.name}`} base={base} viewer={viewer} project={project} tab="translations">
      <h1>Translations</h1>
      <p className="sub">Which translated pages keep up with their source page. A translation is stale when its source changed after it (by its <code>translatedFrom</code> record, else by git history).</p>
      {view.kind === 'none' ? (
        <section className="panel" aria-labelledby="no-report">
          <h2 id="no-report">Nothing to show yet</h2>
          <p>{view.reason}</p>
        </section>
      ) : (
        <Matrix at={at} report={view.report} shallow={view.shallow} describeBehind={view.describeBehind} lang={lang} state={state} />
      )}
    </Layout>
  );
}

function Matrix({ at, report, shallow, describeBehind, lang, state }: { at: string; report: TranslationReport; shallow: boolean; describeBehind: (behind: Behind | undefined) => string; lang: string | null; state: TranslationState | null }) {
  const languages = report.languages.filter((l) => !lang || l.code === lang);
  const cells = new Map<string, TranslationStatus>();
  for (const e of report.entries) cells.set(`${e.language}\0${e.source.path}`, e);
  const sources = [...new Map(report.entries.map((e) => [e.source.path, e.source])).values()];
  const rows = sources.filter((s) => !state || languages.some((l) => cells.get(`${l.code}\0${s.path}`)?.state === state));
  const totals = { current: 0, stale: 0, missing: 0 };
  for (const l of languages) for (const k of TRANSLATION_STATES) totals[k] += l.counts[k];
  return (
    <>
      <section className="cards translation-counts" aria-label="Counts">
        {TRANSLATION_STATES.map((k) => (
          <div className="panel" key={k} data-count={k}>
            <p className="figure-label">
              <span className={`badge ${k}`}>{k}</span>
            </p>
            <p className="figure">{totals[k]}</p>
          </div>
        ))}
      </section>
      {shallow ? <p className="sub">This checkout has only its latest commit (the site update fetches one), so git history cannot date translations here: only pages with a <code>translatedFrom</code> record can show as stale. Run <code>folio check --translations</code> on a full clone for the rest.</p> : null}
      <nav className="filters" aria-label="Language">
        <a href={filterUrl(at, { lang: null, state })} aria-current={lang ? undefined : 'true'}>
          All languages
        </a>
        {report.languages.map((l) => (
          <a key={l.code} href={filterUrl(at, { lang: l.code, state })} aria-current={lang === l.code ? 'true' : undefined}>
            {l.code} ({l.counts.stale} stale)
          </a>
        ))}
      </nav>
      <nav className="filters" aria-label="State">
        <a href={filterUrl(at, { lang, state: null })} aria-current={state ? undefined : 'true'}>
          Every state
        </a>
        {TRANSLATION_STATES.map((k) => (
          <a key={k} href={filterUrl(at, { lang, state: k })} aria-current={state === k ? 'true' : undefined}>
            {k}
          </a>
        ))}
      </nav>
      <section className="panel matrix-panel" aria-labelledby="matrix">
        <h2 id="matrix">
          {rows.length} of {sources.length} pages in {report.defaultLanguage}
        </h2>
        <div className="matrix-scroll" tabIndex={0} role="region" aria-label="Translations by page and language">
          <table className="translation-matrix">
            <thead>
              <tr>
                <th scope="col">Page</th>
                {languages.map((l) => (
                  <th scope="col" key={l.code}>
                    {l.code}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => (
                <tr key={s.path} data-page={s.path}>
                  <th scope="row">
                    <span className="page-title">{s.title}</span>
                    <code>{s.file}</code>
                  </th>
                  {languages.map((l) => (
                    <Cell key={l.code} entry={cells.get(`${l.code}\0${s.path}`)} describeBehind={describeBehind} />
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
