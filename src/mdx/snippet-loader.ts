import path from 'node:path/posix';
import type { Root as HastRoot } from 'hast';
import type { Nodes as MdastNodes, Root as MdastRoot } from 'mdast';
import type { Diagnostic } from '../shared/index.js';
import { analyzeEsm, isLocalImport, type EsmInfo } from './esm.js';
import { prepareLanguages } from './highlight.js';
import { parseOrFallback } from './parse.js';
import { mdastToHast } from './to-hast.js';
import { substituteVariables } from './variables.js';
import { walkMdast } from './walk.js';
import type { MdxInput } from './types.js';
import type { MdxCode } from './codes.js';

/** A snippet file parsed once per page render and expanded wherever it is used. */
export interface LoadedSnippet {
  file: string;
  /** The parsed snippet, kept for the fallback when it exports JavaScript components. */
  tree: MdastRoot;
  hast: HastRoot;
  esm: EsmInfo;
  /** Local component name → import path of the snippet it names (for nested snippets). */
  components: Map<string, string>;
  /** Set when the file does not exist: `hast` is a visible placeholder naming it. */
  missing?: true;
}

/** A snippet file that does not exist: usages show a placeholder naming it (and keep their children). */
function missingSnippet(importPath: string): LoadedSnippet {
  const placeholder = {
    type: 'element' as const,
    tagName: 'div',
    properties: { className: ['folio-missing-snippet'], role: 'note', dataPagefindIgnore: '' },
    children: [{ type: 'text' as const, value: `Missing snippet: ${importPath}` }],
  };
  return {
    file: importPath.replace(/^\//, ''),
    tree: { type: 'root', children: [] },
    hast: { type: 'root', children: [placeholder] },
    esm: analyzeEsm({ type: 'root', children: [] }, 0),
    components: new Map(),
    missing: true,
  };
}

/** The resolved import path of a `<Snippet file="...">` usage. */
export function snippetFilePath(file: string): string {
  if (file.startsWith('/')) return file;
  if (file.startsWith('snippets/')) return `/${file}`;
  return `/snippets/${file}`;
}

/** Resolve an import source against the importing file: `/x` is root-relative, `./x` file-relative. */
export function resolveImportPath(source: string, fromFile: string): string {
  if (source.startsWith('/')) return path.normalize(source);
  return path.normalize('/' + path.join(path.dirname(fromFile), source));
}

export function isMdxPath(p: string): boolean {
  return /\.mdx?$/i.test(p);
}

/** Remove a leading `---` YAML block from a snippet, returning how many lines it took. */
function stripFrontmatter(source: string): { body: string; lines: number } {
  const m = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/.exec(source);
  if (!m) return { body: source, lines: 0 };
  return { body: source.slice(m[0].length), lines: m[0].split('\n').length - 1 };
}

/** Fence languages used in a tree, so their grammars load before the synchronous conversion. */
export function fenceLanguages(tree: MdastRoot): Set<string> {
  const langs = new Set<string>();
  walkMdast(tree, (node) => {
    if (node.type === 'code' && node.lang) langs.add(node.lang.replace(/\{.*$/, ''));
  });
  return langs;
}

/** Import paths of snippets used by a tree: MDX default/named imports and `<Snippet file>`. */
function snippetUsages(tree: MdastRoot, esm: EsmInfo, fromFile: string): Map<string, string> {
  const components = new Map<string, string>();
  for (const binding of esm.imports) {
    if (isLocalImport(binding.source)) components.set(binding.local, resolveImportPath(binding.source, fromFile));
  }
  return components;
}

/**
 * Loads every snippet a page needs (recursively) before rendering, so expansion can be
 * synchronous. Missing files, cycles and parse errors become diagnostics, not exceptions.
 */
export class SnippetLoader {
  readonly snippets = new Map<string, LoadedSnippet | null>();

  constructor(
    private readonly input: MdxInput,
    private readonly diagnostics: Diagnostic<MdxCode>[],
  ) {}

  /** Load the snippets a tree references; `importers` tracks the chain to detect cycles. */
  async loadFor(tree: MdastRoot, esm: EsmInfo, fromFile: string, lineOffset: number, importers: string[] = []): Promise<void> {
    const wanted = new Map<string, { line: number; column: number }>();
    for (const binding of esm.imports) {
      if (!isLocalImport(binding.source)) continue;
      const resolved = resolveImportPath(binding.source, fromFile);
      if (isMdxPath(resolved)) wanted.set(resolved, { line: binding.line, column: binding.column });
    }
    walkMdast(tree, (node) => {
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === 'Snippet') {
        const attr = node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'file');
        if (attr && typeof attr.value === 'string') {
          const start = node.position?.start;
          wanted.set(snippetFilePath(attr.value), { line: (start?.line ?? 1) + lineOffset, column: start?.column ?? 1 });
        }
      }
    });
    await Promise.all(
      [...wanted].map(([importPath, at]) => this.load(importPath, fromFile, at, importers)),
    );
  }

  private async load(importPath: string, fromFile: string, at: { line: number; column: number }, importers: string[]): Promise<void> {
    if (importers.includes(importPath)) {
      this.report(fromFile, at, 'MDX_SNIPPET_CYCLE', `Snippet \`${importPath}\` imports itself through ${[...importers, importPath].join(' → ')}. Break the loop.`);
      return;
    }
    if (this.snippets.has(importPath)) return;
    this.snippets.set(importPath, null);
    // mint.json-era sites keep snippets in `_snippets/`; `<Snippet file>` finds them there too.
    const found =
      (await this.input.readSnippet(importPath)) ??
      (importPath.startsWith('/snippets/') ? await this.input.readSnippet(`/_snippets/${importPath.slice('/snippets/'.length)}`) : null);
    if (!found) {
      // The platform publishes the page without the snippet: a placeholder marks the gap.
      this.snippets.set(importPath, missingSnippet(importPath));
      this.report(fromFile, at, 'MDX_SNIPPET_NOT_FOUND', `Snippet \`${importPath}\` was not found, so a placeholder is shown in its place. Create the file under the docs root or fix the path.`, 'warning');
      return;
    }
    const { body, lines } = stripFrontmatter(substituteVariables(found.source, this.input.variables).text);
    const tree = parseOrFallback(body, found.file, lines, this.diagnostics);
    const esm = analyzeEsm(tree, lines);
    await prepareLanguages(fenceLanguages(tree), this.input.codeThemes);
    const hast = mdastToHast(tree, { file: found.file, lineOffset: lines, diagnostics: this.diagnostics, codeThemes: this.input.codeThemes });
    this.snippets.set(importPath, { file: found.file, tree, hast, esm, components: snippetUsages(tree, esm, importPath) });
    await this.loadFor(tree, esm, found.file, lines, [...importers, importPath]);
  }

  private report(file: string, at: { line: number; column: number }, code: MdxCode, message: string, severity: 'error' | 'warning' = 'error'): void {
    this.diagnostics.push({ file, line: at.line, column: at.column, severity, code, path: '', message });
  }
}
