/**
 * Entry of the sandboxed process of `compilePageIsolated` (`sandbox.ts` starts it, `isolated-compile.ts`
 * keeps it warm for one web editor checkout): one page body per `compile` message, compiled in
 * untrusted mode on this process's own thread, its result sent back over the IPC channel. A page
 * that runs over its time limit is not stopped here: the server kills the whole process.
 */
import { runMdxJob, type MdxJob } from '../render/index.js';

export type CompileRequest = { type: 'compile'; job: MdxJob; root: string; variables: Record<string, string> };

const send = (message: unknown) => process.send!(message);

process.on('message', (message: CompileRequest) => {
  if (message.type !== 'compile') return;
  runMdxJob(message.job, message.root, message.variables, { untrusted: true }).then(
    (result) => send({ type: 'result', result, cpuMs: cpuMs() }),
    (error: unknown) => send({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
});
// The parent going away (a server stopped or killed) ends this process.
process.on('disconnect', () => process.exit(0));
// Ready once the MDX pipeline and a code highlighter are loaded (a throwaway page; ~0.7 s, more from
// TypeScript sources): the page time limit counts a page's own compile, not this.
const warmUp = { id: 0, file: 'folio-warm-up.mdx', source: '# Warm up\n\n```ts\nconst ready = true;\n```\n', lineOffset: 0 };
runMdxJob(warmUp, '/nonexistent', {}, { untrusted: true })
  .catch(() => undefined)
  .then(() => send({ type: 'ready' }));

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
