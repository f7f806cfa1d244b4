/**
 * Entry of the sandboxed process of `buildSiteIsolated` (`sandbox.ts` starts it): untrusted builds,
 * one per `build` message, their log lines and results sent back over the IPC channel. A warm
 * process (kept for one site between its updates) keeps its page workers too (`keepPageWorkers`).
 */
import { buildSite, withOutputChanges, type BuildOptions, type BuildResult } from './build-site.js';
import { keepPageWorkers } from './isolated-pool.js';
import { WatchBuild } from './watch-build.js';

/**
 * `id`: the build's name (a hosted update's id). `edits`: the docs-root files changed since build
 * `since`, whose output the folder holds; a warm process that made that build takes the short way of
 * `folio build --watch` for a body-only edit (only those pages read, planned, compiled and written).
 */
type Request = { type: 'build'; options: BuildOptions; warm: boolean; id?: string; edits?: { since: string; files: string[] } };

const send = (message: unknown) => process.send!(message);

/** What a warm process keeps of its last successful build: its options (as JSON), its id and the loaded site. */
let kept: { options: string; id: string; watch: WatchBuild } | null = null;

function build(message: Request): Promise<BuildResult> {
  // A warm process keeps Pagefind's process too, for the site's next delta index.
  const options: BuildOptions = { ...message.options, untrusted: true, keepSearchService: message.warm, log: (line) => send({ type: 'log', line }) };
  if (!message.warm || !message.id) return buildSite(options);
  const key = JSON.stringify(message.options);
  const from = kept;
  kept = null;
  const short = from !== null && from.options === key && message.edits !== undefined && message.edits.since === from.id;
  const watch = short ? from.watch : new WatchBuild(options, false);
  return withOutputChanges(options.outDir, () => watch.build(short ? message.edits!.files : undefined, { committed: true })).then((result) => {
    if (result.ok) kept = { options: key, id: message.id!, watch };
    return result;
  });
}

process.on('message', (message: Request) => {
  if (message.type !== 'build') return;
  if (message.warm) keepPageWorkers();
  build(message).then(
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
