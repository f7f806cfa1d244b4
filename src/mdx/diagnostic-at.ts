import type { Diagnostic, Severity } from '../shared/index.js';
import type { MdxCode } from './codes.js';

/** A syntax-tree node's position (mdast, hast and MDX JSX nodes all carry one). */
interface Positioned {
  position?: { start?: { line: number; column: number } } | undefined;
}

/**
 * A diagnostic at `node`, in `file`. `lineOffset` is the number of frontmatter
 * lines cut above the parsed source, so the line points into the real file
 * (pass 0 for nodes that came from a snippet file).
 */
export function diagnosticAt(
  node: Positioned,
  file: string,
  lineOffset: number,
  severity: Severity,
  code: MdxCode,
  message: string,
): Diagnostic<MdxCode> {
  const start = node.position?.start;
  return { file, line: (start?.line ?? 1) + lineOffset, column: start?.column ?? 1, severity, code, path: '', message };
}
