import { z } from '@hono/zod-openapi';
import { AUTOMATION_KIND_IDS } from '../agent/index.js';

// The admin API's shapes. The same zod objects validate requests, type the
// handlers and generate GET /openapi.json, so the document cannot drift.

/** Why a string with U+0000 is refused: PostgreSQL's `text` cannot hold it (it was a 500 from the query). */
export const NUL_PROBLEM = 'it contains a NUL character (U+0000), which cannot be stored; remove it';

/** True when the database would refuse the string. */
export const hasNul = (value: string): boolean => value.includes('\u0000');

/** A string a request may carry into the database: every path, query and body string of the API is one. */
export const text = () => z.string().refine((value) => !hasNul(value), NUL_PROBLEM);

const projectIdDoc = 'Your project ID, shown by `folio projects list` and on the API keys page of the dashboard.';

/** Error body of every failure. */
export const ErrorSchema = z
  .object({
    error: z.string().openapi({ description: 'Error message: what is wrong and how to fix it.' }),
    code: z.string().optional().openapi({ description: 'Stable machine-readable error code (see docs/reference/errors/api.md).' }),
  })
  .openapi('Error');

/** The spec's AgentJob, field for field. */
export const AgentJobSchema = z
  .object({
    id: z.string().openapi({ description: 'Unique identifier for the agent job.' }),
    status: z.enum(['active', 'completed', 'archived', 'failed']).openapi({
      description:
        'Current status of the job. `active`: the agent is processing the prompt. `completed`: the agent finished; a pull request may exist (check `prLink`). `archived`: the job was archived. `failed`: the agent hit an unrecoverable error. Poll until the status is `completed`, `archived` or `failed`.',
    }),
    source: z
      .object({
        repository: z.string().openapi({ description: 'Full URL of the source repository.' }),
        ref: z.string().nullable().openapi({ description: 'Git branch the agent works on.' }),
      })
      .openapi({ description: 'Source repository information.' }),
    model: z.string().openapi({ description: 'The AI model used for this job.' }),
    prLink: z.string().url().nullable().openapi({
      description: 'Pull request URL created by the agent. `null` while the job is `active` or when no file changed.',
      example: 'https://github.com/org/repo/pull/123',
    }),
    createdAt: z.string().datetime().openapi({ description: 'Timestamp when the job was created.' }),
    archivedAt: z.string().datetime().nullable().openapi({ description: 'Timestamp when the job was archived.' }),
    failureReason: z.string().nullable().openapi({
      description:
        'Why a `failed` job failed, as `CODE: message` (codes in docs/reference/errors/agent.md); `null` for every other status. Folio addition to the spec\'s AgentJob.',
      example: 'AGENT_CLONE_FAILED: could not read the repository',
    }),
    summary: z.string().nullable().openapi({
      description:
        'What the job did, written for a person (Markdown): the files changed and the pull request, why no file changed, or why it failed. `null` while the job is `active`. Folio addition to the spec\'s AgentJob; the steps are at `GET /v2/agent/{projectId}/job/{id}/messages`.',
      example: 'No file changed, so no pull request was opened.\n\n- Every page is already listed in the navigation.',
    }),
  })
  .openapi('AgentJob');

export type AgentJobBody = z.infer<typeof AgentJobSchema>;

/** One entry of a job's transcript. */
export const TranscriptEntrySchema = z
  .object({
    role: z.enum(['user', 'agent']).openapi({ description: '`user`: a prompt sent to the job; `agent`: a step the agent took.' }),
    kind: z.enum(['prompt', 'read', 'changed', 'check', 'note', 'summary']).openapi({
      description:
        '`prompt`: the job\'s prompt or a follow-up; `read`/`changed`: a file the agent read or changed (path in `text`); `check`: a check and its outcome (`ok`); `note`: another step; `summary`: the run\'s final summary.',
    }),
    text: z.string().openapi({ description: 'The prompt, the file path, or the step in words.' }),
    ok: z.boolean().nullable().openapi({ description: 'Whether a `check` passed; `null` for other kinds.' }),
    createdAt: z.string().datetime().openapi({ description: 'When it happened.' }),
  })
  .openapi('AgentJobTranscriptEntry');

export const TranscriptSchema = z
  .object({
    jobId: z.string().openapi({ description: 'The job the transcript belongs to.' }),
    status: AgentJobSchema.shape.status,
    messages: z.array(TranscriptEntrySchema).openapi({ description: 'Prompts and steps, oldest first.' }),
  })
  .openapi('AgentJobTranscript');

export type TranscriptBody = z.infer<typeof TranscriptSchema>;

export const ProjectParams = z.object({
  projectId: text().min(1).max(100).openapi({ param: { name: 'projectId', in: 'path' }, description: projectIdDoc }),
});

export const JobParams = ProjectParams.extend({
  id: text().min(1).max(100).openapi({ param: { name: 'id', in: 'path' }, description: 'The unique identifier of the agent job.' }),
});

/** Why an empty prompt is refused: shared by the schema and the services (which also refuse blank ones). */
export const EMPTY_PROMPT = 'it is empty; write what the agent should do, for example "fix broken internal links"';

export const CreateJobBody = z
  .object({
    prompt: text().min(1, EMPTY_PROMPT).max(20_000).openapi({ description: 'The instruction for the agent to execute.' }),
    branch: text().min(1).max(200).optional().openapi({
      description:
        'Git branch the agent should work on; when omitted the agent derives one from the job id. A branch the repository does not have is refused with 400 listing its branches.',
    }),
    model: text()
      .min(1)
      .max(100)
      .optional()
      .openapi({ description: 'The agent model to use; defaults to the server default (`folio-maintainer`). A model the server does not offer is refused with 400 listing the ones it does.' }),
  })
  // Unknown fields are refused, not dropped: a misspelt `branch` must not silently run on the default branch.
  .strict()
  .openapi('CreateAgentJobRequest');

export const MessageBody = z
  .object({
    prompt: text().min(1, EMPTY_PROMPT).max(20_000).openapi({ description: 'The follow-up instruction for the agent.' }),
  })
  .strict()
  .openapi('AgentJobMessageRequest');

export const ListJobsQuery = z.object({
  status: z
    .enum(['active', 'completed', 'archived', 'failed'])
    .optional()
    .openapi({ param: { name: 'status', in: 'query' }, description: 'Only jobs in this status.' }),
  cursor: text()
    .max(500)
    .optional()
    .openapi({ param: { name: 'cursor', in: 'query' }, description: '`nextCursor` of the previous page.' }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(20)
    .openapi({ param: { name: 'limit', in: 'query' }, description: 'Jobs per page (1-100, default 20).' }),
});

export const JobListSchema = z
  .object({
    jobs: z.array(AgentJobSchema).openapi({ description: 'Jobs, newest first.' }),
    nextCursor: z.string().nullable().openapi({ description: 'Pass as `cursor` to get the next page; `null` on the last page.' }),
  })
  .openapi('AgentJobList');

export const UpdateParams = z.object({
  projectId: ProjectParams.shape.projectId,
});

export const UpdateTriggeredSchema = z
  .object({
    statusId: z.string().openapi({ description: 'The status ID of the triggered update.' }),
  })
  .openapi('UpdateTriggered');

export const PreviewRequestSchema = z
  .object({
    branch: text().min(1).max(255).openapi({ description: 'The name of the Git branch to create a preview deployment for.' }),
  })
  .openapi('PreviewRequest');

export const PreviewDeleteQuery = z.object({
  branch: text().min(1).max(255).openapi({ param: { name: 'branch', in: 'query' }, description: 'The branch whose preview to delete.', example: 'feature/new-guide' }),
});

export const PreviewDeletedSchema = z
  .object({
    deleted: z.literal(true).openapi({ description: 'The preview, its address and its published builds are gone.' }),
    branch: z.string().openapi({ description: 'The branch of the deleted preview.' }),
  })
  .openapi('PreviewDeleted');

export const PreviewTriggeredSchema = z
  .object({
    statusId: z.string().openapi({ description: 'The status ID of the preview build; follow it with `GET /v1/project/update-status/{statusId}`.' }),
    previewUrl: z.string().openapi({ description: 'The URL where the preview is served: `<branch slug>--<project>.<site domain>`.' }),
  })
  .openapi('PreviewTriggered');

export const StatusParams = z.object({
  statusId: text().min(1).max(100).openapi({ param: { name: 'statusId', in: 'path' }, description: 'The status ID of a triggered update.' }),
});

export const UpdateStatusSchema = z
  .object({
    _id: z.string().openapi({ description: 'The status ID of the update.' }),
    projectId: z.string().openapi({ description: 'The documentation project ID.' }),
    status: z.enum(['queued', 'in_progress', 'success', 'failure']).openapi({ description: 'The status of the update.' }),
    summary: z.string().openapi({ description: 'Summary of the status of the update.' }),
    logs: z.array(z.string()).openapi({ description: 'Log lines of the fetch, build and publish steps.' }),
    createdAt: z.string().datetime().openapi({ description: 'When the update was queued (ISO 8601, UTC).' }),
    endedAt: z.string().datetime().nullable().openapi({ description: 'When the update ended (ISO 8601, UTC); `null` until then.' }),
    subdomain: z.string().openapi({ description: 'Host label the built site is served under (`<subdomain>.<site domain>`): the project id, or `<branch slug>--<project id>` for a preview.' }),
    source: z.enum(['api', 'dashboard', 'internal', 'github', 'gitlab']).openapi({ description: 'Where the update was triggered from (`github`, `gitlab`: a push or pull request webhook).' }),
    commit: z
      .object({
        sha: z.string().nullable().openapi({ description: 'The SHA of the commit built.' }),
        ref: z.string().nullable().openapi({ description: 'The ref of the commit.' }),
        message: z.string().nullable().openapi({ description: 'The commit message.' }),
      })
      .nullable()
      .openapi({ description: 'The commit built; `null` before it is fetched or for a local folder.' }),
  })
  .openapi('UpdateStatus');

export type UpdateStatusBody = z.infer<typeof UpdateStatusSchema>;

export const WorkflowParams = ProjectParams.extend({
  workflowSchemaId: text().min(1).max(100).openapi({
    param: { name: 'workflowSchemaId', in: 'path' },
    description: 'The ID of the automation, as listed by `GET /v1/workflow/{projectId}` and on the Automations page of the dashboard.',
  }),
});

export const WorkflowTriggeredSchema = z
  .object({
    schemaId: z.string().openapi({ description: 'The ID of the triggered automation.' }),
    instanceId: z.string().openapi({ description: 'The ID of the queued automation run; the Automations page lists it in the run history.' }),
    jobId: z.string().openapi({ description: 'The ID of the agent job processing the run; follow it with `GET /v2/agent/{projectId}/job/{id}`.' }),
  })
  .openapi('WorkflowTriggered');

export const AutomationSchema = z
  .object({
    id: z.string().openapi({ description: 'The automation ID (the `workflowSchemaId` of the trigger endpoint).' }),
    name: z.string().openapi({ description: 'Display name.' }),
    trigger: z.enum(['schedule', 'push', 'webhook', 'slack']).openapi({
      description: '`schedule`: runs on `schedule`; `push`: runs when `branch` (or the project\'s branch) is pushed to; `webhook`: runs on each signed event sent to `webhookUrl`; `slack`: runs on each message in `slackChannel` that contains `slackPattern` (any message when it is null), its outcome posted to the message\'s thread.',
    }),
    kind: z.enum(AUTOMATION_KIND_IDS).nullable().openapi({ description: 'The predefined kind of work, with its own prompt and checks (see the automations guide); `null`: a free prompt.' }),
    schedule: z.string().nullable().openapi({ description: '5-field cron expression in UTC (`minute hour day-of-month month day-of-week`); `null` for push and webhook automations.', example: '0 9 * * 1' }),
    branch: z.string().nullable().openapi({ description: 'Push automations: the branch watched; `null` means the project\'s branch.' }),
    prompt: z.string().openapi({ description: 'The instruction each run gives the agent (a kind\'s prompt, then the automation\'s own instructions).' }),
    model: z.string().nullable().openapi({ description: 'The model of each run\'s job; `null`: the kind\'s or the server\'s default.' }),
    automerge: z.boolean().openapi({ description: 'The run\'s pull request is merged when the job\'s checks pass.' }),
    appendToOpen: z.boolean().openapi({ description: 'Each run adds commits to the automation\'s open pull request instead of opening another.' }),
    webhookUrl: z.string().nullable().openapi({ description: 'Webhook automations: the path to POST signed events to (`/webhooks/automations/{id}`); `null` otherwise.' }),
    slackChannel: z.string().nullable().openapi({ description: 'Slack automations: the channel id (`C…`) whose messages start a run; `null` otherwise.' }),
    slackPattern: z.string().nullable().openapi({ description: 'Slack automations: words a message must contain (case-insensitive) to start a run; `null`: any message.' }),
    active: z.boolean().openapi({ description: 'A paused automation neither runs nor can be triggered.' }),
    nextRunAt: z.string().datetime().nullable().openapi({ description: 'When the schedule fires next; `null` for push and webhook automations.' }),
    lastRunAt: z.string().datetime().nullable().openapi({ description: 'When a run last started.' }),
    createdAt: z.string().datetime().openapi({ description: 'When the automation was created.' }),
  })
  .openapi('Automation');

export type AutomationBody = z.infer<typeof AutomationSchema>;

export const CreatedAutomationSchema = AutomationSchema.extend({
  webhookSecret: z.string().nullable().openapi({ description: 'Webhook automations: the secret events are signed with, shown once here (and to owners on the dashboard); `null` otherwise.' }),
}).openapi('CreatedAutomation');

export const CreateAutomationBody = z
  .object({
    name: text().trim().min(1).max(100).openapi({ description: 'Display name, e.g. "Weekly link check".' }),
    trigger: z.enum(['schedule', 'push', 'webhook', 'slack']).openapi({ description: 'When it runs.' }),
    kind: z.enum(AUTOMATION_KIND_IDS).optional().openapi({ description: 'A predefined kind of work, with its own prompt and checks; `prompt` then adds instructions to the kind\'s and may be left out.' }),
    schedule: text().max(200).optional().openapi({ description: 'Required for `schedule`: 5-field cron in UTC, e.g. `0 9 * * 1` (Mondays 09:00).' }),
    branch: text().min(1).max(200).optional().openapi({ description: 'For `push`: the branch to watch; the project\'s branch when omitted.' }),
    prompt: text().min(1, EMPTY_PROMPT).max(20_000).optional().openapi({ description: 'The instruction for the agent, e.g. "fix broken links"; required without `kind`.' }),
    model: text().min(1).max(100).optional().openapi({ description: 'The model of each run; the kind\'s or the server default when omitted.' }),
    automerge: z.boolean().optional().openapi({ description: 'Merge each run\'s pull request when the job\'s checks pass (default false).' }),
    appendToOpen: z.boolean().optional().openapi({ description: 'Add each run to the automation\'s open pull request instead of opening another (default false).' }),
    slackChannel: text().max(40).optional().openapi({ description: 'Required for `slack`: the channel id (`C0123ABC`, from the channel\'s details in Slack) whose messages start a run.' }),
    slackPattern: text().max(200).optional().openapi({ description: 'For `slack`: words a message must contain, case-insensitive (for example `release notes`); every message when omitted.' }),
  })
  .strict()
  .openapi('CreateAutomationRequest');

export const AutomationListSchema = z
  .object({ automations: z.array(AutomationSchema).openapi({ description: 'The project\'s automations, oldest first.' }) })
  .openapi('AutomationList');
