import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatDiagnostic, type Diagnostic } from '../shared/index.js';

/** How much checking a job's result gets: `validate` (docs.json and pages), or also a full `build`. */
export type VerifyLevel = 'validate' | 'build';

/** Errors of the docs root: what `folio validate` reports, plus the build's when asked. */
export async function siteErrors(root: string, level: VerifyLevel): Promise<Diagnostic[]> {
  const { loadDocsConfig } = await import('../config/index.js');
  const loaded = await loadDocsConfig(root);
  const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
  if (level === 'validate' || errors.length > 0) return errors;
  const outDir = await mkdtemp(path.join(tmpdir(), 'folio-agent-build-'));
  try {
    // Loaded on demand: the build pulls in the renderer, highlighter and MDX compiler,
    // which a worker that only validates (and every process start) should not pay for.
    const { buildSiteIsolated } = await import('../site-build/index.js');
    // The repository (and the agent's edits to it) are not trusted: none of their code runs, and the
    // build runs in a sandboxed process (`sandbox.ts`), not in the server it may share.
    const result = await buildSiteIsolated({ root, outDir, cache: false, search: false, threads: 1 });
    return result.diagnostics.filter((d) => d.severity === 'error');
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

const key = (d: Diagnostic) => `${d.code}|${d.file}|${d.message}`;

/**
 * Errors the edits introduced: present after, absent before. Problems the
 * repository already had are not the job's fault and do not fail it.
 */
export function newErrors(before: readonly Diagnostic[], after: readonly Diagnostic[]): Diagnostic[] {
  const had = new Set(before.map(key));
  return after.filter((d) => !had.has(key(d)));
}

/** A short list of diagnostics for a failure reason or a tool result. */
export function describeErrors(list: readonly Diagnostic[], max = 5): string {
  const shown = list.slice(0, max).map(formatDiagnostic).join('; ');
  return list.length > max ? `${shown}; and ${list.length - max} more` : shown;
}
