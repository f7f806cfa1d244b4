import { z } from '@hono/zod-openapi';
import { text } from './schemas.js';

// The deprecated v1 agent API, kept for clients written against it. Shapes as
// the hosted platform's admin-openapi.json has them.

export const V1TodoSchema = z.object({
  content: z.string().openapi({ description: 'Brief description of the task.' }),
  status: z.enum(['pending', 'in_progress', 'completed', 'cancelled']).openapi({ description: 'Current status of the task.' }),
  priority: z.enum(['high', 'medium', 'low']).openapi({ description: 'Priority level of the task.' }),
  id: z.string().openapi({ description: 'Unique identifier for the todo item.' }),
});

export const V1SessionSchema = z
  .object({
    sessionId: z.string().openapi({ description: 'The job id.' }),
    subdomain: z.string().openapi({ description: 'The project this session belongs to.' }),
    branch: z.string().nullable().openapi({ description: 'Git branch name where changes were made.' }),
    haulted: z.boolean().openapi({ description: 'Whether the session execution was halted (the job left `active`).' }),
    haultReason: z
      .enum(['completed', 'github_missconfigured', 'error', 'processing', 'interrupted'])
      .openapi({ description: '`processing` while the job runs; `interrupted` when it was archived.' }),
    pullRequestLink: z.string().optional().openapi({ description: 'Link to the created pull request.' }),
    messageToUser: z.string().optional().openapi({ description: 'Message for the user about the session outcome.' }),
    todos: z.array(V1TodoSchema).openapi({ description: 'List of todo items from the session (Folio records none).' }),
    title: z.string().openapi({ description: 'The first line of the prompt.' }),
    createdAt: z.string().datetime().openapi({ description: 'Timestamp when the session was created.' }),
  })
  .openapi('AgentSessionV1');

export const V1SessionListSchema = z
  .object({ allSessions: z.array(V1SessionSchema).openapi({ description: 'Agent sessions of the project, newest first.' }) })
  .openapi('AgentSessionListV1');

export const V1ListQuery = z.object({
  skip: z.coerce.number().int().min(0).default(0).openapi({ param: { name: 'skip', in: 'query' }, description: 'Number of results to skip.' }),
  take: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(12)
    .openapi({ param: { name: 'take', in: 'query' }, description: 'Number of results to return (max 100).' }),
});

export const V1CreateBody = z
  .object({
    branch: text().min(1).max(200).optional().openapi({ description: 'Branch the agent works on; derived from the job id when omitted.' }),
    messages: z
      .array(
        z.object({
          role: z.enum(['system', 'user', 'assistant']).openapi({ description: 'Sender of the message; `user` messages form the prompt.' }),
          content: text().openapi({ description: 'The content of the message.' }),
        }),
      )
      .min(1)
      .openapi({ description: 'Messages for the agent; the `user` ones become the job prompt.' }),
    asDraft: z.boolean().optional().openapi({ description: 'Accepted for compatibility; Folio pull requests are regular ones.' }),
    model: z.enum(['sonnet', 'opus']).optional().openapi({ description: "Accepted for compatibility; the server's default model runs the job." }),
  })
  .openapi('CreateAgentJobRequestV1');
