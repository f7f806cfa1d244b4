/** Worker thread entry: compiles MDX bodies sent by the pool, one at a time. */
import { parentPort, workerData } from 'node:worker_threads';
import { runMdxJob, type MdxJob } from './mdx-job.js';

const { root, variables } = workerData as { root: string; variables: Record<string, string> };

parentPort!.on('message', async (jobs: MdxJob[]) => {
  for (const job of jobs) parentPort!.postMessage(await runMdxJob(job, root, variables));
});
