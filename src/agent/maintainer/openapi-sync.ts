import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { applyEdits, modify, parse, type JSONPath } from 'jsonc-parser';
import { applyDocsEdits, collectOpenApiSources, findMigrationCandidates, planOpenApiMigration } from '../../openapi/index.js';
import { configTooDeep } from '../../config/index.js';
import { resolveInside, startModuleWorker } from '../../shared/index.js';
import { loadSite } from '../../site/index.js';
import { AgentError, type AgentCode } from '../codes.js';
import type { TaskResult } from './task.js';

/** Heap the sync's thread may use; past it the task fails with `AGENT_TASK_TOO_LARGE`. */
export const SYNC_HEAP_MB = 1_024;

/**
 * The OpenAPI navigation sync on a thread of its own (`openapi-sync-worker.ts`): reading,
 * dereferencing and planning a spec runs for seconds on a large one (10,000 chained `$ref` schemas
 * held the server's thread past a second at a time, issue 48 item 9), and the job's runner shares
 * its thread with the server's requests. The thread has a heap cap; a run past it fails with
 * `AGENT_TASK_TOO_LARGE`, an aborted job stops the thread.
 */
export async function syncOpenApiNavigation(root: string, options: { signal?: AbortSignal; heapMb?: number; inlineBelowBytes?: number } = {}): Promise<TaskResult> {
  options.signal?.throwIfAborted();
  // Small specs are read in a few milliseconds, less than a thread takes to load the openapi and
  // site layers: they stay here.
  if ((await specBytes(root)) < (options.inlineBelowBytes ?? INLINE_SPEC_BYTES)) return syncOpenApiNavigationHere(root);
  const worker = startModuleWorker(import.meta.url, 'openapi-sync-worker', {
    workerData: { root },
    resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? SYNC_HEAP_MB },
  });
  return new Promise<TaskResult>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      options.signal?.removeEventListener('abort', onAbort);
      fn();
      void worker.terminate();
    };
    const onAbort = () => settle(() => reject(options.signal!.reason ?? new Error('aborted')));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (reply: SyncReply) =>
      settle(() => ('result' in reply ? resolve(reply.result) : reject(reply.code ? new AgentError(reply.code, reply.message) : new Error(reply.message)))),
    );
    worker.on('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new AgentError('AGENT_TASK_TOO_LARGE', `Syncing the navigation with the OpenAPI specs needed more than ${options.heapMb ?? SYNC_HEAP_MB} MB of memory; split the spec or trim what its schemas reference.`)
            : error,
        ),
      ),
    );
    worker.on('exit', (code) => settle(() => reject(new Error(`The OpenAPI sync's thread stopped without an answer (exit code ${code}).`))));
  });
}

/** Below this many bytes of local specs (and none remote) the sync runs in the caller's thread. */
export const INLINE_SPEC_BYTES = 64 * 1024;

/**
 * Bytes of the spec files docs.json names (`openapi`/`asyncapi` anywhere: a path, a list of them, a
 * `{ source }`); a remote spec counts as unbounded. 0 when docs.json cannot be read (the task says why).
 */
async function specBytes(root: string): Promise<number> {
  let config: unknown;
  try {
    const text = await readFile(path.join(root, 'docs.json'), 'utf8');
    // Nested past what the config reads (jsonc-parser would overflow the stack): the task reports it.
    if (configTooDeep(text)) return 0;
    config = parse(text, [], { allowTrailingComma: true });
  } catch {
    return 0;
  }
  const sources: string[] = [];
  const walk = (node: unknown, depth: number): void => {
    if (depth > 64 || node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'openapi' || key === 'asyncapi') {
        for (const item of Array.isArray(value) ? value : [value]) {
          const source = typeof item === 'string' ? item : (item as { source?: unknown } | null)?.source;
          if (typeof source === 'string') sources.push(source);
        }
      }
      walk(value, depth + 1);
    }
  };
  walk(config, 0);
  let total = 0;
  for (const source of sources) {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(source)) return Number.POSITIVE_INFINITY;
    const file = resolveInside(root, source.replace(/^\/+/, ''));
    total += file ? await stat(file).then((s) => s.size, () => 0) : 0;
  }
  return total;
}

/** What the sync's thread sends back: the task's result, or its failure (with the agent's code, if it had one). */
export type SyncReply = { result: TaskResult } | { code: AgentCode | null; message: string };

/**
 * The OpenAPI migration procedure, with the openapi layer's planner: MDX pages
 * that only name an endpoint become `METHOD /path` navigation entries (with a
 * redirect when the URL changes) and the pages are deleted. The job's
 * validation and build then verify the result before anything is pushed.
 * Runs in the sync's thread (`syncOpenApiNavigation`); in-thread only for that thread.
 */
export async function syncOpenApiNavigationHere(root: string): Promise<TaskResult> {
  const { site, diagnostics } = await loadSite(root, { keepSource: true, openapi: true });
  if (!site) {
    const first = diagnostics.find((d) => d.severity === 'error');
    throw new AgentError('AGENT_INVALID_CONFIG', `docs.json does not validate${first ? ` (${first.file}:${first.line}:${first.column} ${first.code}: ${first.message})` : ''}, so endpoint entries cannot be planned; run \`folio validate\` and fix it first.`);
  }
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
