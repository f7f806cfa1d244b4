/**
 * The generated pages of Folio's own docs are up to date: `npm run docs:gen` run in memory gives
 * exactly the files in docs/ (none missing, none different, none left over in the generated folders).
 * When this fails, run `npm run docs:gen` and commit what it writes. The generators are also shown to
 * notice a change: a new CLI flag, docs.json setting or error code changes the page it belongs on.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createProgram } from '../../src/cli/index.js';
import { docsJsonSchema } from '../../src/config/index.js';
import { cliPages } from '../../scripts/docs-gen/cli-pages.js';
import { errorPages, loadRegistries } from '../../scripts/docs-gen/error-pages.js';
import { DOCS_ROOT, GENERATED_DIRS, GENERATED_FILES, REPO, generateDocs } from '../../scripts/docs-gen/generate.js';
import { settingsPages, type JsonSchema } from '../../scripts/docs-gen/settings-pages.js';

const generated = await generateDocs();
const onDisk = (rel: string) => (fs.existsSync(path.join(DOCS_ROOT, rel)) ? fs.readFileSync(path.join(DOCS_ROOT, rel), 'utf8') : undefined);

describe('docs/ generated pages (npm run docs:gen)', () => {
  it('writes the CLI, settings, error index and admin API files', () => {
    const names = [...generated.keys()];
    expect(names).toEqual(expect.arrayContaining(['reference/cli/build.mdx', 'reference/settings/docs-json.mdx', 'reference/errors/overview.mdx', 'reference/api/openapi.json', ...GENERATED_FILES]));
  });

  it.each([...generated.keys()])('docs/%s is up to date (else run npm run docs:gen)', (rel) => {
    expect(onDisk(rel), `docs/${rel} differs from what npm run docs:gen writes`).toBe(generated.get(rel));
  });

  it('leaves no stale file in the generated folders', () => {
    const stale = GENERATED_DIRS.flatMap((dir) => fs.readdirSync(path.join(DOCS_ROOT, dir)).map((name) => `${dir}/${name}`)).filter((rel) => !generated.has(rel));
    expect(stale).toEqual([]);
  });

  it('notices a new CLI flag', async () => {
    const program = await createProgram([]);
    const before = cliPages(program, DOCS_ROOT).get('reference/cli/build.mdx');
    program.commands.find((c) => c.name() === 'build')!.option('--shiny', 'a flag nobody documented');
    const after = cliPages(program, DOCS_ROOT).get('reference/cli/build.mdx');
    expect(before).toBe(onDisk('reference/cli/build.mdx'));
    expect(after).not.toBe(before);
    expect(after).toContain('| `--shiny` | A flag nobody documented |');
  });

  it('notices a new docs.json setting', () => {
    const schema = structuredClone(docsJsonSchema()) as JsonSchema;
    const root = schema.$defs!.DocsConfig!.anyOf![0]!;
    root.properties = { ...root.properties, sparkle: { type: 'boolean', description: 'A setting nobody documented.' } };
    const page = settingsPages(schema).get('reference/settings/docs-json.mdx')!;
    expect(page).not.toBe(onDisk('reference/settings/docs-json.mdx'));
    expect(page).toContain('## sparkle\n\nA setting nobody documented.\n\nType: boolean.');
  });

  it('notices a new error code', async () => {
    const registries = await loadRegistries(path.join(REPO, 'src'));
    const api = registries.find((r) => r.layer === 'api')!;
    const withCode = registries.map((r) => (r === api ? { ...r, codes: { ...r.codes, API_SPARKLE: 'A code nobody documented.' } } : r));
    const page = errorPages(withCode, DOCS_ROOT).get('reference/errors/overview.mdx')!;
    expect(page).not.toBe(onDisk('reference/errors/overview.mdx'));
    expect(page).toContain('| `API_SPARKLE` | A code nobody documented. |');
  });

  it('lists every code of every registry in the index', async () => {
    const index = onDisk('reference/errors/overview.mdx')!;
    const registries = await loadRegistries(path.join(REPO, 'src'));
    const codes = registries.flatMap((r) => Object.keys(r.codes));
    expect(codes.length).toBeGreaterThan(100);
    expect(codes.filter((code) => !index.includes(`| \`${code}\` |`))).toEqual([]);
  });

  it('publishes the admin API spec the server serves, every route of it', async () => {
    const { adminOpenApiDocument } = await import('../../src/api/index.js');
    const served = JSON.parse(JSON.stringify(adminOpenApiDocument())) as { paths: Record<string, unknown> };
    const spec = JSON.parse(onDisk('reference/api/openapi.json')!) as { paths: Record<string, unknown>; servers: unknown[] };
    expect(spec.paths).toEqual(served.paths);
    expect(spec.servers).toHaveLength(1);
  });
});
