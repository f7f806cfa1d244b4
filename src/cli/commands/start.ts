import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { createApiKey, createProject, getProject, getUpdate, listApiKeys } from '../../db/index.js';
import { seedBareRepository } from '../../git/index.js';
import { reportCliError } from '../support.js';
import { displayOrigin, ownerLines, serverOptions, startFromFlags, type ServeFlags } from './serve.js';

/** The bundled docs, Folio's own documentation: `<package>/docs`, from src/cli/commands or dist/cli/commands alike. */
const DOCS_DIR = fileURLToPath(new URL('../../../docs/', import.meta.url)).replace(/\/$/, '');
const DOCS_PROJECT = 'docs';

/**
 * `folio start` (what `npm start` runs): `folio serve` plus a ready-to-try
 * project for the bundled docs (Folio's own documentation), published once, with a first admin key.
 */
export function registerStart(program: Command): void {
  serverOptions(program.command('start').description('Serve Folio with its own documentation published as a project and an admin key to try the API')).action(
    async (flags: ServeFlags) => {
      let server: Awaited<ReturnType<typeof startFromFlags>> | null = null;
      try {
        process.stderr.write(`Opening the database in ${flags.data} (migrations on first start) and starting the server…\n`);
        server = await startFromFlags(flags);
        const { db } = server;
        // A bare repository holding the docs on `main`, so updates and agent jobs (branches, pull
        // requests) work on it like on any other; seeded once, so merged changes survive restarts.
        const repo = await seedBareRepository(path.join(server.dataDir, 'docs.git'), DOCS_DIR, 'Bundled Folio docs');
        const project =
          (await getProject(db, DOCS_PROJECT)) ??
          (await createProject(db, { id: DOCS_PROJECT, name: 'Folio docs', repoUrl: `file://${repo}`, branch: 'main', docsDir: '.' }));
        const existing = await listApiKeys(db, project.id);
        const fresh = existing.length === 0 ? await createApiKey(db, { projectIds: [project.id], name: 'first key (folio start)' }) : null;
        const origin = displayOrigin(server);
        const siteUrl = `http://${project.id}.${flags.siteDomain}:${server.port}/`;
        const keyLines = fresh
          ? [`  Admin key:   ${fresh.key}`, '               (shown once: it is stored only as a hash)']
          : [
              `  Admin key:   created on first start (folio_…${existing[0]!.last4}); it is not shown again.`,
              '               New key: the dashboard\'s API keys page, or stop this server and run',
              `               npm run folio -- keys create --project ${project.id} --data ${flags.data}`,
            ];
        const token = fresh ? fresh.key : '$FOLIO_ADMIN_KEY';
        process.stdout.write(
          [
            '',
            'Folio is running.',
            `  Admin API:   ${origin}  (OpenAPI document: ${origin}/openapi.json)`,
            ...ownerLines(server, origin),
            `  Docs site:   ${siteUrl}  (publishing in the background; a line below says when it is up)`,
            `  Project id:  ${project.id}`,
            ...keyLines,
            '',
            'Try the API:',
            `  curl -H "Authorization: Bearer ${token}" ${origin}/v2/agent/${project.id}/jobs`,
            '',
            'Press Ctrl+C to stop.',
            '',
          ].join('\n'),
        );
        // Published after the URLs are printed: the API and dashboard answer meanwhile, and the site
        // published by an earlier start is served until the new build replaces it.
        const running = server;
        void running.updates
          .runNow(project, 'internal')
          .then(async (update) => {
            const outcome = await getUpdate(db, update.id);
            process.stdout.write(
              outcome?.status === 'success'
                ? `Docs site published: ${siteUrl}\n`
                : `Docs site not published: ${outcome?.summary ?? 'unknown'} (see the dashboard's Updates page)\n`,
            );
          })
          .catch((error: unknown) => process.stderr.write(`Publishing the bundled docs failed: ${(error as Error).message}\n`));
      } catch (error) {
        reportCliError(error);
        // Do not leave a half-started server holding the port and the data directory.
        // The start-up error above is the one reported; a failing close adds nothing to it.
        await server?.close().catch(() => undefined);
      }
    },
  );
}
