import { readFileSync } from 'node:fs';
import { Command } from 'commander';

type Register = (program: Command) => void;

/**
 * Every `folio` command: its name and a loader for `commands/<file>.ts`, which
 * exports `register<Name>(program)`. Loading only the command being run keeps
 * `folio validate` from importing the build, server and agent layers: eager
 * imports of all commands cost about 2 s before any command started.
 */
const COMMANDS: Record<string, () => Promise<Register>> = {
  validate: async () => (await import('./commands/validate.js')).registerValidate,
  schema: async () => (await import('./commands/schema.js')).registerSchema,
  upgrade: async () => (await import('./commands/upgrade.js')).registerUpgrade,
  nav: async () => (await import('./commands/nav.js')).registerNav,
  build: async () => (await import('./commands/build.js')).registerBuild,
  check: async () => (await import('./commands/check.js')).registerCheck,
  dev: async () => (await import('./commands/dev.js')).registerDev,
  mcp: async () => (await import('./commands/mcp.js')).registerMcp,
  'openapi-check': async () => (await import('./commands/openapi-check.js')).registerOpenapiCheck,
  migrate: async () => (await import('./commands/migrate.js')).registerMigrate,
  serve: async () => (await import('./commands/serve.js')).registerServe,
  start: async () => (await import('./commands/start.js')).registerStart,
  projects: async () => (await import('./commands/projects.js')).registerProjects,
  keys: async () => (await import('./commands/keys.js')).registerKeys,
  worker: async () => (await import('./commands/worker.js')).registerWorker,
  export: async () => (await import('./commands/export.js')).registerExport,
};

/** The version in package.json: two folders up from both `src/cli/` and the compiled `dist/cli/`. */
export function folioVersion(): string {
  const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  return (JSON.parse(text) as { version: string }).version;
}

function baseProgram(): Command {
  return new Command('folio')
    .description('Folio: build, preview and host docs.json documentation sites')
    .version(folioVersion(), '-V, --version', 'print the Folio version')
    .showHelpAfterError();
}

/**
 * The `folio` program for `argv` (as `process.argv`): only the named command
 * is loaded; with no known command name (help, typos) all are, so help lists them.
 */
export async function createProgram(argv: readonly string[] = []): Promise<Command> {
  const program = baseProgram();
  const name = argv.slice(2).find((arg) => !arg.startsWith('-'));
  const versionOnly = name === undefined && argv.slice(2).some((arg) => arg === '-V' || arg === '--version');
  const names = name && name in COMMANDS ? [name] : versionOnly ? [] : Object.keys(COMMANDS);
  // React (pages, the dashboard) picks its build when first loaded: its development build, several
  // times slower and with checks meant for authors of components, unless told otherwise. `build`,
  // `dev` and a few others said so in their own actions; `serve`, `start` and `worker` did not, so a
  // hosted server rendered every dashboard page and sign-in with it. Said once here, before any
  // command loads; an environment that sets NODE_ENV (tests set `test`) keeps its own.
  process.env.NODE_ENV ??= 'production';
  // The server commands load the whole server before they can say anything: say something first.
  if (name === 'start' || name === 'serve') process.stderr.write(`Folio ${folioVersion()}: starting (loading the server)…\n`);
  const registers = await Promise.all(names.map((n) => COMMANDS[n]!()));
  for (const register of registers) register(program);
  return program;
}
