// `folio serve`'s worker on PGlite, in a process the test SIGKILLs. With
// PGLITE_CREATE_REPO set it first creates a project and a job over that repo.
import { runMaintainer, startWorker } from '../../src/agent/index.js';
import { createAgentJob, createProject, getAgentJobById, openDatabase } from '../../src/db/index.js';

const env = process.env;
// Never outlive a failed test by long.
setTimeout(() => process.exit(3), 60_000).unref();
const db = await openDatabase({ dataDir: env.PGLITE_DATA_DIR! });
let jobId = env.PGLITE_JOB_ID;
if (env.PGLITE_CREATE_REPO) {
  const project = await createProject(db, { name: 'pglite-crash', repoUrl: env.PGLITE_CREATE_REPO });
  jobId = (await createAgentJob(db, { projectId: project.id, repository: env.PGLITE_CREATE_REPO, ref: null, model: 'slow-maintainer', prompt: 'add unlisted pages' })).id;
}
const worker = await startWorker({
  db,
  publicUrl: 'http://folio.test',
  workDir: env.PGLITE_WORK_DIR!,
  pollIntervalSeconds: 0.5,
  verify: 'validate',
  llm: null,
  log: (line) => process.stdout.write(`${line}\n`),
  models: {
    'slow-maintainer': async (input) => {
      process.stdout.write(`model started ${jobId}\n`);
      await new Promise((r) => setTimeout(r, Number(env.PGLITE_SLOW_MS ?? 0)));
      return runMaintainer(input);
    },
  },
});
await worker.enqueue(jobId!);
for (;;) {
  const job = await getAgentJobById(db, jobId!);
  if (job && job.status !== 'active') break;
  await new Promise((r) => setTimeout(r, 200));
}
await worker.stop();
await db.close();
process.stdout.write(`done ${jobId}\n`);
