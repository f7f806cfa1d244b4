/** Worker entry of `buildSiteIsolated`: one untrusted build, its log lines and its result posted back. */
import { parentPort, workerData } from 'node:worker_threads';
import { buildSite, type BuildOptions } from './build-site.js';
import { lowerThisThreadPriority } from './isolated-pool.js';

const options = workerData as BuildOptions;
// Behind the thread that answers HTTP for the CPU; the page workers it starts inherit this.
lowerThisThreadPriority();
buildSite({ ...options, untrusted: true, log: (line) => parentPort!.postMessage({ type: 'log', line }) }).then(
  (result) => parentPort!.postMessage({ type: 'result', result }),
  (error: unknown) => parentPort!.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
);
