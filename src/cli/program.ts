import { Command } from 'commander';
import { registerServe } from './commands/serve.js';
import { registerStart } from './commands/start.js';
import { registerProjects } from './commands/projects.js';
import { registerKeys } from './commands/keys.js';
import { registerValidate } from './commands/validate.js';
import { registerBuild } from './commands/build.js';
import { registerDev } from './commands/dev.js';
import { registerSchema } from './commands/schema.js';
import { registerUpgrade } from './commands/upgrade.js';
import { registerOpenapiCheck } from './commands/openapi-check.js';
import { registerMigrate } from './commands/migrate.js';
import { registerNav } from './commands/nav.js';
import { registerWorker } from './commands/worker.js';

/**
 * The `folio` command line. Each command lives in `commands/<name>.ts` and
 * exports `register<Name>(program)`; this file only wires them up.
 */
export function createProgram(): Command {
  const program = new Command('folio')
    .description('Folio: build, preview and host docs.json documentation sites')
    .showHelpAfterError();
  registerValidate(program);
  registerBuild(program);
  registerDev(program);
  registerSchema(program);
  registerUpgrade(program);
  registerOpenapiCheck(program);
  registerMigrate(program);
  registerNav(program);
  registerServe(program);
  registerStart(program);
  registerProjects(program);
  registerKeys(program);
  registerWorker(program);
  return program;
}
