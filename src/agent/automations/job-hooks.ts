import { automationOfJob, type AgentAutomationRow, type AgentJobRow, type Database, type PullRequestDraft } from '../../db/index.js';
import { branchForJob, checkBranchName, runGit, type WorkBranch } from '../../git/index.js';
import type { LlmOptions } from '../llm/options.js';
import type { AgentModel } from '../model.js';
import type { PullRequestProvider } from '../pull-requests/types.js';
import { runKindChecks, type KindCheckInput } from './checks.js';
import { automationKind, type AutomationKind } from './kinds.js';
import { translateAgent } from './translate.js';

/** The work branch every run of an automation that appends to its open pull request uses. */
export function branchForAutomation(automationId: string): string {
  return checkBranchName(`folio/automation-${automationId}`);
}

/** What a job does differently because an automation started it (nothing for other jobs). */
export interface JobAutomation {
  automation: AgentAutomationRow | null;
  kind: AutomationKind | null;
  /**
   * The work branch and whether to start it afresh at the base: the job's own branch, or, for an
   * automation that appends, the automation's branch (continued while its pull request is open).
   */
  branch(provider: PullRequestProvider, repository: string, base: string | null): Promise<{ branch: string; restart: boolean; appending: boolean }>;
  /** The kind's agent when it has its own (translate), else null (the job's model). */
  model(llm: LlmOptions | null, modelId: string): AgentModel | null;
  /** The kind's checks on the result (throws AGENT_CHECK_FAILED). */
  check(input: KindCheckInput): Promise<void>;
  /** Automerge after the pull request is open: a line for the summary, or null when the automation does not merge. */
  afterPullRequest(provider: PullRequestProvider, draft: PullRequestDraft, work: WorkBranch): Promise<string | null>;
}

/** Look up the automation (if any) whose run `job` is. */
export async function jobAutomation(db: Database, job: AgentJobRow): Promise<JobAutomation> {
  const automation = await automationOfJob(db, job.id);
  const kind = automationKind(automation?.kind);
  return {
    automation,
    kind,
    async branch(provider, repository, base) {
      if (!automation?.appendToOpen) return { branch: branchForJob(job.id), restart: false, appending: false };
      const branch = branchForAutomation(automation.id);
      const open = await provider.openFor(branch, base, repository);
      return { branch, restart: !open, appending: open };
    },
    model: (llm, modelId) => (kind?.id === 'translate' ? translateAgent(llm, modelId) : null),
    check: async (input) => {
      if (kind) await runKindChecks(kind, input);
    },
    async afterPullRequest(provider, draft, work) {
      if (!automation?.automerge) return null;
      const outcome = await provider.merge(draft, { fastForward: () => work.fastForwardBase(), head: async () => (await runGit(work.dir, ['rev-parse', 'HEAD'])).trim(), baseCommit: work.baseCommit });
      return outcome.merged
        ? `The checks passed, so it was merged into ${draft.baseBranch}${outcome.commit ? ` (${outcome.commit.slice(0, 12)})` : ''}.`
        : `The checks passed, but it was not merged: ${outcome.reason}. It stays open.`;
    },
  };
}
