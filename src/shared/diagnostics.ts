/** Where a problem sits: 1-based line and column in a file relative to the docs root. */
export interface SourcePosition {
  file: string;
  line: number;
  column: number;
}

/**
 * `error`: the site cannot be built as asked. `warning`: a degradation the build forgave (counted in the
 * summary; `--strict` makes it an error). `info`: a note about what the build did that needs no change to
 * the repository (e.g. a wildcard redirect kept for the host's `_redirects` only); printed, never counted
 * as a warning, untouched by `--strict`.
 */
export type Severity = 'error' | 'warning' | 'info';

/**
 * One problem found in user input. Every stage reports problems in this shape so
 * the CLI, the dev server and the admin API print them the same way. A layer types
 * its own as `Diagnostic<ConfigCode>` (the keys of its `codes.ts` registry), so an
 * unregistered code does not compile; lists that mix layers stay `Diagnostic`.
 */
export interface Diagnostic<Code extends string = string> extends SourcePosition {
  severity: Severity;
  /** Stable machine-readable code, registered in `src/<layer>/codes.ts` and documented in `docs/reference/errors/<layer>.md`. */
  code: Code;
  /** Field path inside the file, e.g. `navigation.tabs[2].groups`; empty when not applicable. */
  path: string;
  /** What is wrong and how to fix it. */
  message: string;
}

/** `docs.json:12:5 error <message>`: the line format shared by every command. */
export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column} ${d.severity} ${d.message}`;
}

/** Sort by file, then position, so output is stable whatever order checks ran in. */
export function sortDiagnostics<D extends Diagnostic>(list: readonly D[]): D[] {
  return [...list].sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.message.localeCompare(b.message),
  );
}

export function hasErrors(list: readonly Diagnostic[]): boolean {
  return list.some((d) => d.severity === 'error');
}
