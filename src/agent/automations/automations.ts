import {
  dueAutomations,
  pushAutomations,
  startAutomationRun,
  type AgentAutomationRow,
  type AgentJobRow,
  type AutomationRunReason,
  type Database,
  type ProjectRow,
} from '../../db/index.js';
import { kindContext } from './context.js';
import { nextCronTime } from './cron.js';

/** One run an automation started: `runId` is the API's `instanceId`, the job an ordinary agent job. */
export interface AutomationRun {
  automationId: string;
  runId: string;
  job: AgentJobRow;
}

export interface AutomationsOptions {
  db: Database;
  /** The job's model when the automation names none. */
  defaultModel: string;
  /** Hand a new job to the queue (as the API does); without it the job waits in the database for a worker's reaper. */
  enqueue?: (jobId: string) => void | Promise<void>;
  log?: (line: string) => void;
}

/** Starting automation runs: on demand, when schedules are due, and on pushes. */
export interface Automations {
  /** Start a run now; null when the automation is gone or paused. `promptSuffix` is added to this run's prompt (a webhook's event). */
  fire(automation: AgentAutomationRow, reason: AutomationRunReason, ref?: string | null, promptSuffix?: string): Promise<AutomationRun | null>;
  /**
   * Fire every schedule due at `now` once and move it to its next time. Safe with several processes
   * ticking at once: each due row is fired by the one whose conditional update wins.
   */
  runDue(now: Date): Promise<AutomationRun[]>;
  /** Fire the project's push automations that watch `branch` (the project's branch when they name none). */
  onPush(project: ProjectRow, branch: string): Promise<AutomationRun[]>;
}

/** Build the automation starter over the database and the job queue. */
export function createAutomations({ db, defaultModel, enqueue, log = () => {} }: AutomationsOptions): Automations {
  async function queue(run: AutomationRun | null): Promise<AutomationRun | null> {
    if (!run) return null;
    try {
      await enqueue?.(run.job.id);
    } catch (error) {
      // The job is stored; a worker's reaper sends it when the queue did not take it.
      log(`automation ${run.automationId}: job ${run.job.id} stored but not queued: ${(error as Error).message}`);
    }
    return run;
  }

  const start = async (automation: AgentAutomationRow, reason: AutomationRunReason, ref: string | null, schedule?: { expected: Date; next: Date }, promptSuffix?: string) => {
    // Kinds that work from readers' signals get them with the prompt (questions, feedback), then a webhook's event.
    const context = await kindContext(db, automation.projectId, automation.kind);
    const suffix = `${context}${promptSuffix ?? ''}`;
    const started = await startAutomationRun(db, { automationId: automation.id, reason, defaultModel, ref, now: new Date(), schedule, promptSuffix: suffix || undefined });
    return started ? { automationId: automation.id, ...started } : null;
  };

  return {
    fire: async (automation, reason, ref = null, promptSuffix) => queue(await start(automation, reason, ref, undefined, promptSuffix)),
    async runDue(now) {
      const runs: AutomationRun[] = [];
      for (const automation of await dueAutomations(db, now)) {
        // No catch-up storm after downtime: one run, then the first time after now.
        const next = nextCronTime(automation.schedule ?? '', now);
        if (!next || !automation.nextRunAt) continue;
        const run = await queue(await start(automation, 'schedule', null, { expected: automation.nextRunAt, next }));
        if (run) {
          log(`automation ${automation.id} (${automation.name}): scheduled run ${run.runId}, job ${run.job.id}; next at ${next.toISOString()}`);
          runs.push(run);
        }
      }
      return runs;
    },
    async onPush(project, branch) {
      const runs: AutomationRun[] = [];
      for (const automation of await pushAutomations(db, project.id)) {
        const watched = automation.branch ?? project.branch;
        if (watched !== branch) continue;
        const run = await queue(await start(automation, 'push', branch === project.branch ? null : branch));
        if (run) runs.push(run);
      }
      return runs;
    },
  };
}

export interface SchedulerOptions {
  automations: Automations;
  /** How often due schedules are looked for; default 30 s (a schedule fires within this of its minute). */
  intervalMs?: number;
  /** The clock (tests inject one). */
  now?: () => Date;
  log?: (line: string) => void;
}

/** A running scheduler: `tick()` looks for due schedules at once (what the timer calls). */
export interface AutomationScheduler {
  tick(): Promise<AutomationRun[]>;
  stop(): Promise<void>;
}

/** Look for due schedules every `intervalMs` until stopped; one tick at a time. */
export function startAutomationScheduler({ automations, intervalMs = 30_000, now = () => new Date(), log = () => {} }: SchedulerOptions): AutomationScheduler {
  let running: Promise<AutomationRun[]> | null = null;
  let stopped = false;
  const tick = () => {
    running ??= automations.runDue(now()).finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => {
    if (!stopped) tick().catch((error: unknown) => log(`automation scheduler: ${(error as Error).message}`));
  }, intervalMs);
  timer.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
