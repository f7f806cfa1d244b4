import { asc, eq } from 'drizzle-orm';
import type { Database } from './connection.js';
import { agentJobSteps, type AgentJobStepRow, type AgentStepKind } from './schema.js';

/** One step of a job's run as the agent reports it. */
export interface NewAgentJobStep {
  kind: AgentStepKind;
  text: string;
  /** A check's outcome. */
  ok?: boolean;
}

/** Longest step text kept; a step is a line for people, not a log file. */
const MAX_STEP_TEXT = 4_000;

/** Append steps to a job's transcript. */
export async function addAgentJobSteps(db: Database, jobId: string, steps: readonly NewAgentJobStep[]): Promise<void> {
  if (steps.length === 0) return;
  const now = new Date();
  await db.orm.insert(agentJobSteps).values(
    steps.map((s) => ({ jobId, kind: s.kind, text: s.text.slice(0, MAX_STEP_TEXT), ok: s.ok ?? null, createdAt: now })),
  );
}

/** Every step of a job in order. */
export async function listAgentJobSteps(db: Database, jobId: string): Promise<AgentJobStepRow[]> {
  return db.orm.select().from(agentJobSteps).where(eq(agentJobSteps.jobId, jobId)).orderBy(asc(agentJobSteps.id));
}
