import type { Command } from 'commander';
import { apiKeyUnusableReason, createApiKey, createAssistantKey, getProject, listApiKeys, listAssistantKeys, parseAllowedOrigins, revokeApiKey, revokeAssistantKey } from '../../db/index.js';
import { formatTable, parseExpiry, reportCliError, withCliDatabase, type DataFlags } from '../support.js';

interface CreateFlags extends DataFlags {
  project: string[];
  name?: string;
  expires?: string;
}

const fail = (code: string, message: string) => Object.assign(new Error(message), { code });
const day = (d: Date | null) => (d ? d.toISOString().replace(/\.\d+Z$/, 'Z') : '-');

/** `folio keys create|list|revoke`: admin API keys. */
export function registerKeys(program: Command): void {
  const keys = program.command('keys').description('Create, list and revoke admin API keys');
  const dataOption = ['--data <dir>', 'data directory (ignored when DATABASE_URL is set)', '.folio'] as const;

  keys
    .command('create')
    .description('Create an admin key; prints it once, on the last line')
    .requiredOption('--project <id>', 'project the key may act on (repeatable)', (v: string, all: string[]) => [...all, v], [] as string[])
    .option('--name <name>', 'label shown in lists')
    .option('--expires <when>', 'expiry: 90d, 12h, 30m or an ISO date')
    .option(...dataOption)
    .action(async (flags: CreateFlags) => {
      try {
        const expiresAt = flags.expires === undefined ? null : parseExpiry(flags.expires);
        if (flags.expires !== undefined && !expiresAt) throw fail('INVALID_REQUEST', `--expires "${flags.expires}" is not like 90d, 12h, 30m or 2030-01-31.`);
        if (expiresAt && expiresAt.getTime() <= Date.now()) throw fail('INVALID_REQUEST', `--expires "${flags.expires}" is in the past.`);
        const { key, row } = await withCliDatabase(flags, async (db) => {
          for (const id of flags.project) {
            if (!(await getProject(db, id))) throw fail('NOT_FOUND', `Project "${id}" does not exist; see \`folio projects list\`.`);
          }
          return createApiKey(db, { projectIds: flags.project, name: flags.name, expiresAt });
        });
        process.stdout.write(
          `Created key ${row.id} for ${row.projectIds.join(', ')}${row.expiresAt ? `, expires ${day(row.expiresAt)}` : ''}.\n` +
            'Copy it now: it is stored only as a hash and cannot be shown again.\n' +
            `${key}\n`,
        );
      } catch (error) {
        reportCliError(error);
      }
    });

  keys
    .command('list')
    .description("List a project's keys (never the keys themselves)")
    .requiredOption('--project <id>', 'project id')
    .option(...dataOption)
    .action(async (flags: DataFlags & { project: string }) => {
      try {
        const rows = await withCliDatabase(flags, (db) => listApiKeys(db, flags.project));
        if (rows.length === 0) {
          process.stdout.write(`No keys for ${flags.project}. Create one: folio keys create --project ${flags.project}\n`);
          return;
        }
        process.stdout.write(
          formatTable(
            ['ID', 'NAME', 'KEY', 'CREATED', 'LAST USED', 'EXPIRES', 'STATE'],
            rows.map((k) => [k.id, k.name || '-', `folio_…${k.last4}`, day(k.createdAt), day(k.lastUsedAt), day(k.expiresAt), apiKeyUnusableReason(k) ?? 'active']),
          ),
        );
      } catch (error) {
        reportCliError(error);
      }
    });

  keys
    .command('revoke')
    .description('Revoke a key; requests with it get 401 (a running server notices within 5 s)')
    .argument('<keyId>', 'key id from `folio keys list`')
    .option(...dataOption)
    .action(async (keyId: string, flags: DataFlags) => {
      try {
        const row = await withCliDatabase(flags, (db) => revokeApiKey(db, keyId));
        if (!row) throw fail('NOT_FOUND', `No active key "${keyId}"; see \`folio keys list --project <id>\`.`);
        process.stdout.write(`Revoked ${row.id} (folio_…${row.last4}).\n`);
      } catch (error) {
        reportCliError(error);
      }
    });

  registerAssistantKeys(keys, dataOption);
}

/** `folio keys assistant create|list|revoke`: public assistant keys for browsers (search and ask, one project). */
function registerAssistantKeys(keys: Command, dataOption: readonly [string, string, string]): void {
  const assistant = keys.command('assistant').description('Create, list and revoke assistant keys (public, for browsers: search and ask only)');
  assistant
    .command('create')
    .description('Create an assistant key; prints it once, on the last line')
    .requiredOption('--project <id>', 'project whose site the key searches')
    .option('--name <name>', 'label shown in lists')
    .option('--origin <url>', 'origin a browser may call from (repeatable; none: any)', (v: string, all: string[]) => [...all, v], [] as string[])
    .option(...dataOption)
    .action(async (flags: DataFlags & { project: string; name?: string; origin: string[] }) => {
      try {
        const parsed = parseAllowedOrigins(flags.origin.join('\n'));
        if ('problem' in parsed) throw fail('INVALID_REQUEST', parsed.problem);
        const { key, row } = await withCliDatabase(flags, async (db) => {
          if (!(await getProject(db, flags.project))) throw fail('NOT_FOUND', `Project "${flags.project}" does not exist; see \`folio projects list\`.`);
          return createAssistantKey(db, { projectId: flags.project, name: flags.name, allowedOrigins: parsed.origins });
        });
        process.stdout.write(`Created assistant key ${row.id} for ${row.projectId}${row.allowedOrigins.length ? `, from ${row.allowedOrigins.join(', ')}` : ', from any origin'}.\nIt is public (meant for web pages) and can only search and ask. Copy it now: it cannot be shown again.\n${key}\n`);
      } catch (error) {
        reportCliError(error);
      }
    });
  assistant
    .command('list')
    .description("List a project's assistant keys")
    .requiredOption('--project <id>', 'project id')
    .option(...dataOption)
    .action(async (flags: DataFlags & { project: string }) => {
      try {
        const rows = await withCliDatabase(flags, (db) => listAssistantKeys(db, flags.project));
        if (rows.length === 0) {
          process.stdout.write(`No assistant keys for ${flags.project}. Create one: folio keys assistant create --project ${flags.project}\n`);
          return;
        }
        process.stdout.write(formatTable(['ID', 'NAME', 'KEY', 'ORIGINS', 'CREATED', 'LAST USED', 'STATE'], rows.map((k) => [k.id, k.name || '-', `folio_pub_…${k.last4}`, k.allowedOrigins.join(' ') || 'any', day(k.createdAt), day(k.lastUsedAt), k.revokedAt ? 'revoked' : 'active'])));
      } catch (error) {
        reportCliError(error);
      }
    });
  assistant
    .command('revoke')
    .description('Revoke an assistant key (a running server notices within 5 s)')
    .argument('<keyId>', 'key id from `folio keys assistant list`')
    .requiredOption('--project <id>', 'project id')
    .option(...dataOption)
    .action(async (keyId: string, flags: DataFlags & { project: string }) => {
      try {
        const row = await withCliDatabase(flags, (db) => revokeAssistantKey(db, flags.project, keyId));
        if (!row) throw fail('NOT_FOUND', `No active assistant key "${keyId}" in ${flags.project}; see \`folio keys assistant list --project ${flags.project}\`.`);
        process.stdout.write(`Revoked ${row.id} (folio_pub_…${row.last4}).\n`);
      } catch (error) {
        reportCliError(error);
      }
    });
}
