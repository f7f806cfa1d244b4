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

/** What `folio start` prints once the server listens. */
export interface StartBannerInput {
  /** The admin API's origin as shown (`http://localhost:8080`). */
  origin: string;
  /** The dashboard's lines (`ownerLines`). */
  owner: string[];
  siteUrl: string;
  projectId: string;
  /** The key created by this start (shown once), or the last four characters of the one created before. */
  key: { fresh: string } | { last4: string };
  /** `--data`, for the key command. */
  data: string;
  /** The embedded database, which one process holds at a time: a key is created with the server stopped. */
  embedded: boolean;
}

/** `text` as one shell word: as is when it is plain, else single-quoted. */
const shellWord = (text: string) => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);

/**
 * The banner of `folio start`. Every command it prints runs as printed: a later start cannot show
 * the key again (stored as a hash), so its "Try the API" line says where the key comes from and
 * leaves a placeholder to replace, instead of a shell variable nothing sets (a 401 when run as
 * printed, issue 48).
 */
export function startBanner({ origin, owner, siteUrl, projectId, key, data, embedded }: StartBannerInput): string {
  const jobs = `${origin}/v2/agent/${projectId}/jobs`;
  const keyCommand = `npm run folio -- keys create --project ${projectId} --data ${shellWord(data)}`;
  const keyLines =
    'fresh' in key
      ? [`  Admin key:   ${key.fresh}`, '               (shown once: it is stored only as a hash)']
      : [
          `  Admin key:   printed on first start (folio_…${key.last4}); it is stored only as a hash and not shown again.`,
          `               New key: the dashboard's API keys page, or ${embedded ? 'stop this server and run' : 'run'}`,
          `               ${keyCommand}`,
        ];
  const tryLines =
    'fresh' in key
      ? ['Try the API:', `  curl -H "Authorization: Bearer ${key.fresh}" ${jobs}`]
      : ['Try the API with your admin key in place of <admin key>:', `  curl -H "Authorization: Bearer <admin key>" ${jobs}`];
  return [
    '',
    'Folio is running.',
    `  Admin API:   ${origin}  (OpenAPI document: ${origin}/openapi.json)`,
    ...owner,
    `  Docs site:   ${siteUrl}  (publishing in the background; a line below says when it is up)`,
    `  Project id:  ${projectId}`,
    ...keyLines,
    '',
    ...tryLines,
    '',
    'Press Ctrl+C to stop.',
    '',
  ].join('\n');
}

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
        // The dashboard's Documentation entry leads to the docs published below, once the port is known.
        let docsUrl: string | undefined;
        server = await startFromFlags(flags, { docsUrl: () => docsUrl });
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
        docsUrl = siteUrl;
        process.stdout.write(
          startBanner({
            origin,
            owner: ownerLines(server, origin),
            siteUrl,
            projectId: project.id,
            key: fresh ? { fresh: fresh.key } : { last4: existing[0]!.last4 },
            data: flags.data,
            embedded: db.kind === 'pglite',
          }),
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
