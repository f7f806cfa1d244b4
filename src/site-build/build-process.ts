/**
 * Entry of the sandboxed process of `buildSiteIsolated` (`sandbox.ts` starts it): untrusted builds,
 * one per `build` message, their log lines and results sent back over the IPC channel. A warm
 * process (kept for one site between its updates) keeps its page workers too (`keepPageWorkers`).
 */
import { buildSite, type BuildOptions } from './build-site.js';
import { keepPageWorkers } from './isolated-pool.js';

type Request = { type: 'build'; options: BuildOptions; warm: boolean };

const send = (message: unknown) => process.send!(message);

process.on('message', (message: Request) => {
  if (message.type !== 'build') return;
  if (message.warm) keepPageWorkers();
  // A warm process keeps Pagefind's process too, for the site's next delta index.
  buildSite({ ...message.options, untrusted: true, keepSearchService: message.warm, log: (line) => send({ type: 'log', line }) }).then(
    (result) => send({ type: 'result', result, cpuMs: cpuMs() }),
    (error: unknown) => send({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
});
// The parent going away (a server stopped or killed) ends this process.
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
