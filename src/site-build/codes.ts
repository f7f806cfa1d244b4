import { ContainmentError, type Diagnostic } from '../shared/index.js';

/** Stable codes of problems the build reports (documented in docs/errors/site-build.md). */
export const BUILD_CODES = {
  BUILD_CONFIG_MISSING: 'No docs.json (or mint.json) could be read, so there is nothing to build.',
  BUILD_OUT_DIR_INVALID: 'The output directory is the docs root or contains it; the build would overwrite the sources.',
  BUILD_PAGE_CRASHED: 'Rendering one page threw unexpectedly; the other pages were still built.',
  BUILD_PATH_OUTSIDE_ROOT: 'A snippet, static file or output path leads out of its folder through a symbolic link; it was neither read nor written.',
  BUILD_PAGE_UNREADABLE: 'A page listed in the navigation could not be read from disk.',
  BUILD_REDIRECT_SKIPPED: 'A redirect source with wildcards or parameters was written only to `_redirects`.',
  BUILD_SEARCH_FAILED: 'The Pagefind search index could not be built; pages were still written.',
} as const;

export type BuildCode = keyof typeof BUILD_CODES;

/** A build problem at the top of `file` (docs.json unless said). */
export function buildProblem(code: BuildCode, message: string, file = 'docs.json', severity: Diagnostic['severity'] = 'warning'): Diagnostic<BuildCode> {
  return { file, line: 1, column: 1, severity, code, path: '', message };
}

/** The problem of a write the containment helper refused (a link in the output folder), at `file`. */
export function refusedWrite(error: unknown, file = 'docs.json'): Diagnostic<BuildCode> {
  if (!(error instanceof ContainmentError)) throw error;
  return buildProblem('BUILD_PATH_OUTSIDE_ROOT', error.message, file, 'error');
}
