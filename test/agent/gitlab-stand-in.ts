import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A merge request as the stand-in stores it. */
export interface StandInMergeRequest {
  id: number;
  iid: number;
  project: string;
  title: string;
  description: string;
  source_branch: string;
  target_branch: string;
  state: 'opened' | 'closed' | 'merged';
  /** The target branch moved since the source branch was made (`moveTarget`): a fast-forward merge needs a rebase. */
  behind: boolean;
  /** The source branch's head after GitLab rebased it (the stand-in's own commit id), else null. */
  rebasedSha: string | null;
  /** A rebase GitLab is running: the next read still says so. */
  rebasing: boolean;
  mergeError: string | null;
}

export interface GitlabStandInOptions {
  /** The project's merge method: `merge` (a merge commit, the default) or `ff` (fast-forward only: a branch behind its target answers 406). */
  mergeMethod?: 'merge' | 'ff';
  /** The head commit of a branch, read from the real repository, so a merge's `sha` is checked as GitLab checks it (409 on a mismatch). */
  headOf?: (project: string, branch: string) => string;
  /** A rebase fails with conflicts. */
  rebaseConflicts?: boolean;
  /** The target branch of each new merge request moves right after it is opened (someone else merged first). */
  targetMoves?: boolean;
}

/**
 * A local HTTP server speaking the GitLab REST API v4 endpoints Folio uses, as GitLab answers them:
 * `PRIVATE-TOKEN` authentication (401 `{"message":"401 Unauthorized"}`), projects named by their
 * URL-encoded path (404 `{"message":"404 Project Not Found"}` for others), list merge requests
 * (filtered by state, source and target branch), create (201, or 409 with GitLab's message when one is
 * open for the source branch already), update, and merge (200 with state `merged`, 405 when not open).
 */
export async function startGitlabStandIn(
  token: string,
  projects: string[],
  options: GitlabStandInOptions = {},
): Promise<{ apiUrl: string; mergeRequests: StandInMergeRequest[]; requests: string[]; bodies: { request: string; body: Record<string, string> }[]; moveTarget(project: string, branch: string): void; close(): Promise<void> }> {
  const bodies: { request: string; body: Record<string, string> }[] = [];
  const mergeRequests: StandInMergeRequest[] = [];
  const requests: string[] = [];
  let nextId = 100;
  const read = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    return text ? (JSON.parse(text) as Record<string, string>) : {};
  };
  const server: Server = createServer(async (req, res) => {
    // The raw path: a project id is its path with "/" encoded as %2F, and must stay one segment.
    const raw = (req.url ?? '/').split('?')[0]!;
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(`${req.method} ${raw}`);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers['private-token'] !== token) return send(401, { message: '401 Unauthorized' });
    const m = /^\/api\/v4\/projects\/([^/]+)\/merge_requests(?:\/(\d+)(\/merge|\/rebase)?)?$/.exec(raw);
    if (!m) return send(404, { error: '404 Not Found' });
    const project = decodeURIComponent(m[1]!);
    if (!projects.includes(project)) return send(404, { message: '404 Project Not Found' });
    const iid = m[2] ? Number(m[2]) : null;
    const view = (mr: StandInMergeRequest) => ({
      id: mr.id,
      iid: mr.iid,
      project_id: projects.indexOf(project) + 1,
      title: mr.title,
      description: mr.description,
      state: mr.state,
      source_branch: mr.source_branch,
      target_branch: mr.target_branch,
      web_url: `https://gitlab.test/${mr.project}/-/merge_requests/${mr.iid}`,
      merge_commit_sha: mr.state === 'merged' ? 'f'.repeat(40) : null,
      sha: headSha(mr),
      rebase_in_progress: mr.rebasing,
      merge_error: mr.mergeError,
    });
    const headSha = (mr: StandInMergeRequest) => mr.rebasedSha ?? options.headOf?.(mr.project, mr.source_branch) ?? null;
    const ofProject = mergeRequests.filter((mr) => mr.project === project);
    if (req.method === 'GET' && iid === null) {
      const state = url.searchParams.get('state') ?? 'all';
      const source = url.searchParams.get('source_branch');
      const target = url.searchParams.get('target_branch');
      return send(
        200,
        ofProject.filter((mr) => (state === 'all' || mr.state === state) && (!source || mr.source_branch === source) && (!target || mr.target_branch === target)).map(view),
      );
    }
    const body = await read(req);
    if (req.method !== 'GET') bodies.push({ request: `${req.method} ${raw}`, body });
    if (req.method === 'POST' && iid === null) {
      if (!body.source_branch || !body.target_branch || !body.title) return send(400, { error: 'source_branch, target_branch, title are missing' });
      const open = ofProject.find((mr) => mr.source_branch === body.source_branch && mr.state === 'opened');
      if (open) return send(409, { message: [`Another open merge request already exists for this source branch: !${open.iid}`] });
      const mr: StandInMergeRequest = {
        id: nextId++,
        iid: ofProject.length + 1,
        project,
        title: body.title,
        description: body.description ?? '',
        source_branch: body.source_branch,
        target_branch: body.target_branch,
        state: 'opened',
        behind: options.targetMoves === true,
        rebasedSha: null,
        rebasing: false,
        mergeError: null,
      };
      mergeRequests.push(mr);
      return send(201, view(mr));
    }
    const mr = ofProject.find((x) => x.iid === iid);
    if (!mr) return send(404, { message: '404 Not found' });
    if (req.method === 'GET') {
      const shown = view(mr);
      // A rebase runs in the background: the first read after it started still says so.
      if (mr.rebasing) mr.rebasing = false;
      return send(200, shown);
    }
    if (req.method === 'PUT' && m[3] === '/rebase') {
      if (mr.state !== 'opened') return send(403, { message: '403 Forbidden' });
      mr.rebasing = true;
      if (options.rebaseConflicts) mr.mergeError = 'Rebase failed: Rebase locally, resolve all conflicts, then push the branch.';
      else {
        mr.behind = false;
        mr.rebasedSha = 'e'.repeat(40);
      }
      return send(202, { rebase_in_progress: true });
    }
    if (req.method === 'PUT' && m[3]) {
      if (mr.state !== 'opened') return send(405, { message: '405 Method Not Allowed' });
      const head = headSha(mr);
      if (body.sha && head && body.sha !== head) return send(409, { message: `SHA does not match HEAD of source branch: ${head}` });
      if (options.mergeMethod === 'ff' && mr.behind) return send(406, { message: 'Branch cannot be merged' });
      mr.state = 'merged';
      return send(200, view(mr));
    }
    if (req.method === 'PUT') {
      Object.assign(mr, { title: body.title ?? mr.title, description: body.description ?? mr.description });
      return send(200, view(mr));
    }
    return send(405, { message: '405 Method Not Allowed' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}/api/v4`,
    mergeRequests,
    requests,
    bodies,
    moveTarget(project, branch) {
      for (const mr of mergeRequests) if (mr.project === project && mr.target_branch === branch && mr.state === 'opened') mr.behind = true;
    },
    close: () =>
      new Promise((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
