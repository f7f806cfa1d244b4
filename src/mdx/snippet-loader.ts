import path from 'node:path/posix';
import type { Root as HastRoot } from 'hast';
import type { Nodes as MdastNodes, Root as MdastRoot } from 'mdast';
import type { Diagnostic } from '../shared/index.js';
import { analyzeEsm, isLocalImport, type EsmInfo } from './esm.js';
import { prepareLanguages } from './highlight.js';
import { parseMdx } from './parse.js';
import { mdastToHast } from './to-hast.js';
import { substituteVariables } from './variables.js';
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

/** Depth-first walk over every mdast node (a plain loop: `visit` costs more on large pages). */
export function walkMdast(node: MdastNodes, fn: (node: MdastNodes) => void): void {
  fn(node);
  if ('children' in node) for (const child of node.children) walkMdast(child, fn);
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
      this.report(fromFile, at, 'MDX_SNIPPET_NOT_FOUND', `Snippet \`${importPath}\` was not found. Create the file under the docs root or fix the path.`);
      return;
    }
    const { body, lines } = stripFrontmatter(substituteVariables(found.source, this.input.variables).text);
    const parsed = parseMdx(body, found.file, lines);
    if (!parsed.ok) {
      this.diagnostics.push(parsed.diagnostic);
      return;
    }
    const esm = analyzeEsm(parsed.tree, lines);
    await prepareLanguages(fenceLanguages(parsed.tree));
    const hast = mdastToHast(parsed.tree, { file: found.file, lineOffset: lines, diagnostics: this.diagnostics });
    this.snippets.set(importPath, { file: found.file, tree: parsed.tree, hast, esm, components: snippetUsages(parsed.tree, esm, importPath) });
    await this.loadFor(parsed.tree, esm, found.file, lines, [...importers, importPath]);
  }

  private report(file: string, at: { line: number; column: number }, code: MdxCode, message: string): void {
    this.diagnostics.push({ file, line: at.line, column: at.column, severity: 'error', code, path: '', message });
  }
}
