import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { checkSpecText, extractOperations } from '../../openapi/index.js';
import { formatDiagnostic, sortDiagnostics } from '../../shared/index.js';
import { isInside } from '../../shared/index.js';

/** `folio openapi-check <file>`: validate a spec; one `file:line:column severity message` line per problem, exit 1 on error. */
export function registerOpenapiCheck(program: Command): void {
  program
    .command('openapi-check')
    .description('Validate an OpenAPI 3.0/3.1 or Swagger 2.0 spec (JSON or YAML): syntax, schema and $refs, each problem at file:line:column')
    .argument('<file>', 'spec file to check')
    .action(async (file: string) => {
      let text: string;
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch (error) {
        process.stdout.write(`${file}:1:1 error OPENAPI_SOURCE_NOT_FOUND cannot read the file (${(error as NodeJS.ErrnoException).code ?? String(error)}); check the path\n`);
        process.exitCode = 1;
        return;
      }
      // Referenced files are followed inside the current directory (the repository), or beside the spec.
      const absolutePath = path.resolve(file);
      const root = isInside(process.cwd(), absolutePath) ? process.cwd() : path.dirname(absolutePath);
      const result = await checkSpecText(file, text, { root, absolutePath });
      const diagnostics = sortDiagnostics(result.diagnostics);
      for (const d of diagnostics) process.stdout.write(formatDiagnostic(d) + '\n');
      const errors = diagnostics.filter((d) => d.severity === 'error').length;
      const operations = result.document ? extractOperations(file, result.document).length : 0;
      const version = result.version === 'unknown' ? 'unknown version' : `${result.version === '2.0' ? 'Swagger' : 'OpenAPI'} ${result.version}`;
      process.stderr.write(`${file}: ${version}, ${operations} operations, ${errors} error(s), ${diagnostics.length - errors} warning(s)\n`);
      process.exitCode = errors > 0 ? 1 : 0;
    });
}
