import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { applyDocsEdits, collectOpenApiSources, findMigrationCandidates, planOpenApiMigration, type MigrationPlan } from '../../openapi/index.js';
import { formatDiagnostic, type Diagnostic } from '../../shared/index.js';
import { resolveInside } from '../../shared/index.js';
import { loadSite } from '../../site/index.js';

export interface SiteCheck {
  errors: Diagnostic[];
  endpointHrefs: Set<string>;
}

/** Config, pages, specs and navigation of a docs root, as a build would resolve them. */
async function checkSite(root: string): Promise<SiteCheck> {
  const { site, diagnostics } = await loadSite(root, { openapi: true });
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const endpointHrefs = new Set([...(site?.model.pages.values() ?? [])].filter((p) => p.kind === 'endpoint').map((p) => p.href));
  return { errors, endpointHrefs };
}

function printPlan(plan: MigrationPlan, out: (line: string) => void): void {
  for (const item of plan.items) {
    out(`migrate ${item.file} -> "${item.entry}" at ${item.locations.join(', ')}`);
    for (const note of item.notes) out(`  note: ${note}`);
  }
  for (const skip of plan.skipped) out(`skip ${skip.file}: ${skip.reason}`);
  if (plan.redirects.length > 0) out(`add ${plan.redirects.length} redirect(s) to docs.json`);
  if (plan.deletions.length > 0) out(`delete after verification: ${plan.deletions.join(', ')}`);
}

/** Build into a temporary folder when the build layer offers `buildSite`; true when every new endpoint page was written. */
async function buildVerifies(root: string, hrefs: string[], log: (line: string) => void): Promise<boolean> {
  const build = (await import('../../site-build/index.js')) as Partial<typeof import('../../site-build/index.js')>;
  if (typeof build.buildSite !== 'function' || typeof build.htmlFileFor !== 'function') return true;
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-migrate-build-'));
  try {
    await build.buildSite({ root, outDir, cache: false, search: false });
    const missing = hrefs.filter((href) => !fs.existsSync(path.join(outDir, build.htmlFileFor!(href))));
    for (const href of missing) log(`verify: the build wrote no page for ${href}`);
    return missing.length === 0;
  } catch (error) {
    log(`verify: the build failed: ${String(error)}`);
    return false;
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

/** Validation (no new errors, every new entry resolves) then a build, when the build layer has one. */
async function verifySite(root: string, plan: MigrationPlan, before: SiteCheck, log: (line: string) => void): Promise<boolean> {
  const known = new Set(before.errors.map((d) => `${d.code}\u0000${d.message}`));
  const after = await checkSite(root);
  const introduced = after.errors.filter((d) => !known.has(`${d.code}\u0000${d.message}`));
  const unresolved = plan.items.filter((item) => !after.endpointHrefs.has(item.newHref));
  for (const d of introduced) log(`verify: ${formatDiagnostic(d)}`);
  for (const item of unresolved) log(`verify: ${item.entry} did not resolve to ${item.newHref}`);
  return introduced.length === 0 && unresolved.length === 0 && (await buildVerifies(root, plan.items.map((i) => i.newHref), log));
}

export type MigrationVerifier = (root: string, plan: MigrationPlan, before: SiteCheck, log: (line: string) => void) => Promise<boolean>;

/**
 * Write docs.json, verify, and only then delete the pages; when verification fails
 * docs.json is restored byte for byte and no file is touched.
 */
export async function applyMigrationPlan(
  root: string,
  docsFile: string,
  plan: MigrationPlan,
  { log = (_line: string) => {}, verify = verifySite as MigrationVerifier } = {},
): Promise<boolean> {
  const text = fs.readFileSync(docsFile, 'utf8');
  const before = await checkSite(root);
  fs.writeFileSync(docsFile, applyDocsEdits(text, plan.edits));
  let ok = false;
  try {
    ok = await verify(root, plan, before, log);
  } finally {
    if (!ok) {
      fs.writeFileSync(docsFile, text);
      log('verification failed: docs.json restored, no page deleted');
    }
  }
  if (!ok) return false;
  for (const file of plan.deletions) {
    const target = resolveInside(root, file);
    if (target) fs.rmSync(target);
  }
  log(`migrated ${plan.items.length} page(s): docs.json updated, ${plan.deletions.length} file(s) deleted`);
  return true;
}

/** `folio migrate openapi [dir] [--write]`: replace MDX endpoint pages the spec can generate with endpoint entries. */
export function registerMigrate(program: Command): void {
  const migrate = program.command('migrate').description('Migrate a docs repository to generated content');
  migrate
    .command('openapi')
    .description('Find MDX pages that only name an endpoint (openapi: frontmatter, empty body), replace their navigation entries with "METHOD /path" entries, and delete them after the site verifies. Dry run unless --write.')
    .argument('[dir]', 'docs root (holds docs.json or mint.json)', '.')
    .option('--write', 'apply the plan: edit docs.json, verify, then delete the pages', false)
    .action(async (dir: string, flags: { write: boolean }) => {
      const root = path.resolve(dir);
      const out = (line: string) => process.stdout.write(line + '\n');
      const { site, diagnostics } = await loadSite(root, { keepSource: true, openapi: true });
      if (!site) {
        for (const d of diagnostics) out(formatDiagnostic(d));
        process.exitCode = 1;
        return;
      }
      const docsFile = path.join(root, site.source);
      const text = fs.readFileSync(docsFile, 'utf8');
      const provider = site.openapi!.specs;
      const apiSources = collectOpenApiSources({ api: (site.config as { api?: unknown }).api }).map((s) => s.source);
      const found = findMigrationCandidates(site.index, provider, apiSources);
      const plan = planOpenApiMigration(text, found.candidates, provider, found.skipped);
      printPlan(plan, out);
      out(`${plan.items.length} page(s) to migrate, ${plan.skipped.length} skipped`);
      if (!flags.write) {
        if (plan.items.length > 0) out('dry run: nothing changed; run with --write to apply');
        return;
      }
      if (plan.items.length === 0) return;
      process.exitCode = (await applyMigrationPlan(root, docsFile, plan, { log: out })) ? 0 : 1;
    });
}
