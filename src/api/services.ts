import {
  addAgentJobMessage,
  archiveAgentJob,
  pruneAgentRateBuckets,
  takeAgentRequestSlot,
  createAgentJob,
  revokeApiKey,
  type AgentJobRow,
  type ApiKeyRow,
  type Database,
  type ProjectRow,
  type UpdateRow,
  type UpdateSource,
} from '../db/index.js';
import { remoteBranches } from '../agent/index.js';
import { branchNameProblem } from '../git/index.js';
import type { KeyCache } from './auth.js';
import { ApiError } from './errors.js';
import { EMPTY_PROMPT } from './schemas.js';

/** Starts documentation updates: hosting's update runner, handed in by src/server. */
export interface UpdateTrigger {
  /** Queue an update and start it in the background; returns the queued row. */
  trigger(project: ProjectRow, source: UpdateSource): Promise<UpdateRow>;
  /** Queue a preview build of `branch` (created or rebuilt); returns the queued row and the preview's slug. */
  triggerPreview(project: ProjectRow, branch: string, source: UpdateSource): Promise<{ update: UpdateRow; slug: string }>;
}

export interface NewJobInput {
  prompt: string;
  branch?: string;
  model?: string;
}

/**
 * The write operations behind the admin API, shared with the dashboard so both
 * doors apply the same rate limits, queueing and validation. Refusals are
 * thrown as `ApiError` (status, stable code, message).
 */
export interface AdminServices {
  /** Start an agent job (`POST /v2/agent/{projectId}/job`). */
  createJob(project: ProjectRow, input: NewJobInput): Promise<AgentJobRow>;
  /** Add a follow-up; null when the job does not exist in the project. */
  sendMessage(project: ProjectRow, jobId: string, prompt: string): Promise<AgentJobRow | null>;
  /** Archive; null when the job does not exist in the project. */
  archiveJob(project: ProjectRow, jobId: string): Promise<AgentJobRow | null>;
  /** Queue a documentation update and start it in the background. */
  triggerUpdate(project: ProjectRow, source?: UpdateSource): Promise<UpdateRow>;
  /**
   * Queue a preview of a branch the repository has (400 otherwise) and start it in the background;
   * the preview is served at `<slug>--<projectId>.<site domain>`.
   */
  triggerPreview(project: ProjectRow, branch: string, source?: UpdateSource): Promise<{ update: UpdateRow; slug: string }>;
  /** Revoke a key and drop it from the in-memory key cache at once. */
  revokeKey(keyId: string): Promise<ApiKeyRow | null>;
}

export interface AdminServicesOptions {
  db: Database;
  keyCache: KeyCache;
  updates: UpdateTrigger;
  defaultModel: string;
  /** Accepted `model` values; any non-empty name when omitted. */
  models?: string[];
  enqueueAgentJob?: (jobId: string) => void | Promise<void>;
  /** The repository's branches, or null when they cannot be listed (the branch is then accepted); default `git ls-remote`. */
  listBranches?: (repository: string) => Promise<string[] | null>;
  now?: () => number;
}

const quoted = (names: readonly string[]) => names.map((n) => `"${n}"`).join(', ');

/** Refuse a prompt with nothing but spaces (an empty one fails the schema already, with the same words). */
function checkPrompt(prompt: string): void {
  if (prompt.trim() === '') throw new ApiError(400, 'INVALID_REQUEST', `Invalid request: prompt: ${EMPTY_PROMPT}.`);
}

/** Build the shared services over the database. */
export function createAdminServices(options: AdminServicesOptions): AdminServices {
  const { db, keyCache, updates, defaultModel, models, enqueueAgentJob, listBranches = remoteBranches, now = Date.now } = options;

  let lastPrune = 0;

  /** Count the request against the project's hourly budget, or refuse with 429 and Retry-After. */
  async function checkRate(project: ProjectRow): Promise<void> {
    const at = now();
    if (at - lastPrune > 600_000) {
      lastPrune = at;
      // Housekeeping only (old minute buckets no longer counted): a failure must not fail the
      // request, and the next prune, ten minutes on, deletes the same rows.
      void pruneAgentRateBuckets(db, at).catch(() => undefined);
    }
    const decision = await takeAgentRequestSlot(db, project.id, project.agentRatePerHour, at);
    if (decision.admitted) return;
    const retryAfter = decision.retryAfterSeconds;
    throw new ApiError(
      429,
      'RATE_LIMITED',
      `Rate limit exceeded: project ${project.id} allows ${project.agentRatePerHour} agent requests per hour. Retry after ${retryAfter} seconds.`,
      { 'Retry-After': String(retryAfter) },
    );
  }

  /** Refuse a branch name git would refuse, or one the repository does not have (when the remote answers). */
  async function checkBranch(project: ProjectRow, branch: string): Promise<void> {
    const problem = branchNameProblem(branch);
    if (problem) throw new ApiError(400, 'INVALID_REQUEST', `Invalid request: branch: "${branch}" is not a usable branch name: ${problem}.`);
    const branches = await listBranches(project.repoUrl);
    if (branches === null || branches.includes(branch)) return;
    const shown = branches.length > 20 ? `${quoted(branches.slice(0, 20))} and ${branches.length - 20} more` : quoted(branches);
    throw new ApiError(
      400,
      'INVALID_REQUEST',
      `Invalid request: branch: the repository has no branch "${branch}"; ${branches.length ? `choose one of ${shown}` : 'it has no branches yet'}, or leave branch out to use the project's branch.`,
    );
  }

  async function enqueue(jobId: string): Promise<void> {
    // Without a queue the job stays `active` in the database, where a worker claims it.
    if (enqueueAgentJob) await enqueueAgentJob(jobId);
  }

  return {
    async createJob(project, input) {
      checkPrompt(input.prompt);
      if (input.model !== undefined && models && !models.includes(input.model)) {
        throw new ApiError(400, 'INVALID_REQUEST', `Invalid request: model: "${input.model}" is not offered by this server; choose one of ${quoted(models)}.`);
      }
      if (input.branch !== undefined) await checkBranch(project, input.branch);
      await checkRate(project);
      const job = await createAgentJob(db, {
        projectId: project.id,
        repository: project.repoUrl,
        ref: input.branch ?? null,
        model: input.model ?? defaultModel,
        prompt: input.prompt,
      });
      await enqueue(job.id);
      return job;
    },
    async sendMessage(project, jobId, prompt) {
      checkPrompt(prompt);
      await checkRate(project);
      const result = await addAgentJobMessage(db, project.id, jobId, prompt);
      if ('error' in result) {
        if (result.error === 'not-found') return null;
        throw new ApiError(400, 'JOB_ARCHIVED', 'This job is archived and takes no more messages; create a new job instead.');
      }
      await enqueue(jobId);
      return result.job;
    },
    archiveJob: (project, jobId) => archiveAgentJob(db, project.id, jobId),
    triggerUpdate: (project, source = 'api') => updates.trigger(project, source),
    async triggerPreview(project, branch, source = 'api') {
      await checkBranch(project, branch);
      return updates.triggerPreview(project, branch, source);
    },
    async revokeKey(keyId) {
      const row = await revokeApiKey(db, keyId);
      keyCache.invalidate(keyId);
      return row;
    },
  };
}
