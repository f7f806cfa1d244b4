import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProgram } from '../../src/cli/program.js';
import { applyMigrationPlan } from '../../src/cli/commands/migrate.js';
import { loadDocsConfig } from '../../src/config/index.js';
import { buildPageIndex } from '../../src/content/index.js';
import { collectOpenApiSources, findMigrationCandidates, loadOpenApiSpecs, planOpenApiMigration } from '../../src/openapi/index.js';

const SITE = path.join(import.meta.dirname, 'migrate-site');
const temps: string[] = [];

function copySite(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-migrate-'));
  temps.push(dir);
  fs.cpSync(SITE, dir, { recursive: true });
  return dir;
}

async function run(args: string[]): Promise<{ stdout: string; exitCode: number }> {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  const previous = process.exitCode;
  process.exitCode = 0;
  try {
    await (await createProgram()).exitOverride().parseAsync(['node', 'folio', ...args]);
    return { stdout: lines.join(''), exitCode: Number(process.exitCode ?? 0) };
  } finally {
    spy.mockRestore();
    process.exitCode = previous;
  }
}

afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('folio migrate openapi', () => {
  it('prints the plan and changes nothing without --write', async () => {
    const dir = copySite();
    const docsBefore = fs.readFileSync(path.join(dir, 'docs.json'), 'utf8');
    const { stdout, exitCode } = await run(['migrate', 'openapi', dir]);
    expect(exitCode).toBe(0);
    expect(stdout.split('\n')).toEqual([
      'migrate api/get-user.mdx -> "GET /users/{id}" at navigation.tabs[1].groups[0].pages[1]',
      '  note: title changes from "Fetch a user" to "Get user" (set x-mint.metadata.title in the spec to keep it)',
      '  note: URL moves to /api-reference/users/get-user; a redirect from /api/get-user is added',
      'migrate api/list-users.mdx -> "GET /users" at navigation.tabs[1].groups[0].pages[0]',
      '  note: URL moves to /api-reference/users/list-users; a redirect from /api/list-users is added',
      'skip api/create-user.mdx: the page body adds content the spec cannot generate; keep it as an MDX page',
      'skip api/list-teams.mdx: frontmatter sets `icon`, which a generated page cannot keep; move it to x-mint.metadata in the spec first',
      'skip api/orphan.mdx: not listed in navigation: deleting it would drop a URL with no entry to replace it',
      'add 2 redirect(s) to docs.json',
      'delete after verification: api/get-user.mdx, api/list-users.mdx',
      '2 page(s) to migrate, 3 skipped',
      'dry run: nothing changed; run with --write to apply',
      '',
    ]);
    expect(fs.readFileSync(path.join(dir, 'docs.json'), 'utf8')).toBe(docsBefore);
    expect(fs.existsSync(path.join(dir, 'api/list-users.mdx'))).toBe(true);
  });

  it('--write edits docs.json in place (comments kept), verifies with a build, then deletes the pages', async () => {
    const dir = copySite();
    const { stdout, exitCode } = await run(['migrate', 'openapi', dir, '--write']);
    expect(stdout).toContain('migrated 2 page(s): docs.json updated, 2 file(s) deleted');
    expect(exitCode).toBe(0);
    const docs = fs.readFileSync(path.join(dir, 'docs.json'), 'utf8');
    expect(docs).toContain('// A comment the migration must keep.');
    expect(docs).toContain('"pages": ["GET /users", "GET /users/{id}", "api/create-user", "api/list-teams"]');
    expect(docs).toMatch(/"redirects": \[\s*\{\s*"source": "\/api\/get-user",\s*"destination": "\/api-reference\/users\/get-user"/);
    expect(fs.existsSync(path.join(dir, 'api/list-users.mdx'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'api/get-user.mdx'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'api/create-user.mdx'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'api/orphan.mdx'))).toBe(true);
  }, 120_000);

  it('restores docs.json and deletes nothing when verification fails', async () => {
    const dir = copySite();
    const loaded = await loadDocsConfig(dir);
    const index = await buildPageIndex(dir, { keepSource: true });
    const { provider } = await loadOpenApiSpecs(dir, collectOpenApiSources(loaded.config!));
    const found = findMigrationCandidates(index, provider);
    const docsFile = path.join(dir, 'docs.json');
    const text = fs.readFileSync(docsFile, 'utf8');
    const plan = planOpenApiMigration(text, found.candidates, provider, found.skipped);
    expect(plan.deletions).toHaveLength(2);
    let seenDuringVerify = '';
    const ok = await applyMigrationPlan(dir, docsFile, plan, {
      verify: async () => {
        seenDuringVerify = fs.readFileSync(docsFile, 'utf8');
        return false;
      },
    });
    expect(ok).toBe(false);
    expect(seenDuringVerify).toContain('"GET /users"');
    expect(fs.readFileSync(docsFile, 'utf8')).toBe(text);
    for (const file of plan.deletions) expect(fs.existsSync(path.join(dir, file))).toBe(true);
  });

  it('skips pages whose URL would move when `redirects` is a $ref file, instead of crashing', async () => {
    const dir = copySite();
    const docsFile = path.join(dir, 'docs.json');
    fs.writeFileSync(path.join(dir, 'redirects.json'), '[]\n');
    fs.writeFileSync(docsFile, fs.readFileSync(docsFile, 'utf8').replace('"theme": "mint",', '"theme": "mint",\n  "redirects": { "$ref": "./redirects.json" },'));
    const { stdout, exitCode } = await run(['migrate', 'openapi', dir]);
    expect(exitCode).toBe(0);
    expect(stdout).toContain(
      'skip api/get-user.mdx: its URL would move to /api-reference/users/get-user, and `redirects` is a $ref, so no redirect can be added; add one there first',
    );
    expect(stdout).not.toContain('migrate api/');
  });
});
