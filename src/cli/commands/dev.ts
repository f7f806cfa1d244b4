import path from 'node:path';
import type { Command } from 'commander';
import { isEditorPath, type DevSiteRoute } from '../../dev/index.js';

/**
 * The docs assistant and the discovery API of `folio dev`, with the model `folio serve` would use
 * (`FOLIO_LLM_*`, `ANTHROPIC_API_KEY`, `FOLIO_ASSISTANT_MODEL`): `dev` sits below `assistant` in the
 * layers, so the command wires the two. Without a model the routes still answer (search and pages;
 * the widget's config says disabled, so its button stays hidden). The assistant layer (0.7-1.6 s of
 * module loading on a busy 2-core machine: the AI SDK, the database layer) loads on `ready()` or the
 * first request, so the preview starts as fast as before; `ready()` names the model for the terminal.
 */
export function devAssistant(env: NodeJS.ProcessEnv, log: (line: string) => void): { route: DevSiteRoute; ready(): Promise<string | null> } {
  let loaded: Promise<{ route: DevSiteRoute; model: string | null }> | null = null;
  const load = () =>
    (loaded ??= import('../../assistant/index.js').then(({ assistantOptionsFromEnv, localAssistantRoute }) => {
      const options = assistantOptionsFromEnv(env);
      const where = options ? (options.llm.provider === 'anthropic' ? 'Anthropic' : (options.llm.baseUrl ?? 'the OpenAI-compatible endpoint')) : '';
      return { route: localAssistantRoute(options, { log }), model: options ? `${options.model} at ${where}` : null };
    }));
  return { route: async (at, request) => (await load()).route(at, request), ready: async () => (await load()).model };
}

/**
 * The web editor of `folio dev` over the docs folder `root` (files written as the writer saves; no
 * git, no database): the editor and dashboard layers sit beside `dev`, so the command wires them,
 * loaded on the first request to `<base>/__folio/editor`. Other paths are left to the next route.
 */
export function devEditor(root: string): DevSiteRoute {
  let loaded: Promise<DevSiteRoute> | null = null;
  return async (at, request) => {
    if (!isEditorPath(at.sitePath)) return null;
    loaded ??= Promise.all([import('../../editor/index.js'), import('../../dashboard/index.js')]).then(([{ LocalEditor }, { localEditorRoute }]) => {
      const editor = new LocalEditor(root);
      return localEditorRoute(editor);
    });
    return (await loaded)(at, request);
  };
}

/** The route `folio dev` hands its server: the editor's paths to the editor (null: `--no-editor`), the rest to the assistant's. */
export function devSiteRoute(editor: DevSiteRoute | null, assistant: DevSiteRoute): DevSiteRoute {
  return editor ? async (at, request) => (await editor(at, request)) ?? assistant(at, request) : assistant;
}

/** `folio dev [dir] --port <n>`: live preview with reload on change. */
export function registerDev(program: Command): void {
  program
    .command('dev')
    .description('Preview the site locally: renders on request, reloads the browser when files change, shows build errors in the page')
    .argument('[dir]', 'docs root (holds docs.json or mint.json)', '.')
    .option('-p, --port <n>', 'port to listen on (0 picks a free one)', '3000')
    .option('--base <path>', 'serve the site under this path (/docs), as folio build --base lays it out')
    .option('--integrations', 'load the analytics and chat integrations of docs.json (off by default, so previews are not counted)')
    .option('--no-editor', 'do not serve the web editor at <site>/__folio/editor (it writes the files of the docs folder)')
    .action(async (dir: string, flags: { port: string; integrations?: boolean; base?: string; editor: boolean }) => {
      const port = Number(flags.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) {
        process.stderr.write(`--port must be a number from 0 to 65535, got "${flags.port}"\n`);
        process.exitCode = 2;
        return;
      }
      process.env.NODE_ENV ??= 'production';
      const { startDevServer } = await import('../../dev/index.js');
      const log = (line: string) => process.stderr.write(line + '\n');
      try {
        const assistant = devAssistant(process.env, log);
        const editor = flags.editor ? devEditor(path.resolve(dir)) : null;
        const server = await startDevServer({ root: path.resolve(dir), port, integrations: flags.integrations === true, basePath: flags.base, log, siteRoute: devSiteRoute(editor, assistant.route) });
        const base = flags.base ? flags.base.replace(/^\/?/, '/').replace(/\/+$/, '') : '';
        process.stderr.write(`folio dev: serving ${path.resolve(dir)} at ${server.url}${base ? base + '/' : ''} (Ctrl+C to stop)\n`);
        if (editor) process.stderr.write(`folio dev: edit the pages at ${server.url}${base}/__folio/editor (saves write the files; --no-editor turns it off)\n`);
        void assistant.ready().then(
          (model) => process.stderr.write(model ? `folio dev: the assistant answers with ${model} (Ask AI, Ctrl/⌘+I)\n` : 'folio dev: no model for the assistant (set FOLIO_LLM_BASE_URL or ANTHROPIC_API_KEY, and FOLIO_ASSISTANT_MODEL, to ask the docs)\n'),
          (error: unknown) => process.stderr.write(`folio dev: the assistant could not load: ${String(error)}\n`),
        );
        const stop = () => void server.close().then(() => process.exit(0));
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        process.stderr.write(code === 'EADDRINUSE' ? `DEV_PORT_IN_USE: port ${port} is in use; pass another with --port\n` : `folio dev failed: ${String(error)}\n`);
        process.exitCode = 1;
      }
    });
}
