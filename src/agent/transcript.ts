import { addAgentJobSteps, type Database, type NewAgentJobStep } from '../db/index.js';

/**
 * A job's transcript as it is written: steps go to the database as they
 * happen (so the dashboard can show them live), one write after another;
 * `flush` waits for the writes. A failed write is logged, never fails the job.
 */
export class Transcript {
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly jobId: string,
    private readonly log: (line: string) => void,
  ) {}

  /** Record one step (a file read or changed, a check, a note, the summary). */
  readonly add = (step: NewAgentJobStep): void => {
    this.writes = this.writes
      .then(() => addAgentJobSteps(this.db, this.jobId, [step]))
      .catch((err: unknown) => this.log(`job ${this.jobId}: transcript write failed: ${(err as Error).message}`));
  };

  /** Wait until every recorded step is stored. */
  flush(): Promise<void> {
    return this.writes;
  }
}
