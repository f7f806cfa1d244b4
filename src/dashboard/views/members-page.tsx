import { Fragment } from 'react';
import type { ProjectRow } from '../../db/index.js';
import type { Member, Role } from '../data/members.js';
import { MIN_PASSWORD_LENGTH } from '../data/users.js';
import { formatDate } from './format.js';
import { Csrf, Layout, type Notice, type Viewer } from './layout.js';
import { CopyValue } from './project-pages.js';

/** What each role may do, as the members page explains it (the rules themselves are in access.ts). */
export const ROLE_SUMMARIES: Record<Role, string> = {
  owner: 'Everything: members, API keys, project settings, automations, and editing every project.',
  editor: 'Edits and publishes with the web editor, starts agent jobs and site updates, on the projects ticked for them.',
  viewer: 'Reads the dashboard (jobs, updates, analytics) and changes nothing.',
};

export interface MembersPageProps {
  base: string;
  viewer: Viewer;
  /** The signed-in owner's id (marked "you"). */
  selfId: string;
  members: Member[];
  projects: ProjectRow[];
  notice?: Notice | null;
  /** A link just made (an invitation, or a new password's): shown in this response only. */
  invite?: { email: string; url: string; reset: boolean } | null;
  /** The add form's values after a refusal. */
  values?: { email: string; role: string; projectIds: string[] };
}

/** Role choice and project boxes; the boxes matter for editors only, so they start folded for the other roles. */
function AccessFields({ idPrefix, role, projectIds, projects }: { idPrefix: string; role: string; projectIds: string[]; projects: ProjectRow[] }) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-role`}>Role</label>
        <select id={`${idPrefix}-role`} name="role" defaultValue={role}>
          <option value="owner">Owner</option>
          <option value="editor">Editor</option>
          <option value="viewer">Viewer</option>
        </select>
      </div>
      {projects.length === 0 ? null : (
        <details className="rights" open={role === 'editor'}>
          <summary>
            Edit rights <span className="hint">for editors: {projectIds.length === 1 ? '1 project' : `${projectIds.length} projects`}</span>
          </summary>
          <fieldset className="checks">
            <legend className="visually-hidden">Projects an editor may edit and publish</legend>
            {projects.map((p) => (
              <label key={p.id}>
                <input type="checkbox" name={`project:${p.id}`} value="on" defaultChecked={projectIds.includes(p.id)} />
                {p.name}
              </label>
            ))}
          </fieldset>
        </details>
      )}
    </>
  );
}

/** Team members: who can sign in, their role and edit rights, invitation links, removal. Owners only. */
export function MembersPage({ base, viewer, selfId, members, projects, notice, invite, values }: MembersPageProps) {
  const names = new Map(projects.map((p) => [p.id, p.name]));
  // The last owner cannot go (the server refuses too): no button to press for nothing.
  const soleOwner = members.filter((m) => m.role === 'owner').length === 1;
  return (
    <Layout title="Members" base={base} viewer={viewer} notice={notice}>
      <h1>Members</h1>
      <p className="sub">People who can sign in to this dashboard. Changes apply to their next request.</p>
      {invite ? (
        <section className="panel" aria-labelledby="invite-link" role="status">
          <h2 id="invite-link">{invite.reset ? `Password link for ${invite.email}` : `Invitation for ${invite.email}`}</h2>
          <div className="notice warn">Send this link to {invite.email} yourself. It works once, for 7 days, and is shown only now.</div>
          <CopyValue id="invite-url" value={invite.url} label="the invitation link" secret />
        </section>
      ) : null}
      <section className="panel" aria-labelledby="members">
        <h2 id="members">Team</h2>
        <table className="responsive members" id="members-table">
          <thead>
            <tr>
              <th scope="col">Member</th>
              <th scope="col">Role and edit rights</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.id} data-member={m.email}>
                <td data-label="Member">
                  <div>
                    <strong>{m.email}</strong>
                    {m.id === selfId ? <span className="hint"> (you)</span> : null}
                    <div className="hint">
                      {m.pending ? <span className="badge">invited</span> : `since ${formatDate(m.createdAt)}`}
                    </div>
                    <div className="hint">
                      {m.role === 'editor'
                        ? m.projectIds.length > 0
                          ? `Edits ${m.projectIds.map((id) => names.get(id) ?? id).join(', ')}`
                          : 'Edits no project yet'
                        : m.role === 'owner'
                          ? 'Edits every project'
                          : 'Reads only'}
                    </div>
                  </div>
                </td>
                <td data-label="Access">
                  <form className="stack" method="post" action={`${base}/members/${m.id}`}>
                    <Csrf token={viewer.csrfToken} />
                    <AccessFields idPrefix={`m-${m.id}`} role={m.role} projectIds={m.projectIds} projects={projects} />
                    <div>
                      <button className="btn small" type="submit" aria-label={`Save the access of ${m.email}`}>
                        Save
                      </button>
                    </div>
                  </form>
                </td>
                <td data-label="">
                  <div className="row">
                    {/* A new invitation while pending; afterwards a link to choose a new password (Folio sends no email). */}
                    <form method="post" action={`${base}/members/${m.id}/invite`} data-confirm={m.pending ? undefined : `Make a link for ${m.email} to choose a new password? Using it signs them out everywhere.`}>
                      <Csrf token={viewer.csrfToken} />
                      <button className="btn small secondary" type="submit" aria-label={`${m.pending ? 'New link' : 'Password link'} for ${m.email}`}>
                        {m.pending ? 'New link' : 'Password link'}
                      </button>
                    </form>
                    {soleOwner && m.role === 'owner' ? (
                      <span className="hint">The only owner</span>
                    ) : (
                      <form method="post" action={`${base}/members/${m.id}/remove`} data-confirm={`Remove ${m.email}? They are signed out at once.`}>
                        <Csrf token={viewer.csrfToken} />
                        <button className="btn small danger" type="submit" aria-label={`Remove ${m.email}`}>
                          Remove
                        </button>
                      </form>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="panel" aria-labelledby="add-member">
        <h2 id="add-member">Add a member</h2>
        <p className="hint">You get a one-time link to send them; they choose their own password with it (at least {MIN_PASSWORD_LENGTH} characters).</p>
        <form className="stack" method="post" action={`${base}/members`}>
          <Csrf token={viewer.csrfToken} />
          <div className="field">
            <label htmlFor="new-email">Email</label>
            <input id="new-email" name="email" type="email" required maxLength={254} defaultValue={values?.email ?? ''} />
          </div>
          <AccessFields idPrefix="new" role={values?.role ?? 'editor'} projectIds={values?.projectIds ?? []} projects={projects} />
          <div>
            <button className="btn" type="submit">
              Add member
            </button>
          </div>
        </form>
      </section>
      <section className="panel" aria-labelledby="roles">
        <h2 id="roles">Roles</h2>
        <dl className="facts">
          {(Object.keys(ROLE_SUMMARIES) as Role[]).map((role) => (
            <Fragment key={role}>
              <dt>{role}</dt>
              <dd>{ROLE_SUMMARIES[role]}</dd>
            </Fragment>
          ))}
        </dl>
      </section>
    </Layout>
  );
}

/** The page a link opens: the member chooses their (new) password and is signed in. */
export function InvitePage({ base, csrfToken, email, token, reset, notice }: { base: string; csrfToken: string; email: string; token: string; reset: boolean; notice?: Notice | null }) {
  const title = reset ? 'Choose a new password' : 'Join the dashboard';
  return (
    <Layout title={title} base={base} notice={notice}>
      <div className="panel">
        <h1>{title}</h1>
        <p className="sub">
          Choose a password for <strong>{email}</strong>. This link works once{reset ? '; other sessions of this account are signed out' : ''}.
        </p>
        <form className="stack" method="post" action={`${base}/invite/${encodeURIComponent(token)}`}>
          <Csrf token={csrfToken} />
          <input type="hidden" name="email" value={email} autoComplete="username" />
          <div className="field">
            <label htmlFor="password">
              Password <span className="hint">at least {MIN_PASSWORD_LENGTH} characters</span>
            </label>
            <input id="password" name="password" type="password" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} autoFocus />
          </div>
          <button className="btn" type="submit">
            Set password and sign in
          </button>
        </form>
      </div>
    </Layout>
  );
}
