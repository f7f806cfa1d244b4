import type { NewAgentJobStep } from '../db/index.js';

/** What an agent model is given: the docs root inside the job's workspace and the prompt. */
export interface AgentRunInput {
  /** Absolute docs root (the workspace joined with the project's docs dir). */
  root: string;
  prompt: string;
  /** The repository's own instructions for agents (its AGENTS.md, bounded), given with the system prompt; absent when it has none. */
  instructions?: string;
  log?: (line: string) => void;
  /** Record a step in the job's transcript (a file read or changed, a check and its outcome, a note). */
  step?: (step: NewAgentJobStep) => void;
  signal?: AbortSignal;
}

/** What an agent model reports: a one-line title (commit and PR) and a markdown summary of its edits. */
export interface AgentRun {
  title: string;
  summary: string;
}

/** An agent model: edits files under `root`, returns what it did. */
export type AgentModel = (input: AgentRunInput) => Promise<AgentRun>;
