import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadDocsConfig } from '../../config/index.js';
import { buildPageIndex } from '../../content/index.js';
import { applyDocsEdits, collectOpenApiSources, findMigrationCandidates, loadOpenApiSpecs, planOpenApiMigration } from '../../openapi/index.js';
import { resolveInside } from '../../shared/paths.js';
import { AgentError } from '../codes.js';
import type { TaskResult } from './task.js';

/**
 * The OpenAPI migration procedure, with the openapi layer's planner: MDX pages
 * that only name an endpoint become `METHOD /path` navigation entries (with a
 * redirect when the URL changes) and the pages are deleted. The job's
 * validation and build then verify the result before anything is pushed.
 */
export async function syncOpenApiNavigation(root: string): Promise<TaskResult> {
  const loaded = await loadDocsConfig(root);
  if (!loaded.config) throw new AgentError('AGENT_INVALID_CONFIG', 'docs.json does not validate, so endpoint entries cannot be planned; run `folio validate` and fix it first.');
  if (loaded.source !== 'docs.json') return { changed: false, notes: ['The site still uses mint.json; ask to "upgrade mint.json to docs.json" first.'] };
  const file = path.join(root, 'docs.json');
  const text = await readFile(file, 'utf8');
  const index = await buildPageIndex(root, { keepSource: true });
  const { provider } = await loadOpenApiSpecs(root, collectOpenApiSources(loaded.config, loaded.locate), { fetch: {} });
  const apiSources = collectOpenApiSources({ api: (loaded.config as { api?: unknown }).api }).map((s) => s.source);
  const found = findMigrationCandidates(index, provider, apiSources);
  const plan = planOpenApiMigration(text, found.candidates, provider, found.skipped);
  const notes = plan.skipped.map((s) => `Kept \`${s.file}\`: ${s.reason}.`);
  if (plan.items.length === 0) return { changed: false, notes: [...notes, 'No MDX endpoint page can be replaced by a generated one.'] };
  await writeFile(file, applyDocsEdits(text, plan.edits));
  for (const rel of plan.deletions) {
    const target = resolveInside(root, rel);
    if (target) await rm(target, { force: true });
  }
  for (const item of plan.items) {
    notes.unshift(`\`${item.file}\` → \`${item.entry}\` (${item.locations.join(', ')})${item.notes.length ? `; ${item.notes.join('; ')}` : ''}.`);
  }
  if (plan.redirects.length > 0) notes.push(`Added ${plan.redirects.length} redirect(s) so the old page URLs keep working.`);
  return { changed: true, notes };
}
