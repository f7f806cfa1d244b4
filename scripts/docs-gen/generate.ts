/**
 * Every generated file of Folio's own docs (`docs/`), by path relative to the docs root: the CLI
 * reference, the docs.json settings, the error code index, the admin API's OpenAPI document.
 * `npm run docs:gen` writes them; test/docs/generated-pages.test.ts regenerates them in memory and
 * fails when the files on disk differ (a command, option, setting, code or route changed without them).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminOpenApiDocument } from '../../src/api/index.js';
import { createProgram } from '../../src/cli/index.js';
import { docsJsonSchema } from '../../src/config/index.js';
import { API_SPEC, apiSpec } from './api-spec.js';
import { CLI_DIR, cliPages } from './cli-pages.js';
import { ERRORS_DIR, errorPages, loadRegistries } from './error-pages.js';
import { SETTINGS_DIR, settingsPages, type JsonSchema } from './settings-pages.js';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DOCS_ROOT = path.join(REPO, 'docs');

/** Folders whose every file the generator writes (a file there it no longer makes is stale). */
export const GENERATED_DIRS = [CLI_DIR, SETTINGS_DIR];
/** Single generated files in folders that also hold hand-written pages. */
export const GENERATED_FILES = [`${ERRORS_DIR}/overview.mdx`, `${ERRORS_DIR}/sidebar.json`, API_SPEC];

export async function generateDocs(docsRoot = DOCS_ROOT): Promise<Map<string, string>> {
  const program = await createProgram([]);
  const registries = await loadRegistries(path.join(REPO, 'src'));
  return new Map([
    ...cliPages(program, docsRoot),
    ...settingsPages(docsJsonSchema() as JsonSchema),
    ...errorPages(registries, docsRoot),
    ...apiSpec(adminOpenApiDocument()),
  ]);
}
