import type { Command } from 'commander';
import { docsJsonSchema } from '../../config/index.js';

/** `folio schema`: print the JSON Schema of docs.json to stdout. */
export function registerSchema(program: Command): void {
  program
    .command('schema')
    .description('Print the JSON Schema of docs.json (save it as docs.schema.json for editor help)')
    .action(() => {
      process.stdout.write(JSON.stringify(docsJsonSchema(), null, 2) + '\n');
    });
}
