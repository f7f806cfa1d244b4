/** Stable codes of the jobs layer; each is documented in docs/reference/errors/jobs.md. */
export const JOBS_CODES = {
  JOBS_QUEUE_START_FAILED: 'pg-boss could not start on the database (its schema could not be created or reached).',
  JOBS_DATABASE_REQUIRED: '`folio worker` needs DATABASE_URL: standalone workers share one PostgreSQL with `folio serve` (PGlite belongs to one process).',
  JOBS_LEASE_LOST: 'A worker lost its lease on a job (it stalled past the lease); it stopped and another worker took the job.',
  JOBS_LEASE_RENEW_FAILED: 'Renewing a lease failed (logged); the next renewal tries again, and only a lease that runs out is lost.',
  JOBS_LEASE_RELEASE_FAILED: 'Giving a lease back failed (logged); the job is taken up again once the lease expires.',
} as const;

export type JobsCode = keyof typeof JOBS_CODES;
