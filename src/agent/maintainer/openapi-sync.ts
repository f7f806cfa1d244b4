import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { applyEdits, modify, parse, type JSONPath } from 'jsonc-parser';
import { applyDocsEdits, collectOpenApiSources, findMigrationCandidates, planOpenApiMigration } from '../../openapi/index.js';
import { resolveInside } from '../../shared/index.js';
import { loadSite } from '../../site/index.js';
import { AgentError } from '../codes.js';
import type { TaskResult } from './task.js';

/**
 * The OpenAPI migration procedure, with the openapi layer's planner: MDX pages
 * that only name an endpoint become `METHOD /path` navigation entries (with a
 * redirect when the URL changes) and the pages are deleted. The job's
 * validation and build then verify the result before anything is pushed.
 */
export async function syncOpenApiNavigation(root: string): Promise<TaskResult> {
  const { site } = await loadSite(root, { keepSource: true, openapi: true });
  if (!site) throw new AgentError('AGENT_INVALID_CONFIG', 'docs.json does not validate, so endpoint entries cannot be planned; run `folio validate` and fix it first.');
  if (site.source !== 'docs.json') return { changed: false, notes: ['The site still uses mint.json; ask to "upgrade mint.json to docs.json" first.'] };
  const file = path.join(root, 'docs.json');
  const text = await readFile(file, 'utf8');
  const provider = site.openapi!.specs;
  const apiSources = collectOpenApiSources({ api: (site.config as { api?: unknown }).api }).map((s) => s.source);
  const found = findMigrationCandidates(site.index, provider, apiSources);
  let plan: ReturnType<typeof planOpenApiMigration>;
  try {
    plan = planOpenApiMigration(text, found.candidates, provider, found.skipped);
  } catch (err) {
    // A docs.json shape the planner does not handle: keep going with the stale-entry
    // cleanup rather than failing the whole job, and say why no page was migrated.
    plan = { items: [], skipped: [], edits: [], deletions: [], redirects: [] };
    found.skipped.push({ file: 'docs.json', reason: `the migration planner could not read it (${(err as Error).message}); no page was migrated` });
    plan.skipped.push(...found.skipped);
  }
  const notes = plan.skipped.map((s) => `Kept \`${s.file}\`: ${s.reason}.`);
  const removed = await removeStaleEndpoints(root);
  for (const entry of removed) notes.push(`Removed \`${entry}\` from the navigation: the spec no longer has that operation.`);
  if (plan.items.length === 0) {
    if (removed.length === 0) notes.push('No MDX endpoint page can be replaced by a generated one, and every endpoint entry is in its spec.');
    return { changed: removed.length > 0, notes };
  }
  await writeFile(file, applyDocsEdits(await readFile(file, 'utf8'), plan.edits));
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

/** `navigation.groups[1].pages[2]` → `['navigation', 'groups', 1, 'pages', 2]`. */
function jsonPathOf(text: string): JSONPath {
  return [...text.matchAll(/\[(\d+)\]|[^.[\]]+/g)].map((m) => (m[1] !== undefined ? Number(m[1]) : m[0]));
}

/**
 * Drop `METHOD /path` entries whose operation the spec no longer defines (the
 * openapi provider reports them while the navigation resolves). Entries go
 * last-first so earlier indexes stay valid. Returns the removed entries.
 */
async function removeStaleEndpoints(root: string): Promise<string[]> {
  // Loading the site resolves its navigation, which records the missing endpoints.
  const { site } = await loadSite(root, { openapi: true });
  if (!site) return [];
  const stale = site
    .openapi!.specs.diagnostics()
    .filter((d) => d.code === 'OPENAPI_ENDPOINT_NOT_FOUND' && d.file === 'docs.json' && d.path.startsWith('navigation'))
    .map((d) => jsonPathOf(d.path))
    .sort((a, b) => JSON.stringify(b).localeCompare(JSON.stringify(a), undefined, { numeric: true }));
  const file = path.join(root, 'docs.json');
  let text = await readFile(file, 'utf8');
  const raw = parse(text, [], { allowTrailingComma: true }) as unknown;
  const removed: string[] = [];
  for (const at of stale) {
    const value = at.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], raw);
    if (typeof value !== 'string') continue;
    text = applyEdits(text, modify(text, at, undefined, { formattingOptions: { tabSize: 2, insertSpaces: true, eol: '\n' } }));
    removed.push(value);
  }
  if (removed.length > 0) await writeFile(file, text);
  return removed.reverse();
}
