/** The error overlay the dev server puts over a page: every error with file:line:column and the offending line. */
import { readFileSync } from 'node:fs';
import type { Diagnostic } from '../shared/index.js';
import { formatDiagnostic } from '../shared/index.js';
import { resolveInside } from '../shared/index.js';
import { escapeHtml } from '../shared/index.js';

function sourceLine(root: string, d: Diagnostic): string | null {
  const file = resolveInside(root, d.file);
  if (!file) return null;
  try {
    const line = readFileSync(file, 'utf8').split('\n')[d.line - 1];
    return line === undefined ? null : `${String(d.line).padStart(5)} | ${line}\n${' '.repeat(8 + Math.max(0, d.column - 1))}^`;
  } catch {
    // The file changed or went away since the problem was found: show the problem without its line.
    return null;
  }
}

/** Overlay HTML for `errors`; empty string when there are none. */
export function overlayHtml(root: string, errors: Diagnostic[]): string {
  if (errors.length === 0) return '';
  const items = errors
    .slice(0, 50)
    .map((d) => {
      const line = sourceLine(root, d);
      return `<li><pre>${escapeHtml(formatDiagnostic(d))}${line ? '\n' + escapeHtml(line) : ''}</pre></li>`;
    })
    .join('');
  return (
    `<div class="dev-overlay" role="alertdialog" aria-label="Build errors" data-dev-overlay>` +
    `<h2>${errors.length} build error${errors.length === 1 ? '' : 's'}</h2><ul>${items}</ul>` +
    `<p>Fix the file and save: the page reloads by itself. <button type="button" onclick="this.closest('[data-dev-overlay]').remove()">Dismiss</button></p></div>`
  );
}

/**
 * For a page MDX rejected and Folio rendered as plain Markdown (MDX_MARKDOWN_FALLBACK): the error
 * at the top of the page, so the author sees why it looks like text. `folio build` only warns.
 */
export function fallbackNoticeHtml(diagnostics: readonly Diagnostic[]): string {
  const fallback = diagnostics.filter((d) => d.code === 'MDX_MARKDOWN_FALLBACK');
  if (fallback.length === 0) return '';
  const items = fallback.map((d) => `<pre>${escapeHtml(formatDiagnostic(d))}</pre>`).join('');
  return `<div class="folio-fallback-notice" role="alert" data-pagefind-ignore=""><strong>This page is shown as plain Markdown because it is not valid MDX.</strong>${items}</div>`;
}
