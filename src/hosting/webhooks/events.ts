import type { WebhookProvider } from '../../db/index.js';

/** What a delivery asks for, decided from its event and payload and the project's production branch. */
export type WebhookAction =
  | { kind: 'update'; branch: string; sha: string | null }
  | { kind: 'preview'; branch: string; sha: string | null }
  | { kind: 'delete-preview'; branch: string }
  | { kind: 'ignore'; reason: string };

/** Where to report a commit status on GitHub (the repository the delivery came from). */
export interface GithubTarget {
  owner: string;
  repo: string;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const ZERO_SHA = /^0+$/;

/** `refs/heads/<branch>` → branch; null for tags and anything else. */
function branchOfRef(ref: unknown): string | null {
  const text = str(ref);
  return text?.startsWith('refs/heads/') ? text.slice('refs/heads/'.length) || null : null;
}

/** A push: production branch → update, another branch → preview, a deleted branch → its preview goes. */
function pushAction(ref: unknown, after: unknown, deleted: boolean, production: string): WebhookAction {
  const branch = branchOfRef(ref);
  if (!branch) return { kind: 'ignore', reason: `push to ${str(ref) ?? 'no ref'} is not a branch` };
  const sha = str(after);
  if (deleted || (sha && ZERO_SHA.test(sha))) {
    return branch === production ? { kind: 'ignore', reason: `the production branch ${branch} was deleted; the site stays` } : { kind: 'delete-preview', branch };
  }
  return branch === production ? { kind: 'update', branch, sha } : { kind: 'preview', branch, sha };
}

/** A pull or merge request into the production branch: opened or pushed to → preview; closed → preview deleted. */
function reviewAction(state: 'build' | 'close' | 'other', action: string, head: string | null, base: string | null, fork: boolean, sha: string | null, production: string): WebhookAction {
  if (!head || !base) return { kind: 'ignore', reason: 'the payload names no source or target branch' };
  if (base !== production) return { kind: 'ignore', reason: `targets ${base}, not the production branch ${production}` };
  if (fork) return { kind: 'ignore', reason: 'opened from a fork: previews build branches of the project repository only' };
  if (state === 'close') return { kind: 'delete-preview', branch: head };
  if (state === 'build') return { kind: 'preview', branch: head, sha };
  return { kind: 'ignore', reason: `action ${action} does not change the preview` };
}

/** The action of a GitHub delivery (`X-GitHub-Event`). */
export function githubAction(event: string, payload: Json, production: string): WebhookAction {
  if (event === 'ping') return { kind: 'ignore', reason: 'ping: the webhook reaches Folio' };
  if (event === 'push') return pushAction(payload.ref, payload.after, payload.deleted === true, production);
  if (event === 'pull_request') {
    const pr = obj(payload.pull_request);
    const head = obj(pr.head);
    const base = obj(pr.base);
    const action = str(payload.action) ?? '';
    const state = ['opened', 'reopened', 'synchronize'].includes(action) ? 'build' : action === 'closed' ? 'close' : 'other';
    const fork = str(obj(head.repo).full_name) !== str(obj(base.repo).full_name);
    return reviewAction(state, action, str(head.ref), str(base.ref), fork, str(head.sha), production);
  }
  return { kind: 'ignore', reason: `event ${event || '(none)'} is not push or pull_request` };
}

/** The action of a GitLab delivery (`X-Gitlab-Event`). */
export function gitlabAction(event: string, payload: Json, production: string): WebhookAction {
  if (event === 'Push Hook') return pushAction(payload.ref, payload.after, false, production);
  if (event === 'Merge Request Hook') {
    const mr = obj(payload.object_attributes);
    const action = str(mr.action) ?? '';
    const state = ['open', 'reopen', 'update'].includes(action) ? 'build' : ['close', 'merge'].includes(action) ? 'close' : 'other';
    const fork = mr.source_project_id !== mr.target_project_id;
    return reviewAction(state, action, str(mr.source_branch), str(mr.target_branch), fork, str(obj(mr.last_commit).id), production);
  }
  return { kind: 'ignore', reason: `event ${event || '(none)'} is not Push Hook or Merge Request Hook` };
}

/** The action of a generic delivery: `{"branch": "...", "deleted"?: true}`. */
export function genericAction(payload: Json, production: string): WebhookAction {
  const branch = str(payload.branch);
  if (!branch) return { kind: 'ignore', reason: 'the body names no "branch"' };
  return pushAction(`refs/heads/${branch}`, str(payload.sha), payload.deleted === true, production);
}

/** The action of any provider's delivery. */
export function webhookAction(provider: WebhookProvider, event: string, payload: Json, production: string): WebhookAction {
  if (provider === 'github') return githubAction(event, payload, production);
  if (provider === 'gitlab') return gitlabAction(event, payload, production);
  return genericAction(payload, production);
}

/** The GitHub repository a delivery came from (`repository.full_name`), for commit statuses. */
export function githubTargetOf(payload: Json): GithubTarget | null {
  const [owner, repo] = (str(obj(payload.repository).full_name) ?? '').split('/');
  return owner && repo ? { owner, repo } : null;
}

/** The branch a push delivery moved forward (not deleted), for push automations; null for anything else. */
export function pushedBranch(provider: WebhookProvider, event: string, payload: Json): string | null {
  let branch: string | null;
  let after: string | null;
  if (provider === 'github') {
    if (event !== 'push' || payload.deleted === true) return null;
    branch = branchOfRef(payload.ref);
    after = str(payload.after);
  } else if (provider === 'gitlab') {
    if (event !== 'Push Hook') return null;
    branch = branchOfRef(payload.ref);
    after = str(payload.after);
  } else {
    if (payload.deleted === true) return null;
    branch = str(payload.branch);
    after = str(payload.sha);
  }
  return branch && !(after && ZERO_SHA.test(after)) ? branch : null;
}
