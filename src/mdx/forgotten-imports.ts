/**
 * Components a page uses without importing them, although the repository defines them: other pages
 * import a snippet under that name, or a snippet file is named after it. With exactly one candidate
 * the page is rendered as if it had the import (and warned to add it); with several, the unknown
 * component error lists them. Names nobody defines stay MDX_UNKNOWN_COMPONENT errors.
 */
import type { Root as MdastRoot } from 'mdast';
import type { Diagnostic } from '../shared/index.js';
import { isBuiltinComponent } from './components/index.js';
import { distinctImports, importLine } from './component-imports.js';
import type { EsmInfo } from './esm.js';
import { walkMdast } from './walk.js';
import type { MdxInput, SnippetImport } from './types.js';
import type { MdxCode } from './codes.js';

interface Usage {
  line: number;
  column: number;
  count: number;
}

export interface ForgottenImports {
  /** Component name → the text to append to its unknown-component error (ambiguous candidates). */
  hints: Map<string, string>;
}

/** Capitalised JSX names used in the page body that neither the built-ins nor the page's ESM define. */
function undefinedComponents(tree: MdastRoot, esm: EsmInfo, lineOffset: number): Map<string, Usage> {
  const local = new Set([...esm.declared, ...esm.imports.map((b) => b.local)]);
  const out = new Map<string, Usage>();
  walkMdast(tree, (node) => {
    if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return;
    const name = node.name;
    if (!name || !/^[A-Z]/.test(name) || name === 'Snippet') return;
    const head = name.split('.')[0]!;
    if (local.has(head) || isBuiltinComponent(name)) return;
    const seen = out.get(head);
    if (seen) seen.count++;
    else out.set(head, { line: (node.position?.start.line ?? 1) + lineOffset, column: node.position?.start.column ?? 1, count: 1 });
  });
  return out;
}

/** Snippet files named after the component: kebab-case, as written, or lowercase; `.mdx` default or `.jsx`/`.js` named export. */
async function snippetFileCandidates(name: string, input: MdxInput): Promise<SnippetImport[]> {
  const kebab = name.replace(/([a-z\d])([A-Z])/g, '$1-$2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2').toLowerCase();
  const stems = [...new Set([kebab, name, name.toLowerCase()])];
  const out: SnippetImport[] = [];
  for (const stem of stems) {
    if (await exists(`/snippets/${stem}.mdx`, input)) out.push({ source: `/snippets/${stem}.mdx`, imported: 'default' });
    for (const ext of ['jsx', 'js']) {
      const found = await read(`/snippets/${stem}.${ext}`, input);
      if (found && exportsName(found, name)) out.push({ source: `/snippets/${stem}.${ext}`, imported: name });
    }
  }
  return out;
}

/** True when JavaScript source has a named export `name` (declaration or export list). */
export function exportsName(source: string, name: string): boolean {
  const id = name.replace(/\$/g, '\\$');
  if (new RegExp(`\\bexport\\s+(?:const|let|var|function\\*?|class|async\\s+function)\\s+${id}\\b`).test(source)) return true;
  for (const m of source.matchAll(/\bexport\s*\{([^}]*)\}/g)) {
    for (const part of m[1]!.split(',')) {
      const spec = part.trim().split(/\s+as\s+/);
      if ((spec[1] ?? spec[0])?.trim() === name) return true;
    }
  }
  return false;
}

async function read(importPath: string, input: MdxInput): Promise<string | null> {
  // A candidate that cannot be read defines nothing; if no other does, the usage stays MDX_UNKNOWN_COMPONENT.
  const found = await input.readSnippet(importPath).catch(() => null);
  return found ? found.source : null;
}

async function exists(importPath: string, input: MdxInput): Promise<boolean> {
  return (await read(importPath, input)) !== null;
}

/** Where a candidate came from, for the warning. */
function reason(name: string, candidate: SnippetImport, fromPages: SnippetImport[]): string {
  const byPages = fromPages.some((i) => i.source === candidate.source && i.imported === candidate.imported);
  return byPages ? `other pages import \`${name}\` from "${candidate.source}"` : `"${candidate.source}" is named after it`;
}

/**
 * Add an import binding for every component the page forgot to import but the repository defines
 * unambiguously (a warning at its first usage), and return hints for the ambiguous ones.
 * Mutates `esm.imports`, so both renderers then treat the page as if it had the import line.
 */
export async function resolveForgottenImports(tree: MdastRoot, esm: EsmInfo, input: MdxInput, diagnostics: Diagnostic<MdxCode>[]): Promise<ForgottenImports> {
  const hints = new Map<string, string>();
  for (const [name, usage] of undefinedComponents(tree, esm, input.lineOffset)) {
    const fromPages: SnippetImport[] = [];
    for (const candidate of input.knownImports?.[name] ?? []) {
      if (await exists(candidate.source, input)) fromPages.push(candidate);
    }
    const candidates = distinctImports([...fromPages, ...(await snippetFileCandidates(name, input))]);
    if (candidates.length === 0) continue;
    if (candidates.length > 1) {
      hints.set(name, ` The repository defines it in several places, so Folio cannot pick one: ${candidates.map((c) => `\`${importLine(name, c)}\``).join(', ')}. Add the right import to the page.`);
      continue;
    }
    const only = candidates[0]!;
    esm.imports.push({ local: name, imported: only.imported, source: only.source, line: usage.line, column: usage.column });
    const times = usage.count > 1 ? ` (used ${usage.count} times)` : '';
    diagnostics.push({
      file: input.file,
      line: usage.line,
      column: usage.column,
      severity: 'warning',
      code: 'MDX_COMPONENT_NOT_IMPORTED',
      path: '',
      message: `\`<${name}>\`${times} is not imported; it is rendered from "${only.source}" because ${reason(name, only, fromPages)}. Add \`${importLine(name, only)}\` to the top of the page.`,
    });
  }
  return { hints };
}
