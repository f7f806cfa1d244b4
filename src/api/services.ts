import {
  addAgentJobMessage,
  archiveAgentJob,
  pruneAgentRateBuckets,
  takeAgentRequestSlot,
  createAgentJob,
  createAutomation,
  deleteAutomation,
  getAutomation,
  newWebhookSecret,
  revokeApiKey,
  setAutomationActive,
  type AgentAutomationRow,
  type AutomationRunReason,
  type AgentJobRow,
  type ApiKeyRow,
  type Database,
  type ProjectRow,
  type UpdateRow,
  type UpdateSource,
} from '../db/index.js';
import { AUTOMATION_KIND_IDS, automationKind, cronProblem, kindPrompt, nextCronTime, remoteBranches, type AutomationRun, type Automations } from '../agent/index.js';
import { branchNameProblem } from '../git/index.js';
import type { KeyCache } from './auth.js';
import { ApiError } from './errors.js';
import { EMPTY_PROMPT, hasNul, NUL_PROBLEM } from './schemas.js';

/** Starts documentation updates: hosting's update runner, handed in by src/server. */
export interface UpdateTrigger {
  /** Queue an update and start it in the background; returns the queued row. */
  trigger(project: ProjectRow, source: UpdateSource): Promise<UpdateRow>;
  /** Queue a preview build of `branch` (created or rebuilt); returns the queued row and the preview's slug. */
  triggerPreview(project: ProjectRow, branch: string, source: UpdateSource): Promise<{ update: UpdateRow; slug: string }>;
  /** Delete the preview of a branch (row and published builds); false when there is none. */
  deletePreview(project: ProjectRow, branch: string): Promise<boolean>;
}

export interface NewAutomationInput {
  name: string;
  trigger: 'schedule' | 'push' | 'webhook' | 'slack';
  /** A predefined kind (src/agent/automations/kinds.ts); `prompt` then adds to its prompt and may be left out. */
  kind?: string;
  schedule?: string;
  branch?: string;
  prompt?: string;
  model?: string;
  automerge?: boolean;
  appendToOpen?: boolean;
  /** `slack`: the channel id whose messages start a run. */
  slackChannel?: string;
  /** `slack`: words a message must contain (case-insensitive); any message when empty. */
  slackPattern?: string;
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
  /** Delete the preview of a branch, its address and builds; false when the project has none for it. */
  deletePreview(project: ProjectRow, branch: string): Promise<boolean>;
  /** Store an automation (400 naming the field when the schedule, branch, prompt or model is refused). */
  createAutomation(project: ProjectRow, input: NewAutomationInput): Promise<AgentAutomationRow>;
  /** Delete an automation; false when the project has none with that id. */
  deleteAutomation(project: ProjectRow, id: string): Promise<boolean>;
  /** Pause or resume; null when the project has no such automation. */
  setAutomationActive(project: ProjectRow, id: string, active: boolean): Promise<AgentAutomationRow | null>;
  /**
   * Run a scheduled automation now (`POST /v1/workflow/{projectId}/{workflowSchemaId}/trigger`): 400 for a
   * malformed id, a paused automation or a push automation, 404 for one the project does not have, 429 past
   * the project's agent rate.
   */
  triggerAutomation(project: ProjectRow, id: string, reason: AutomationRunReason): Promise<AutomationRun>;
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
  /** Starts automation runs (src/agent); automations cannot be triggered without it. */
  automations?: Automations;
  /** The repository's branches, or null when they cannot be listed (the branch is then accepted); default `git ls-remote`. */
  listBranches?: (repository: string) => Promise<string[] | null>;
  now?: () => number;
}

const quoted = (names: readonly string[]) => names.map((n) => `"${n}"`).join(', ');

/**
 * Refuse text the database cannot store. The API's schemas refuse it already; the dashboard's forms
 * come through here too.
 */
function checkStorable(field: string, value: string | undefined): void {
  if (value !== undefined && hasNul(value)) throw new ApiError(400, 'INVALID_REQUEST', `Invalid request: ${field}: ${NUL_PROBLEM}.`);
}

/** Refuse a prompt with nothing but spaces (an empty one fails the schema already, with the same words). */
function checkPrompt(prompt: string): void {
  checkStorable('prompt', prompt);
  if (prompt.trim() === '') throw new ApiError(400, 'INVALID_REQUEST', `Invalid request: prompt: ${EMPTY_PROMPT}.`);
}

/** Automation ids are UUIDs (src/db/ids.ts uuidV7). */
const AUTOMATION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Build the shared services over the database. */
export function createAdminServices(options: AdminServicesOptions): AdminServices {
  const { db, keyCache, updates, defaultModel, models, enqueueAgentJob, automations, listBranches = remoteBranches, now = Date.now } = options;

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

  function checkModel(model: string | undefined): void {
    checkStorable('model', model);
    if (model !== undefined && models && !models.includes(model)) {
      throw new ApiError(400, 'INVALID_REQUEST', `Invalid request: model: "${model}" is not offered by this server; choose one of ${quoted(models)}.`);
    }
  }

  async function enqueue(jobId: string): Promise<void> {
    // Without a queue the job stays `active` in the database, where a worker claims it.
    if (enqueueAgentJob) await enqueueAgentJob(jobId);
  }

  return {
    async createJob(project, input) {
      checkPrompt(input.prompt);
      checkModel(input.model);
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
    deletePreview: (project, branch) => updates.deletePreview(project, branch),
    async createAutomation(project, input) {
      checkStorable('name', input.name);
      checkStorable('schedule', input.schedule);
      const name = input.name.trim();
      if (!name) throw new ApiError(400, 'INVALID_REQUEST', 'Invalid request: name: it is empty; name the automation, for example "Weekly link check".');
      const kind = input.kind === undefined || input.kind === '' ? null : automationKind(input.kind);
      if (input.kind && !kind) throw new ApiError(400, 'INVALID_REQUEST', `Invalid request: kind: "${input.kind.slice(0, 100)}" is not a kind of automation; choose one of ${quoted(AUTOMATION_KIND_IDS)}, or leave it out and give a prompt.`);
      if (kind) checkStorable('prompt', input.prompt);
      else checkPrompt(input.prompt ?? '');
      const prompt = kind ? kindPrompt(kind, input.prompt) : input.prompt!;
      checkModel(input.model);
      let schedule: string | null = null;
      let nextRunAt: Date | null = null;
      if (input.trigger === 'schedule') {
        schedule = (input.schedule ?? '').trim().replace(/\s+/g, ' ');
        if (!schedule) throw new ApiError(400, 'INVALID_REQUEST', 'Invalid request: schedule: a scheduled automation needs a cron expression in UTC, for example "0 9 * * 1" (Mondays 09:00).');
        const problem = cronProblem(schedule);
        if (problem) throw new ApiError(400, 'INVALID_REQUEST', `Invalid request: schedule: "${schedule}" is not a cron expression: ${problem}.`);
        nextRunAt = nextCronTime(schedule, new Date(now()));
        if (!nextRunAt) throw new ApiError(400, 'INVALID_REQUEST', `Invalid request: schedule: "${schedule}" names no date in the next five years.`);
        if (input.branch !== undefined) throw new ApiError(400, 'INVALID_REQUEST', 'Invalid request: branch: only push automations watch a branch; scheduled runs work on the project\'s branch.');
      } else {
        const runsOn = { push: 'pushes', webhook: 'webhook events', slack: 'Slack messages' }[input.trigger];
        if (input.schedule !== undefined && input.schedule.trim() !== '') throw new ApiError(400, 'INVALID_REQUEST', `Invalid request: schedule: a ${input.trigger} automation runs on ${runsOn}, not on a schedule; leave schedule out.`);
        if (input.trigger !== 'push' && input.branch !== undefined) throw new ApiError(400, 'INVALID_REQUEST', `Invalid request: branch: only push automations watch a branch; ${input.trigger} runs work on the project's branch.`);
        if (input.branch !== undefined) {
          const problem = branchNameProblem(input.branch);
          if (problem) throw new ApiError(400, 'INVALID_REQUEST', `Invalid request: branch: "${input.branch}" is not a usable branch name: ${problem}.`);
        }
      }
      let slackChannel: string | null = null;
      let slackPattern: string | null = null;
      if (input.trigger === 'slack') {
        slackChannel = (input.slackChannel ?? '').trim().replace(/^#/, '');
        if (!/^[CGD][A-Z0-9]{2,39}$/.test(slackChannel)) {
          throw new ApiError(400, 'INVALID_REQUEST', `Invalid request: slackChannel: ${slackChannel ? `"${slackChannel.slice(0, 40)}" is not` : 'a Slack automation needs'} a channel id such as C0123ABCD (in Slack: the channel's name, then "About"; Slack's events name channels by id, not by name).`);
        }
        checkStorable('slackPattern', input.slackPattern);
        slackPattern = input.slackPattern?.trim().replace(/\s+/g, ' ') || null;
      } else if ((input.slackChannel ?? '').trim() !== '' || (input.slackPattern ?? '').trim() !== '') {
        throw new ApiError(400, 'INVALID_REQUEST', `Invalid request: slackChannel: only Slack automations listen in a channel; choose the trigger "slack" or leave the Slack fields out.`);
      }
      return createAutomation(db, {
        projectId: project.id,
        name,
        trigger: input.trigger,
        schedule,
        branch: input.trigger === 'push' ? (input.branch ?? null) : null,
        prompt,
        model: input.model ?? kind?.model ?? null,
        nextRunAt,
        kind: kind?.id ?? null,
        automerge: input.automerge === true,
        appendToOpen: input.appendToOpen === true,
        webhookSecret: input.trigger === 'webhook' ? newWebhookSecret() : null,
        slackChannel,
        slackPattern,
      });
    },
    deleteAutomation: (project, id) => deleteAutomation(db, project.id, id),
    async setAutomationActive(project, id, active) {
      const current = await getAutomation(db, project.id, id);
      if (!current) return null;
      const next = active && current.schedule ? nextCronTime(current.schedule, new Date(now())) : null;
      return setAutomationActive(db, project.id, id, active, next);
    },
    async triggerAutomation(project, id, reason) {
      if (!AUTOMATION_ID.test(id)) throw new ApiError(400, 'INVALID_REQUEST', `Invalid request: workflowSchemaId: "${id.slice(0, 100)}" is not an automation ID (a UUID, as listed by GET /v1/workflow/{projectId}).`);
      const automation = await getAutomation(db, project.id, id);
      if (!automation) throw new ApiError(404, 'NOT_FOUND', 'Automation not found. Check the ID (GET /v1/workflow/{projectId}) and that it belongs to this project.');
      if (!automation.active) throw new ApiError(400, 'AUTOMATION_INACTIVE', `Automation "${automation.name}" is paused; resume it on the dashboard before triggering it.`);
      if (automation.trigger !== 'schedule') {
        throw new ApiError(
          400,
          'AUTOMATION_NOT_SCHEDULED',
          automation.trigger === 'push'
            ? `Automation "${automation.name}" runs on pushes; only scheduled automations can be triggered. Push to the watched branch instead.`
            : automation.trigger === 'slack'
              ? `Automation "${automation.name}" runs on Slack messages; only scheduled automations can be triggered. Post in its Slack channel instead.`
              : `Automation "${automation.name}" runs on webhook events; only scheduled automations can be triggered. Send a signed event to /webhooks/automations/${automation.id} instead.`,
        );
      }
      if (!automations) throw new ApiError(400, 'AUTOMATION_INACTIVE', 'This server runs no automations.');
      await checkRate(project);
      const run = await automations.fire(automation, reason);
      // Deleted or paused between the read and the run.
      if (!run) throw new ApiError(404, 'NOT_FOUND', 'Automation not found. Check the ID (GET /v1/workflow/{projectId}) and that it belongs to this project.');
      return run;
    },
    async revokeKey(keyId) {
      const row = await revokeApiKey(db, keyId);
      keyCache.invalidate(keyId);
      return row;
    },
  };
}
