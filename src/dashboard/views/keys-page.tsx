import type { ApiKeyRow, AssistantKeyRow, ProjectRow } from '../../db/index.js';
import { formatDate } from './format.js';
import { Csrf, Layout, type Notice, type Viewer } from './layout.js';
import { CopyValue } from './project-pages.js';

/** Expiry choices offered by the form (days; 0 means never). */
export const EXPIRY_CHOICES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: '0', label: 'Never' },
] as const;

function keyState(key: ApiKeyRow, now: number): 'usable' | 'revoked' | 'expired' {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && key.expiresAt.getTime() <= now) return 'expired';
  return 'usable';
}

/** API keys: the project id to copy, the new key shown once, the key list with revoke buttons, the create form. */
export function KeysPage(props: {
  base: string;
  viewer: Viewer;
  project: ProjectRow;
  keys: ApiKeyRow[];
  /** Public assistant keys (search and ask from browsers). */
  assistantKeys?: AssistantKeyRow[];
  apiBase: string;
  newKey?: { key: string; name: string; assistant?: boolean } | null;
  notice?: Notice | null;
}) {
  const { base, viewer, project, keys, newKey, apiBase, notice, assistantKeys = [] } = props;
  const now = Date.now();
  return (
    <Layout title={`API keys · ${project.name}`} base={base} viewer={viewer} project={project} tab="keys" notice={notice}>
      <h1>API keys</h1>
      <p className="sub">Admin keys call the API for this project. Keep them on servers, never in browsers.</p>
      <section className="panel" aria-labelledby="pid">
        <h2 id="pid">Project id</h2>
        <CopyValue id="project-id" value={project.id} label="project id" />
      </section>
      {newKey ? (
        <section className="panel" aria-labelledby="new-key" role="status">
          <h2 id="new-key">Key “{newKey.name}” created</h2>
          <div className="notice warn">Copy this key now. It is shown only once and cannot be recovered.</div>
          <CopyValue id="new-key-value" value={newKey.key} label="the new key" secret />
          <p className="hint">Try it:</p>
          <pre className="log" id="curl-example">
            {newKey.assistant
              ? `curl -H "Authorization: Bearer ${newKey.key}" -H "Content-Type: application/json" \\\n  -d '{"query":"getting started"}' ${apiBase}/v1/search/${project.id}`
              : `curl -H "Authorization: Bearer ${newKey.key}" \\\n  ${apiBase}/v2/agent/${project.id}/jobs`}
          </pre>
        </section>
      ) : null}
      <section className="panel" aria-labelledby="keys">
        <h2 id="keys">Keys</h2>
        {keys.length === 0 ? (
          <p className="empty">No keys yet.</p>
        ) : (
          <table className="responsive" id="keys-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Expires</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((k) => {
                const state = keyState(k, now);
                return (
                  <tr key={k.id} data-key-id={k.id}>
                    <td data-label="Name">{k.name || <span className="hint">unnamed</span>}</td>
                    <td data-label="Key" className="mono">
                      {`folio_…${k.last4}`}
                    </td>
                    <td data-label="Created">{formatDate(k.createdAt)}</td>
                    <td data-label="Last used">{k.lastUsedAt ? formatDate(k.lastUsedAt) : 'never'}</td>
                    <td data-label="Expires">{k.expiresAt ? formatDate(k.expiresAt) : 'never'}</td>
                    <td data-label="Status">
                      <span className={`badge ${state}`}>{state === 'usable' ? 'active' : state}</span>
                    </td>
                    <td data-label="">
                      {state === 'revoked' ? null : (
                        <RevokeForm action={`${base}/projects/${project.id}/keys/${k.id}/revoke`} csrf={viewer.csrfToken} kind="key" name={k.name || k.last4} consequence="Clients using it stop working at once." />
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>
      <AssistantKeys base={base} viewer={viewer} project={project} keys={assistantKeys} />
      <section className="panel" aria-labelledby="create-key">
        <h2 id="create-key">Create a key</h2>
        <form className="stack" method="post" action={`${base}/projects/${project.id}/keys`}>
          <Csrf token={viewer.csrfToken} />
          <div className="row">
            <div className="field">
              <label htmlFor="key-name">Name</label>
              <input id="key-name" name="name" required maxLength={100} placeholder="CI updates" />
            </div>
            <div className="field">
              <label htmlFor="key-expiry">Expires after</label>
              <select id="key-expiry" name="expiresInDays" defaultValue="90">
                {EXPIRY_CHOICES.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div>
            <button className="btn" type="submit">
              Create key
            </button>
          </div>
        </form>
      </section>
    </Layout>
  );
}

/** A key's revoke button: a confirmed POST form (works without JavaScript), named for screen readers. */
function RevokeForm({ action, csrf, kind, name, consequence }: { action: string; csrf: string; kind: string; name: string; consequence: string }) {
  return (
    <form method="post" action={action} data-confirm={`Revoke ${kind} “${name}”? ${consequence}`}>
      <Csrf token={csrf} />
      <button className="btn small danger" type="submit" aria-label={`Revoke ${kind} ${name}`}>
        Revoke
      </button>
    </form>
  );
}

/** Assistant keys: public keys for web pages (search and ask only), their origins, revoke buttons and the create form. */
function AssistantKeys({ base, viewer, project, keys }: { base: string; viewer: Viewer; project: ProjectRow; keys: AssistantKeyRow[] }) {
  return (
    <section className="panel" aria-labelledby="assistant-keys">
      <h2 id="assistant-keys">Assistant keys</h2>
      <p className="hint">Public keys for web pages: they can only search this project's site and ask its assistant, within rate limits, from the origins listed.</p>
      {keys.length === 0 ? (
        <p className="empty">No assistant keys yet.</p>
      ) : (
        <table className="responsive" id="assistant-keys-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Key</th>
              <th scope="col">Origins</th>
              <th scope="col">Last used</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((k) => (
              <tr key={k.id} data-assistant-key-id={k.id}>
                <td data-label="Name">{k.name || <span className="hint">unnamed</span>}</td>
                <td data-label="Key" className="mono">{`folio_pub_…${k.last4}`}</td>
                <td data-label="Origins">{k.allowedOrigins.length ? k.allowedOrigins.join(', ') : 'any'}</td>
                <td data-label="Last used">{k.lastUsedAt ? formatDate(k.lastUsedAt) : 'never'}</td>
                <td data-label="Status">
                  <span className={`badge ${k.revokedAt ? 'revoked' : 'usable'}`}>{k.revokedAt ? 'revoked' : 'active'}</span>
                </td>
                <td data-label="">
                  {k.revokedAt ? null : (
                    <RevokeForm action={`${base}/projects/${project.id}/assistant-keys/${k.id}/revoke`} csrf={viewer.csrfToken} kind="assistant key" name={k.name || k.last4} consequence="Pages using it stop searching at once." />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className="stack" method="post" action={`${base}/projects/${project.id}/assistant-keys`}>
        <Csrf token={viewer.csrfToken} />
        <div className="row">
          <div className="field">
            <label htmlFor="assistant-key-name">Assistant key name</label>
            <input id="assistant-key-name" name="name" required maxLength={100} placeholder="Docs widget" />
          </div>
          <div className="field">
            <label htmlFor="assistant-key-origins">Allowed origins (one per line; empty: any)</label>
            <textarea id="assistant-key-origins" name="origins" rows={2} maxLength={4000} placeholder="https://docs.example.com" />
          </div>
        </div>
        <div>
          <button className="btn" type="submit">
            Create assistant key
          </button>
        </div>
      </form>
    </section>
  );
}
