import { Hono, type Context } from 'hono';
import { closeLocalPullRequest, getLocalPullRequest, type Database, type LocalPullRequest } from '../../db/index.js';
import { mergeBranches } from '../../git/index.js';
import { bearerKeyAuthorizer, type AuthorizePullRequest, type PullRequestAction } from './authorize.js';
import { pullRequestPage } from './page.js';

export interface PullRequestRoutesDeps {
  db: Database;
  /** Who may view, merge and close; default: an admin key valid for the pull request's project. */
  authorize?: AuthorizePullRequest;
  /**
   * Where a browser without credentials is sent to sign in (the dashboard), and how to tell
   * it is signed in; without it such requests get the 404.
   */
  signIn?: { url: (next: string) => string; signedIn: (c: Context) => boolean | Promise<boolean> };
}

/**
 * Pages for pull requests Folio records itself (plain git remotes): mount at
 * the app root so `<publicUrl>/pulls/<id>` (the job's prLink) resolves.
 * GET /pulls/:id, GET /pulls/:id/diff, POST /pulls/:id/merge, POST /pulls/:id/close.
 */
export function createPullRequestRoutes({ db, authorize = bearerKeyAuthorizer(db), signIn }: PullRequestRoutesDeps): Hono {
  const app = new Hono();
  // The pages carry merge and close buttons: no other site may frame them (clickjacking).
  app.use('/pulls/*', async (c, next) => {
    await next();
    c.header('Content-Security-Policy', "frame-ancestors 'none'");
    c.header('X-Frame-Options', 'DENY');
  });

  const load = async (c: Context, action: PullRequestAction): Promise<LocalPullRequest | Response> => {
    const id = c.req.param('id') ?? '';
    // No id holds a NUL, and PostgreSQL refuses one in a query.
    const pr = id.includes('\u0000') ? null : await getLocalPullRequest(db, id);
    // Unknown and not-allowed read the same, so ids of other projects leak nothing.
    if (!pr || !(await authorize(c, { projectId: pr.projectId, action }))) {
      // A link opened in a browser with neither a key nor a session: ask to sign in, then come back.
      if (signIn && c.req.method === 'GET' && !c.req.header('authorization') && !(await signIn.signedIn(c))) {
        return c.redirect(signIn.url(c.req.path), 303);
      }
      return c.json({ error: 'Pull request not found (or this key may not see it).' }, 404);
    }
    return pr;
  };

  // A form post from another site must not merge: cookies travel with cross-site posts, Origin tells.
  const sameOrigin = (c: Context): boolean => {
    const origin = c.req.header('origin');
    if (!origin) return true;
    try {
      return new URL(origin).host === c.req.header('host');
    } catch {
      // An Origin that is not a URL names no site of ours: refused like a foreign one.
      return false;
    }
  };

  app.get('/pulls/:id', async (c) => {
    const pr = await load(c, 'view');
    if (pr instanceof Response) return pr;
    return c.html(pullRequestPage(pr));
  });

  app.get('/pulls/:id/diff', async (c) => {
    const pr = await load(c, 'view');
    if (pr instanceof Response) return pr;
    return c.text(pr.diff, 200, { 'content-type': 'text/x-diff; charset=utf-8' });
  });

  app.post('/pulls/:id/merge', async (c) => {
    if (!sameOrigin(c)) return c.json({ error: 'Cross-site request refused.' }, 403);
    const pr = await load(c, 'merge');
    if (pr instanceof Response) return pr;
    if (pr.status !== 'open') return c.html(pullRequestPage(pr, `Nothing to do: the pull request is already ${pr.status}.`), 409);
    const result = await mergeBranches({ repository: pr.repository, base: pr.baseBranch, head: pr.headBranch, title: pr.title });
    if (!result.ok) return c.html(pullRequestPage(pr, `Merge failed: ${result.reason}`), 409);
    await closeLocalPullRequest(db, pr.id, 'merged', result.commit);
    return c.redirect(`/pulls/${pr.id}`, 303);
  });

  app.post('/pulls/:id/close', async (c) => {
    if (!sameOrigin(c)) return c.json({ error: 'Cross-site request refused.' }, 403);
    const pr = await load(c, 'close');
    if (pr instanceof Response) return pr;
    if (!(await closeLocalPullRequest(db, pr.id, 'closed'))) {
      return c.html(pullRequestPage(pr, `Nothing to do: the pull request is already ${pr.status}.`), 409);
    }
    return c.redirect(`/pulls/${pr.id}`, 303);
  });

  return app;
}
