/**
 * Worker entry of `buildSiteIsolated`: untrusted builds, their log lines and results posted back. The
 * first build comes as `workerData`; a warm worker (kept for one site between its updates) takes each
 * next one as a `build` message, and keeps its page workers too (`keepPageWorkers`).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { buildSite, type BuildOptions } from './build-site.js';
import { keepPageWorkers, lowerThisThreadPriority } from './isolated-pool.js';

const { options, warm } = workerData as { options: BuildOptions; warm: boolean };
// Behind the thread that answers HTTP for the CPU; the page workers it starts inherit this.
lowerThisThreadPriority();
if (warm) keepPageWorkers();

function build(next: BuildOptions): void {
  buildSite({ ...next, untrusted: true, log: (line) => parentPort!.postMessage({ type: 'log', line }) }).then(
    (result) => parentPort!.postMessage({ type: 'result', result }),
    (error: unknown) => parentPort!.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
}

parentPort!.on('message', (message: { type: 'build'; options: BuildOptions }) => {
  if (message.type === 'build') build(message.options);
});
build(options);
