import type { PdfExportRow, ProjectRow } from '../../db/index.js';
import type { PdfChoices } from '../../pdf/index.js';
import { formatDate } from './format.js';
import { Csrf, Layout, PageHead, type Notice, type Viewer } from './layout.js';

/** What the form offers, from the published checkout's navigation; or why there is nothing to print. */
export type PdfFormView = { kind: 'choices'; choices: PdfChoices } | { kind: 'none'; reason: string };

/** The badge's class and words per status ("done" reads as completed, which the dashboard's poller takes as an end). */
export const EXPORT_STATUS: Record<PdfExportRow['status'], { badge: string; label: string }> = {
  running: { badge: 'in_progress', label: 'running' },
  done: { badge: 'completed', label: 'ready' },
  failed: { badge: 'failed', label: 'failed' },
  expired: { badge: 'expired', label: 'expired' },
};

function scopeText(row: PdfExportRow): string {
  const what = row.scope === 'site' ? 'Whole site' : `${row.scope === 'tab' ? 'Tab' : row.scope === 'group' ? 'Group' : 'Page'} ${row.target ?? ''}`;
  return row.language ? `${what} (${row.language})` : what;
}

const sizeText = (bytes: number | null) => (bytes === null ? '' : bytes >= 2 ** 20 ? `${(bytes / 2 ** 20).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** Export PDF: the form (scope from the live navigation, language where there are several) and the project's recent exports. */
export function PdfExportPage(props: { base: string; viewer: Viewer; project: ProjectRow; form: PdfFormView; exports: PdfExportRow[]; keepHours: number; notice?: Notice | null }) {
  const { base, viewer, project, form, exports, keepHours, notice } = props;
  const at = `${base}/projects/${project.id}/pdf`;
  const running = exports.some((e) => e.status === 'running');
  return (
    <Layout title={`Export PDF · ${project.name}`} base={base} viewer={viewer} project={project} tab="pdf" notice={notice}>
      <PageHead title="Export PDF" sub={`The published site, a tab, a group or a page as one PDF with a title page and contents, printed from the live build. Each export is kept ${keepHours} hours.`} />
      <section className="panel" aria-labelledby="pdf-new">
        <h2 id="pdf-new">New export</h2>
        {form.kind === 'none' ? (
          <p className="empty">{form.reason}</p>
        ) : !viewer.canEdit ? (
          <p className="empty">Exporting needs edit rights on this project; the exports below can be downloaded.</p>
        ) : (
          <form className="stack" method="post" action={at}>
            <Csrf token={viewer.csrfToken} />
            <div className="row">
              <div className="field">
                <label htmlFor="pdf-what">What to print</label>
                <select id="pdf-what" name="what" defaultValue="site:">
                  <option value="site:">Whole site</option>
                  {form.choices.tabs.length ? (
                    <optgroup label="Tabs">
                      {form.choices.tabs.map((t) => (
                        <option key={t} value={`tab:${t}`}>
                          {t}
                        </option>
                      ))}
                    </optgroup>
                  ) : null}
                  {form.choices.groups.length ? (
                    <optgroup label="Groups">
                      {form.choices.groups.map((g) => (
                        <option key={g} value={`group:${g}`}>
                          {g}
                        </option>
                      ))}
                    </optgroup>
                  ) : null}
                  <optgroup label="Pages">
                    {form.choices.pages.map((p) => (
                      <option key={p.href} value={`page:${p.href}`}>
                        {`${p.title} (${p.href})`}
                      </option>
                    ))}
                  </optgroup>
                </select>
              </div>
              {form.choices.languages.length > 1 ? (
                <div className="field">
                  <label htmlFor="pdf-language">Language</label>
                  <select id="pdf-language" name="language" defaultValue="">
                    <option value="">Default ({form.choices.languages[0]})</option>
                    {form.choices.languages.map((l) => (
                      <option key={l} value={l}>
                        {l}
                      </option>
                    ))}
                    <option value="all">All languages</option>
                  </select>
                </div>
              ) : null}
            </div>
            <div>
              <button className="btn" type="submit" disabled={running}>
                Export PDF
              </button>
              {running ? <span className="hint"> An export is running; one at a time per project.</span> : null}
            </div>
          </form>
        )}
      </section>
      <section className="panel" aria-labelledby="pdf-exports">
        <h2 id="pdf-exports">Exports</h2>
        {exports.length === 0 ? (
          <p className="empty">No exports yet.</p>
        ) : (
          <table className="responsive" id="pdf-exports-table">
            <thead>
              <tr>
                <th scope="col">Started</th>
                <th scope="col">Printed</th>
                <th scope="col">Status</th>
                <th scope="col">Detail</th>
                <th scope="col">
                  <span className="visually-hidden">Download</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {exports.map((e) => {
                const status = EXPORT_STATUS[e.status];
                const live = e.status === 'running';
                return (
                  <tr key={e.id} data-export={e.id}>
                    <td data-label="Started">{formatDate(e.createdAt)}</td>
                    <td data-label="Printed">{scopeText(e)}</td>
                    <td data-label="Status">
                      <span
                        className={`badge ${status.badge}`}
                        data-poll={live ? `${at}/${e.id}/status.json` : undefined}
                        data-summary={live ? `pdf-detail-${e.id}` : undefined}
                        data-reload={live ? '' : undefined}
                        aria-live={live ? 'polite' : undefined}
                      >
                        {status.label}
                      </span>
                    </td>
                    <td data-label="Detail" id={`pdf-detail-${e.id}`} data-code={e.errorCode ?? undefined}>
                      {e.status === 'failed' ? `${e.error ?? 'The export failed.'}${e.errorCode ? ` (${e.errorCode})` : ''}` : e.status === 'expired' ? 'Past the time exports are kept; export again.' : e.progress}
                    </td>
                    <td data-label="">
                      {e.status === 'done' ? (
                        <a className="btn small secondary" href={`${at}/${e.id}/download`} download={e.fileName ?? undefined}>
                          Download{e.bytes !== null ? ` (${sizeText(e.bytes)})` : ''}
                        </a>
                      ) : null}
                      {e.status === 'done' && e.expiresAt ? <span className="hint"> until {formatDate(e.expiresAt)}</span> : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>
    </Layout>
  );
}
