import { Command } from 'commander';
import { registerValidate } from './commands/validate.js';

/**
 * The `folio` command line. Each command lives in `commands/<name>.ts` and
 * exports `register<Name>(program)`; this file only wires them up.
 */
export function createProgram(): Command {
  const program = new Command('folio')
    .description('Folio: build, preview and host docs.json documentation sites')
    .showHelpAfterError();
  registerValidate(program);
  return program;
}
