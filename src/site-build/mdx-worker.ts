/** Worker thread entry: compiles MDX bodies sent by the pool, one at a time. */
import { parentPort, workerData } from 'node:worker_threads';
import { runMdxJob, type MdxJob } from '../render/index.js';

const { root, variables, untrusted } = workerData as { root: string; variables: Record<string, string>; untrusted?: boolean };

// One message per batch: posting each page separately cost ~1 ms of messaging per page.
parentPort!.on('message', async (jobs: MdxJob[]) => {
  const results = [];
  for (const job of jobs) results.push(await runMdxJob(job, root, variables, { untrusted }));
  parentPort!.postMessage(results);
});
