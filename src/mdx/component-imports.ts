/**
 * The repository-wide "component name → snippet" map: which snippet each page imports under which
 * local name. A page that uses `<ScrapingWarning>` but forgot the import can then be rendered from
 * the snippet its sibling pages import under that name (with a warning telling to add the import).
 * Built from the import lines of every page with a line scan, not an MDX parse (~1 ms per 1,000 pages).
 */
import path from 'node:path/posix';
import { isLocalImport } from './esm.js';
import { resolveImportPath } from './snippet-loader.js';
import type { KnownImports, SnippetImport } from './types.js';

/** One import a page makes, with the importing page. */
export interface PageImport extends SnippetImport {
  /** The importing page, relative to the docs root (`ai/llmstxt.mdx`). */
  importer: string;
}

/** Local component name → every import of it in the repository's pages. */
export type RepoImportMap = Map<string, PageImport[]>;

// Any indentation: MDX has no indented code, so a fence nested in a component is still a fence.
const FENCE = /^\s*(`{3,}|~{3,})/;
const FROM = /\bfrom\s*(['"])([^'"]+)\1/;

/** Import statements written at the top level of an MDX source (outside fences and frontmatter). */
export function importStatements(source: string): string[] {
  // Most pages import nothing: one native regex scan settles those without splitting lines.
  // (The substring test first: the multi-line pattern alone cost ~8 ms per 1,000 pages.)
  if (!source.includes('import') || !/^import[\s{*]/m.test(source)) return [];
  const lines = source.split(/\r?\n/);
  const out: string[] = [];
  let fence: string | null = null;
  let i = 0;
  if (lines[0] === '---') {
    const end = lines.indexOf('---', 1);
    if (end > 0) i = end + 1;
  }
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const marker = FENCE.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
      continue;
    }
    if (marker) {
      fence = marker;
      continue;
    }
    if (!/^import[\s{*]/.test(line)) continue;
    // `import {\n  A,\n  B\n} from "..."` spans lines; ESM ends at the `from "..."` clause.
    let statement = line;
    for (let j = i + 1; !FROM.test(statement) && j < lines.length && j < i + 30; j++) statement += ' ' + lines[j];
    if (FROM.test(statement)) out.push(statement);
  }
  return out;
}

/** `import A, { B as C } from "/x"` → [{local A, imported default}, {local C, imported B}]. */
export function parseImportStatement(statement: string): { source: string; bindings: { local: string; imported: string }[] } | null {
  const m = /^import\s+([\s\S]*?)\s*\bfrom\s*(['"])([^'"]+)\2/.exec(statement);
  if (!m) return null;
  const clause = m[1]!.trim();
  const bindings: { local: string; imported: string }[] = [];
  const named = /\{([^}]*)\}/.exec(clause);
  // `X`, `X, { A }` and `X, * as NS` start with the default import; `{ A }` and `* as NS` have none.
  const head = /^([A-Za-z_$][\w$]*)\s*(?:,|$)/.exec(clause)?.[1];
  if (head) bindings.push({ local: head, imported: 'default' });
  if (named) {
    for (const part of named[1]!.split(',')) {
      const spec = /^\s*([A-Za-z_$][\w$]*)(?:\s+as\s+([A-Za-z_$][\w$]*))?\s*$/.exec(part);
      if (spec) bindings.push({ local: spec[2] ?? spec[1]!, imported: spec[1]! });
    }
  }
  return { source: m[3]!, bindings };
}

/** Scan every page's import lines into the repository map (capitalised local names of local imports only). */
export function scanPageImports(pages: Iterable<{ file: string; source: string }>): RepoImportMap {
  const map: RepoImportMap = new Map();
  for (const page of pages) {
    for (const statement of importStatements(page.source)) {
      const parsed = parseImportStatement(statement);
      if (!parsed || !isLocalImport(parsed.source)) continue;
      const source = resolveImportPath(parsed.source, page.file);
      for (const b of parsed.bindings) {
        if (!/^[A-Z]/.test(b.local)) continue;
        let list = map.get(b.local);
        if (!list) map.set(b.local, (list = []));
        list.push({ source, imported: b.imported, importer: page.file });
      }
    }
  }
  return map;
}

/** True when `source` has a tag `<name` (followed by no further name character: `<Foo` is not `<FooBar`). */
export function usesTag(source: string, name: string): boolean {
  // A few `includes` per page (one per imported name in the repository) beat a regex over all tags.
  for (let at = source.indexOf(`<${name}`); at >= 0; at = source.indexOf(`<${name}`, at + 1)) {
    if (!/[\w$]/.test(source[at + name.length + 1] ?? '')) return true;
  }
  return false;
}

/**
 * The candidate imports for the components `source` uses, from the pages nearest to `file`: the
 * deepest folder above the page whose pages import the name decides (so `es/ai/x.mdx` follows
 * `es/ai/*`, which import `/snippets/previewbutton.jsx`, not `es/search/*`, which import
 * `/snippets/es/previewbutton.jsx`). Distinct candidates; more than one means ambiguous.
 */
export function knownImportsFor(file: string, source: string, map: RepoImportMap): KnownImports {
  const out: KnownImports = {};
  if (map.size === 0) return out;
  for (const name of map.keys()) {
    if (!usesTag(source, name)) continue;
    const all = map.get(name)?.filter((i) => i.importer !== file);
    if (!all?.length) continue;
    let dir = path.dirname(file);
    for (;;) {
      const prefix = dir === '.' || dir === '/' ? '' : `${dir}/`;
      const near = all.filter((i) => i.importer.startsWith(prefix));
      if (near.length) {
        out[name] = distinctImports(near);
        break;
      }
      if (!prefix) break;
      dir = path.dirname(dir);
    }
  }
  return out;
}

/** Drop repeats of the same source and export, keeping first-seen order (sorted for stable keys). */
export function distinctImports(list: SnippetImport[]): SnippetImport[] {
  const seen = new Map<string, SnippetImport>();
  for (const i of list) seen.set(`${i.source}\0${i.imported}`, { source: i.source, imported: i.imported });
  return [...seen.values()].sort((a, b) => (a.source + a.imported).localeCompare(b.source + b.imported));
}

/** The import line a page should contain: `import X from "/s.mdx";` or `import { X } from "/s.jsx";`. */
export function importLine(local: string, i: SnippetImport): string {
  if (i.imported === 'default') return `import ${local} from "${i.source}";`;
  return i.imported === local ? `import { ${local} } from "${i.source}";` : `import { ${i.imported} as ${local} } from "${i.source}";`;
}
