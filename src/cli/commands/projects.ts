import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { getSuggestionSource, setSuggestionSource } from '../../agent/index.js';
import { checkBranchName, checkRepositoryUrl, redactRepositoryUrl } from '../../git/index.js';
import { createProject, getProject, listProjects, updateProject, type SiteJwtSettings } from '../../db/index.js';
import { frameAncestorOrigin, jwtKeyProblem, MAX_FRAME_ANCESTORS } from '../../hosting/index.js';
import { formatTable, reportCliError, withCliDatabase, type DataFlags } from '../support.js';
import { hashPassword, normalizeBasePath, resolveInside } from '../../shared/index.js';

interface CreateFlags extends DataFlags {
  name: string;
  repo: string;
  branch: string;
  dir: string;
  host: string[];
  rate: string;
}

/** A local repository path given relative to the working directory becomes absolute; URLs stay as they are. */
function normaliseRepo(repo: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(repo) && !repo.startsWith('/') && !repo.startsWith('-') && fs.existsSync(repo)) {
    return path.resolve(repo);
  }
  return repo;
}

/** `folio projects create|list`. */
export function registerProjects(program: Command): void {
  const projects = program.command('projects').description('Create and list documentation projects (admin API and hosted sites)');

  projects
    .command('create')
    .description('Create a project; prints its id on the last line')
    .requiredOption('--name <name>', 'display name')
    .requiredOption('--repo <url>', 'git repository (https, ssh, git, file URL or absolute path; a local folder without git is built in place)')
    .option('--branch <branch>', 'branch that updates build', 'main')
    .option('--dir <dir>', 'docs folder inside the repository (holds docs.json)', '.')
    .option('--host <name>', 'custom domain serving the site (repeatable)', (v: string, all: string[]) => [...all, v], [] as string[])
    .option('--rate <n>', 'agent requests allowed per hour', '100')
    .option('--data <dir>', 'data directory (ignored when DATABASE_URL is set)', '.folio')
    .action(async (flags: CreateFlags) => {
      try {
        const repo = checkRepositoryUrl(normaliseRepo(flags.repo));
        checkBranchName(flags.branch);
        if (!resolveInside('/repo', flags.dir)) throw Object.assign(new Error(`--dir "${flags.dir}" leaves the repository; give a folder inside it.`), { code: 'UPDATE_BAD_SOURCE' });
        const rate = Number(flags.rate);
        if (!Number.isInteger(rate) || rate < 0) throw Object.assign(new Error(`--rate "${flags.rate}" is not a whole number of requests per hour.`), { code: 'INVALID_REQUEST' });
        const project = await withCliDatabase(flags, (db) =>
          createProject(db, { name: flags.name, repoUrl: repo, branch: flags.branch, docsDir: flags.dir, hostNames: flags.host, agentRatePerHour: rate }),
        );
        process.stdout.write(`Created project "${project.name}" (${project.repoUrl} @ ${project.branch}, docs in ${project.docsDir})\n${project.id}\n`);
      } catch (error) {
        reportCliError(error);
      }
    });

  projects
    .command('set')
    .description("Change a project's settings (a running server applies them within seconds)")
    .argument('<id>', 'project id')
    .option('--name <name>', 'display name')
    .option('--repo <url>', 'git repository')
    .option('--branch <branch>', 'branch that updates build')
    .option('--dir <dir>', 'docs folder inside the repository')
    .option('--host <name>', 'custom domain serving the site (repeatable; replaces the list)', (v: string, all: string[]) => [...all, v], [] as string[])
    .option('--no-hosts', 'remove every custom domain')
    .option('--rate <n>', 'agent requests allowed per hour')
    .option('--base <path>', "the site's base path (/docs behind a reverse proxy; / for none), from the next update")
    .option('--access <mode>', 'who may read the site: public, password, oidc or jwt (from the next update)')
    .option('--access-scope <scope>', 'what sign-in protects: site (all but public: true pages) or hidden (hidden and public: false pages)')
    .option('--site-password <password>', 'the site password (access password)')
    .option('--oidc-issuer <url>', 'OpenID Connect issuer URL (access oidc)')
    .option('--oidc-client-id <id>', 'OpenID Connect client id')
    .option('--oidc-client-secret <secret>', 'OpenID Connect client secret')
    .option('--oidc-groups-claim <name>', "the ID token claim naming the reader's groups (default groups)")
    .option('--jwt-login-url <url>', "the team's login page readers are sent to (access jwt)")
    .option('--jwt-algorithm <alg>', 'the algorithm tokens are signed with: EdDSA, RS256 or HS256')
    .option('--jwt-key-file <file>', 'the public key (PEM or JWK JSON) for EdDSA/RS256, or a file holding the HS256 secret')
    .option('--jwt-audience <aud>', 'require this aud claim')
    .option('--jwt-issuer <iss>', 'require this iss claim')
    .option('--frame-ancestor <origin>', 'an origin that may show the site in a frame, e.g. https://app.example.com (repeatable; replaces the list)', (v: string, all: string[]) => [...all, v], [] as string[])
    .option('--no-frame-ancestors', 'let no other site frame the site (the default)')
    .option('--source-repo <url>', "the product's source repository the agent's suggestions follow (\"\" for none)")
    .option('--source-branch <branch>', 'its branch (default main)')
    .option('--data <dir>', 'data directory (ignored when DATABASE_URL is set)', '.folio')
    .action(async (id: string, flags: DataFlags & { sourceRepo?: string; sourceBranch?: string; name?: string; repo?: string; branch?: string; dir?: string; host: string[]; hosts: boolean; rate?: string; base?: string; access?: string; accessScope?: string; sitePassword?: string; oidcIssuer?: string; oidcClientId?: string; oidcClientSecret?: string; oidcGroupsClaim?: string; jwtLoginUrl?: string; jwtAlgorithm?: string; jwtKeyFile?: string; jwtAudience?: string; jwtIssuer?: string; frameAncestor: string[]; frameAncestors: boolean }) => {
      try {
        const patch: Parameters<typeof updateProject>[2] = {};
        if (flags.name !== undefined) patch.name = flags.name;
        if (flags.repo !== undefined) patch.repoUrl = checkRepositoryUrl(normaliseRepo(flags.repo));
        if (flags.branch !== undefined) patch.branch = checkBranchName(flags.branch);
        if (flags.dir !== undefined) {
          if (!resolveInside('/repo', flags.dir)) throw Object.assign(new Error(`--dir "${flags.dir}" leaves the repository; give a folder inside it.`), { code: 'UPDATE_BAD_SOURCE' });
          patch.docsDir = flags.dir;
        }
        if (flags.host.length > 0) patch.hostNames = flags.host.map((h) => h.toLowerCase());
        else if (!flags.hosts) patch.hostNames = [];
        if (flags.rate !== undefined) {
          const rate = Number(flags.rate);
          if (!Number.isInteger(rate) || rate < 0) throw Object.assign(new Error(`--rate "${flags.rate}" is not a whole number of requests per hour.`), { code: 'INVALID_REQUEST' });
          patch.agentRatePerHour = rate;
        }
        if (flags.base !== undefined) {
          const basePath = normalizeBasePath(flags.base);
          if (basePath === null) throw Object.assign(new Error(`--base "${flags.base}" is not a URL path; give folder names after a slash, such as /docs.`), { code: 'BUILD_BASE_PATH_INVALID' });
          patch.basePath = basePath;
        }
        if (flags.access !== undefined) {
          if (!['public', 'password', 'oidc', 'jwt'].includes(flags.access)) throw Object.assign(new Error(`--access "${flags.access}": choose public, password, oidc or jwt.`), { code: 'INVALID_REQUEST' });
          patch.siteAccess = flags.access;
        }
        if (flags.accessScope !== undefined) {
          if (!['site', 'hidden'].includes(flags.accessScope)) throw Object.assign(new Error(`--access-scope "${flags.accessScope}": choose site or hidden.`), { code: 'INVALID_REQUEST' });
          patch.siteAccessScope = flags.accessScope;
        }
        if (flags.sitePassword !== undefined) patch.sitePasswordHash = await hashPassword(flags.sitePassword);
        if (flags.oidcIssuer !== undefined || flags.oidcClientId !== undefined || flags.oidcClientSecret !== undefined) {
          if (!flags.oidcIssuer || !flags.oidcClientId || !flags.oidcClientSecret) throw Object.assign(new Error('Give --oidc-issuer, --oidc-client-id and --oidc-client-secret together.'), { code: 'INVALID_REQUEST' });
          patch.siteOidc = { issuer: flags.oidcIssuer, clientId: flags.oidcClientId, clientSecret: flags.oidcClientSecret, ...(flags.oidcGroupsClaim ? { groupsClaim: flags.oidcGroupsClaim } : {}) };
        }
        if (flags.jwtLoginUrl !== undefined || flags.jwtAlgorithm !== undefined || flags.jwtKeyFile !== undefined) patch.siteJwt = await jwtSettingsOf(flags);
        if (flags.frameAncestor.length > 0) {
          if (flags.frameAncestor.length > MAX_FRAME_ANCESTORS) throw Object.assign(new Error(`At most ${MAX_FRAME_ANCESTORS} --frame-ancestor origins.`), { code: 'INVALID_REQUEST' });
          patch.frameAncestors = flags.frameAncestor.map((raw) => {
            const origin = frameAncestorOrigin(raw);
            if (!origin) throw Object.assign(new Error(`--frame-ancestor "${raw}" is not an origin; give https://host[:port] (https://*.example.com for its subdomains; http only for localhost).`), { code: 'INVALID_REQUEST' });
            return origin;
          });
        } else if (!flags.frameAncestors) patch.frameAncestors = [];
        const source = flags.sourceRepo !== undefined || flags.sourceBranch !== undefined ? { url: flags.sourceRepo?.trim() ? checkRepositoryUrl(flags.sourceRepo.trim()) : flags.sourceRepo, branch: flags.sourceBranch === undefined ? undefined : checkBranchName(flags.sourceBranch) } : null;
        if (Object.keys(patch).length === 0 && !source) throw Object.assign(new Error('Nothing to change: pass at least one option (see --help).'), { code: 'INVALID_REQUEST' });
        const row = await withCliDatabase(flags, async (db) => {
          const updated = Object.keys(patch).length > 0 ? await updateProject(db, id, patch) : await getProject(db, id);
          if (updated && source) {
            const before = await getSuggestionSource(db, id);
            const url = source.url === undefined ? (before?.repoUrl ?? null) : source.url || null;
            const followed = await setSuggestionSource(db, id, url, source.branch ?? before?.branch ?? 'main');
            process.stdout.write(followed.repoUrl ? `Suggestions follow ${redactRepositoryUrl(followed.repoUrl)} @ ${followed.branch}\n` : 'Suggestions follow no source repository\n');
          }
          return updated;
        });
        if (!row) throw Object.assign(new Error(`Project "${id}" does not exist; see \`folio projects list\`.`), { code: 'NOT_FOUND' });
        process.stdout.write(`Updated ${row.id}: ${row.repoUrl} @ ${row.branch}, docs in ${row.docsDir}, hosts ${row.hostNames.join(', ') || '-'}, ${row.agentRatePerHour} agent requests/hour${row.frameAncestors.length ? `, may be framed by ${row.frameAncestors.join(' ')}` : ''}\n`);
      } catch (error) {
        reportCliError(error);
      }
    });

  projects
    .command('list')
    .description('List projects')
    .option('--data <dir>', 'data directory (ignored when DATABASE_URL is set)', '.folio')
    .action(async (flags: DataFlags) => {
      try {
        const rows = await withCliDatabase(flags, (db) => listProjects(db));
        if (rows.length === 0) {
          process.stdout.write('No projects yet. Create one: folio projects create --name <name> --repo <git url>\n');
          return;
        }
        process.stdout.write(
          formatTable(
            ['ID', 'NAME', 'REPOSITORY', 'BRANCH', 'DIR', 'HOSTS', 'RATE/H'],
            rows.map((p) => [p.id, p.name, p.repoUrl, p.branch, p.docsDir, p.hostNames.join(',') || '-', String(p.agentRatePerHour)]),
          ),
        );
      } catch (error) {
        reportCliError(error);
      }
    });
}

/** The JWT handshake settings of `folio projects set`'s flags, the key read and checked before saving. */
async function jwtSettingsOf(flags: { jwtLoginUrl?: string; jwtAlgorithm?: string; jwtKeyFile?: string; jwtAudience?: string; jwtIssuer?: string }): Promise<SiteJwtSettings> {
  const invalid = (message: string) => Object.assign(new Error(message), { code: 'INVALID_REQUEST' });
  if (!flags.jwtLoginUrl || !flags.jwtAlgorithm || !flags.jwtKeyFile) throw invalid('Give --jwt-login-url, --jwt-algorithm and --jwt-key-file together.');
  if (!/^https?:\/\//.test(flags.jwtLoginUrl) || !URL.canParse(flags.jwtLoginUrl)) throw invalid(`--jwt-login-url "${flags.jwtLoginUrl}" is not an http(s) URL.`);
  if (flags.jwtAlgorithm !== 'EdDSA' && flags.jwtAlgorithm !== 'RS256' && flags.jwtAlgorithm !== 'HS256') throw invalid(`--jwt-algorithm "${flags.jwtAlgorithm}": choose EdDSA, RS256 or HS256.`);
  const key = (await readFile(flags.jwtKeyFile, 'utf8')).trim();
  const settings: SiteJwtSettings = { loginUrl: flags.jwtLoginUrl, algorithm: flags.jwtAlgorithm, key, ...(flags.jwtAudience ? { audience: flags.jwtAudience } : {}), ...(flags.jwtIssuer ? { issuer: flags.jwtIssuer } : {}) };
  const problem = await jwtKeyProblem(settings);
  if (problem) throw invalid(`--jwt-key-file: ${problem}.`);
  return settings;
}
