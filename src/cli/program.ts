import { Command } from 'commander';
import { registerServe } from './commands/serve.js';
import { registerStart } from './commands/start.js';
import { registerProjects } from './commands/projects.js';
import { registerKeys } from './commands/keys.js';
import { registerUpgrade } from './commands/upgrade.js';
import { registerSchema } from './commands/schema.js';
import { registerValidate } from './commands/validate.js';
import { registerBuild } from './commands/build.js';
import { registerDev } from './commands/dev.js';
import { registerOpenapiCheck } from './commands/openapi-check.js';
import { registerNav } from './commands/nav.js';
import { registerMigrate } from './commands/migrate.js';

/**
 * The `folio` command line. Each command lives in `commands/<name>.ts` and
 * exports `register<Name>(program)`; this file only wires them up.
 */
export function createProgram(): Command {
  const program = new Command('folio')
    .description('Folio: build, preview and host docs.json documentation sites')
    .showHelpAfterError();
  registerUpgrade(program);
  registerSchema(program);
  registerValidate(program);
  registerBuild(program);
  registerDev(program);
  registerOpenapiCheck(program);
  registerNav(program);
  registerServe(program);
  registerStart(program);
  registerProjects(program);
  registerKeys(program);
  registerMigrate(program);
  return program;
}
