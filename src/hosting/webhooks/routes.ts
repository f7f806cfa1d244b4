import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getProject, getUpdate, newWebhookSecret, recordDelivery, setDeliveryUpdate, storedDeliveryId, type Database, type ProjectRow, type WebhookProvider } from '../../db/index.js';
import type { HostingCode } from '../codes.js';
import { previewLabel } from '../previews/slug.js';
import { removePreview } from '../previews/sweep.js';
import { getPreviewByBranch } from '../../db/index.js';
import { branchNameProblem } from '../../git/index.js';
import type { Automations } from '../../agent/index.js';
import type { UpdateRunner } from '../updates/runner.js';
import { setGithubCommitStatus, type GithubStatusOptions } from './commit-status.js';
import { githubTargetOf, pushedBranch, webhookAction, type GithubTarget, type WebhookAction } from './events.js';
import { RefusalLog, type RefusalLogOptions } from './refusal-log.js';
import { SIGNATURE_MISMATCH, verifyDelivery } from './verify.js';

export interface WebhookRoutesDeps {
  db: Database;
  updates: UpdateRunner;
  dataDir: string;
  /** Sites answer on `<projectId>.<siteDomain>`, previews on `<slug>--<projectId>.<siteDomain>`. */
  siteDomain?: string;
  /** Report commit statuses on GitHub (pending, then success or failure with the site or preview URL). */
  github?: GithubStatusOptions;
  /** Fires the project's push automations when a delivery is a push to the branch they watch. */
  automations?: Pick<Automations, 'onPush'>;
  log?: (line: string) => void;
  /** How many refused deliveries are kept, and how long (defaults: 1,000 a project, 30 days). */
  refusals?: Omit<RefusalLogOptions, 'db' | 'log'>;
}

/** Largest accepted delivery: GitHub caps payloads at 25 MB, but a push or pull request is far smaller. */
const MAX_DELIVERY_BYTES = 5 * 1024 * 1024;
const PROVIDERS = new Set<WebhookProvider>(['github', 'gitlab', 'generic']);

/**
 * Checks deliveries to project ids that have no webhook; never shown, new on every start. Made as a
 * project's secret is (`newWebhookSecret`), so checking against it costs the same.
 */
const UNKNOWN_PROJECT_SECRET = newWebhookSecret();

/** Delivery details quote the payload (refs, branch names): U+0000, which PostgreSQL's text cannot hold, is replaced. */
function storable(detail: string): string {
  return detail.replace(/\u0000/g, '\ufffd');
}

/** The delivery id header of each provider. */
function deliveryIdOf(provider: WebhookProvider, c: Context): string | null {
  if (provider === 'github') return c.req.header('x-github-delivery') ?? null;
  if (provider === 'gitlab') return c.req.header('x-gitlab-event-uuid') ?? c.req.header('idempotency-key') ?? null;
  return c.req.header('x-folio-delivery') ?? null;
}

function eventOf(provider: WebhookProvider, c: Context): string {
  if (provider === 'github') return c.req.header('x-github-event') ?? '';
  if (provider === 'gitlab') return c.req.header('x-gitlab-event') ?? '';
  return 'generic';
}

/** Site or preview address, on the scheme and port the delivery came in on. */
function siteUrlOf(requestUrl: string, project: ProjectRow, preview: string | null, siteDomain: string): string {
  const url = new URL(requestUrl);
  const port = url.port ? `:${url.port}` : '';
  const host = preview ? `${previewLabel(preview, project.id)}.${siteDomain}` : (project.hostNames[0] ?? `${project.id}.${siteDomain}`);
  return `${url.protocol}//${host}${port}/`;
}

/**
 * Push to deploy: `POST /webhooks/{github|gitlab|generic}/{projectId}`. Each delivery is checked with
 * its provider's scheme against the project's webhook secret (GitHub `X-Hub-Signature-256`, GitLab
 * `X-Gitlab-Token`, generic `X-Folio-Signature` over timestamp, delivery id and body), refused when
 * its delivery id was accepted before, and logged with its outcome. A push to the production branch
 * queues an update, a push to another branch or a pull request into the production branch its
 * preview; a deleted branch or closed pull request deletes the preview.
 */
export function createWebhookRoutes(deps: WebhookRoutesDeps): Hono {
  const { db, updates, siteDomain = 'localhost', github, automations, log = () => {} } = deps;
  const refusals = new RefusalLog({ db, log, ...deps.refusals });
  const app = new Hono();
  const refuse = (c: Context, status: 400 | 401 | 404 | 413, code: HostingCode, error: string) => c.json({ error, code }, status);

  app.post(
    '/webhooks/:provider/:projectId',
    bodyLimit({ maxSize: MAX_DELIVERY_BYTES, onError: (c) => refuse(c, 413, 'DELIVERY_BAD_PAYLOAD', `Delivery too large: the limit is ${MAX_DELIVERY_BYTES} bytes.`) }),
    async (c) => {
      const provider = c.req.param('provider') as WebhookProvider;
      if (!PROVIDERS.has(provider)) return refuse(c, 404, 'DELIVERY_NOT_FOUND', 'No such webhook: the address is /webhooks/github|gitlab|generic/<project id> (dashboard, Updates page).');
      const projectId = c.req.param('projectId');
      // A NUL cannot be in a project id, and PostgreSQL refuses it in a query.
      const found = projectId.includes('\u0000') ? null : await getProject(db, projectId);
      const project = found?.webhookSecret ? found : null;
      const body = new Uint8Array(await c.req.arrayBuffer());
      const deliveryId = deliveryIdOf(provider, c);
      const event = eventOf(provider, c);
      const logDelivery = (outcome: 'triggered' | 'ignored', httpStatus: number, detail: string) =>
        recordDelivery(db, { projectId: project!.id, provider, deliveryId, event, outcome, httpStatus, detail: storable(detail) });
      // Refusals are written after the answer, bounded in size, count and age (RefusalLog).
      const logRefusal = (httpStatus: number, detail: string) => refusals.add({ projectId: project!.id, provider, deliveryId, event, httpStatus, detail: storable(detail) });

      // A project that does not exist (or has no secret) is checked against a secret nobody knows and refused
      // with the same 401 and words as a wrong signature, after the same work (one lookup, one check, no
      // write waited for): neither the answer nor its time tells which project ids exist or have a secret.
      const secret = project?.webhookSecret ?? UNKNOWN_PROJECT_SECRET;
      const verified = verifyDelivery(provider, secret, body, {
        signature: c.req.header(provider === 'github' ? 'x-hub-signature-256' : provider === 'gitlab' ? 'x-gitlab-token' : 'x-folio-signature'),
        timestamp: c.req.header('x-folio-timestamp'),
        deliveryId: deliveryId ?? undefined,
      });
      const problem = verified ?? (project ? null : SIGNATURE_MISMATCH[provider]);
      if (problem || !project) {
        if (project) logRefusal(401, `DELIVERY_SIGNATURE_INVALID: ${problem}`);
        return refuse(c, 401, 'DELIVERY_SIGNATURE_INVALID', `Delivery refused: ${problem}.`);
      }
      if (!deliveryId) {
        logRefusal(401, 'DELIVERY_REPLAYED: no delivery id, so a replay could not be told apart');
        return refuse(c, 401, 'DELIVERY_REPLAYED', 'Delivery refused: it carries no delivery id (X-GitHub-Delivery, X-Gitlab-Event-UUID or X-Folio-Delivery).');
      }
      let payload: Record<string, unknown>;
      try {
        const parsed: unknown = JSON.parse(new TextDecoder().decode(body));
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
        payload = parsed as Record<string, unknown>;
      } catch {
        logRefusal(400, 'DELIVERY_BAD_PAYLOAD: the body is not a JSON object');
        return refuse(c, 400, 'DELIVERY_BAD_PAYLOAD', 'Delivery refused: the body is not a JSON object (send the webhook as application/json).');
      }

      let action = webhookAction(provider, event, payload, project.branch);
      if (action.kind !== 'ignore' && branchNameProblem(action.branch)) action = { kind: 'ignore', reason: `"${action.branch.slice(0, 100)}" is not a usable branch name` };
      let pushed = pushedBranch(provider, event, payload);
      if (pushed && branchNameProblem(pushed)) pushed = null;
      const firesAutomations = pushed !== null && automations !== undefined;
      const status = action.kind === 'ignore' && !firesAutomations ? 200 : 202;
      const detail = describe(action);
      const row = await logDelivery(status === 200 ? 'ignored' : 'triggered', status, detail);
      if (!row) {
        logRefusal(401, `DELIVERY_REPLAYED: delivery ${storedDeliveryId(deliveryId)} was accepted before`);
        return refuse(c, 401, 'DELIVERY_REPLAYED', `Delivery refused: delivery ${storedDeliveryId(deliveryId)} was accepted before (a replay).`);
      }
      // Push automations watching the branch start their agent jobs (after the replay check: once per delivery).
      const automationJobs = firesAutomations ? (await automations.onPush(project, pushed!)).map((run) => run.job.id) : [];
      if (automationJobs.length > 0) await setDeliveryUpdate(db, row.id, null, storable(`${detail}; automation jobs ${automationJobs.join(', ')}`));
      const withJobs = automationJobs.length > 0 ? { automationJobs } : {};
      if (action.kind === 'ignore') return status === 200 ? c.json({ outcome: 'ignored', reason: action.reason }, 200) : c.json({ outcome: 'triggered', reason: action.reason, ...withJobs }, 202);
      if (action.kind === 'delete-preview') {
        const preview = await getPreviewByBranch(db, project.id, action.branch);
        const removed = preview ? await removePreview(db, updates.store, project.id, preview.slug) : false;
        return c.json({ outcome: 'triggered', action: removed ? `deleted the preview of ${action.branch}` : `no preview of ${action.branch} to delete`, ...withJobs }, 202);
      }

      const source = provider === 'generic' ? 'api' : provider;
      const queued = action.kind === 'update' ? { update: await updates.trigger(project, source), slug: null } : await updates.triggerPreview(project, action.branch, source);
      const url = siteUrlOf(c.req.url, project, queued.slug, siteDomain);
      await setDeliveryUpdate(db, row.id, queued.update.id, storable(`${detail}: ${queued.update.id}${automationJobs.length ? `; automation jobs ${automationJobs.join(', ')}` : ''}`));
      const target = provider === 'github' ? githubTargetOf(payload) : null;
      if (github && target && action.sha) void reportStatus(github, target, action.sha, queued.update.id, queued.slug !== null, url);
      return c.json({ outcome: 'triggered', statusId: queued.update.id, ...(queued.slug ? { previewUrl: url } : { siteUrl: url }), ...withJobs }, 202);
    },
  );

  /** Pending now, then success or failure once the update ends; a GitHub refusal is logged, never thrown. */
  async function reportStatus(options: GithubStatusOptions, target: GithubTarget, sha: string, updateId: string, preview: boolean, targetUrl: string): Promise<void> {
    const context = preview ? 'folio/preview' : 'folio/update';
    try {
      await setGithubCommitStatus(options, target, sha, { state: 'pending', targetUrl, description: preview ? 'Building the preview' : 'Building the site', context });
      await updates.settled(updateId);
      const update = await getUpdate(db, updateId);
      const ok = update?.status === 'success';
      await setGithubCommitStatus(options, target, sha, {
        state: ok ? 'success' : 'failure',
        targetUrl,
        description: ok ? (preview ? 'Preview published' : 'Site published') : (update?.summary ?? 'The update failed'),
        context,
      });
    } catch (error) {
      log(`DELIVERY_STATUS_FAILED: commit status for ${target.owner}/${target.repo}@${sha.slice(0, 12)}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return app;
}

function describe(action: WebhookAction): string {
  switch (action.kind) {
    case 'update':
      return `update of ${action.branch}`;
    case 'preview':
      return `preview of ${action.branch}`;
    case 'delete-preview':
      return `delete the preview of ${action.branch}`;
    case 'ignore':
      return action.reason;
  }
}
