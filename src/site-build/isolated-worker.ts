/** Worker entry of untrusted builds (`isolated-pool.ts`): says when it is ready, then compiles one page per message. */
import { parentPort, workerData } from 'node:worker_threads';
import { runMdxJob, type MdxJob } from '../render/index.js';

const { root, variables } = workerData as { root: string; variables: Record<string, string> };

parentPort!.on('message', async (job: MdxJob) => {
  parentPort!.postMessage(await runMdxJob(job, root, variables, { untrusted: true }));
});
parentPort!.postMessage('ready');
