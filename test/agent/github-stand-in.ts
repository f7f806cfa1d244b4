import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A pull request as the stand-in stores it. */
export interface StandInPull {
  number: number;
  owner: string;
  repo: string;
  title: string;
  body: string;
  head: string;
  base: string;
  state: 'open' | 'closed';
  /** Set by the merge endpoint. */
  merged?: boolean;
  /** Opened as a draft (`draft: true` on create); cleared by GraphQL's markPullRequestReadyForReview. */
  draft?: boolean;
}

/** A commit status as the stand-in stores it. */
export interface StandInStatus {
  owner: string;
  repo: string;
  sha: string;
  state: string;
  target_url: string | null;
  description: string | null;
  context: string;
}

/**
 * A local HTTP server speaking the GitHub REST endpoints Folio uses:
 * list pulls (filtered by state, `owner:branch` head and base), create, update, merge (`PUT .../merge`: 200, or
 * 405 "Pull Request is not mergeable" when it is not open); create a commit status; and the GraphQL
 * mutation `markPullRequestReadyForReview` (by the pull request's `node_id`).
 */
export async function startGithubStandIn(
  token: string,
): Promise<{ apiUrl: string; pulls: StandInPull[]; statuses: StandInStatus[]; requests: string[]; options: { hideNextList: boolean }; close(): Promise<void> }> {
  const pulls: StandInPull[] = [];
  const statuses: StandInStatus[] = [];
  // hideNextList: the next list answers [] (a pull request created by someone else between list and create).
  const options = { hideNextList: false };
  const requests: string[] = [];
  const read = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    return text ? (JSON.parse(text) as Record<string, string>) : {};
  };
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(`${req.method} ${url.pathname}`);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `token ${token}` && req.headers.authorization !== `Bearer ${token}`) return send(401, { message: 'Bad credentials' });
    const st = /^\/repos\/([^/]+)\/([^/]+)\/statuses\/([0-9a-f]{40})$/.exec(url.pathname);
    if (st && req.method === 'POST') {
      const body = await read(req);
      if (!['error', 'failure', 'pending', 'success'].includes(body.state ?? '')) return send(422, { message: 'Validation Failed', errors: [{ field: 'state' }] });
      const status: StandInStatus = { owner: st[1]!, repo: st[2]!, sha: st[3]!, state: body.state!, target_url: body.target_url ?? null, description: body.description ?? null, context: body.context ?? 'default' };
      statuses.push(status);
      return send(201, { id: statuses.length, url: `${url.origin}${url.pathname}`, ...status });
    }
    if (url.pathname === '/graphql' && req.method === 'POST') {
      const query = (await read(req)) as unknown as { query?: string; variables?: { id?: string } };
      const target = pulls.find((p) => `PR_${p.number}` === query.variables?.id);
      if (!/markPullRequestReadyForReview/.test(query.query ?? '') || !target) return send(200, { data: null, errors: [{ type: 'NOT_FOUND', message: 'Could not resolve to a node' }] });
      target.draft = false;
      return send(200, { data: { markPullRequestReadyForReview: { pullRequest: { isDraft: false } } } });
    }
    const m = /^\/repos\/([^/]+)\/([^/]+)\/pulls(?:\/(\d+)(\/merge)?)?$/.exec(url.pathname);
    if (!m) return send(404, { message: 'Not Found' });
    const [, owner, repo, num, merge] = m as unknown as [string, string, string, string | undefined, string | undefined];
    const view = (p: StandInPull) => ({
      number: p.number,
      node_id: `PR_${p.number}`,
      draft: p.draft === true,
      state: p.state,
      title: p.title,
      body: p.body,
      html_url: `https://github.test/${p.owner}/${p.repo}/pull/${p.number}`,
      head: { ref: p.head, label: `${p.owner}:${p.head}` },
      base: { ref: p.base },
    });
    if (req.method === 'GET' && !num) {
      if (options.hideNextList) {
        options.hideNextList = false;
        return send(200, []);
      }
      const state = url.searchParams.get('state') ?? 'open';
      const head = url.searchParams.get('head');
      const base = url.searchParams.get('base');
      return send(
        200,
        pulls.filter((p) => p.owner === owner && p.repo === repo && (state === 'all' || p.state === state) && (!head || `${p.owner}:${p.head}` === head) && (!base || p.base === base)).map(view),
      );
    }
    const body = await read(req);
    if (req.method === 'POST' && !num) {
      if (pulls.some((p) => p.owner === owner && p.repo === repo && p.head === body.head && p.state === 'open')) {
        return send(422, { message: 'Validation Failed', errors: [{ message: `A pull request already exists for ${owner}:${body.head}.` }] });
      }
      const pr: StandInPull = { number: pulls.length + 1, owner, repo, title: body.title!, body: body.body ?? '', head: body.head!, base: body.base!, state: 'open', draft: (body as Record<string, unknown>).draft === true };
      pulls.push(pr);
      return send(201, view(pr));
    }
    const pr = pulls.find((p) => p.owner === owner && p.repo === repo && p.number === Number(num));
    if (req.method === 'PUT' && merge && pr) {
      if (pr.state !== 'open') return send(405, { message: 'Pull Request is not mergeable' });
      Object.assign(pr, { state: 'closed', merged: true });
      return send(200, { sha: 'e'.repeat(40), merged: true, message: 'Pull Request successfully merged' });
    }
    if (req.method === 'PATCH' && pr) {
      Object.assign(pr, { title: body.title ?? pr.title, body: body.body ?? pr.body });
      return send(200, view(pr));
    }
    return send(404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { apiUrl: `http://127.0.0.1:${port}`, pulls, statuses, requests, options, close: () => new Promise((r) => server.close(() => r())) };
}
