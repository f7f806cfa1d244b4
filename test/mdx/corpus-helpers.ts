import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { resolveInside } from '../../src/shared/paths.js';
import type { MdxInput } from '../../src/mdx/index.js';

// Where the corpora are, and whether they are here: compat/corpora.ts, the one place that knows (FOLIO_CORPORA).
export { CORPORA_DIR, corpusDir, haveCorpora } from '../../compat/corpora.js';

/** Every `.mdx` file (or file whose name `match` accepts) under `root`, relative, sorted (node_modules and dot folders skipped). */
export function listMdx(root: string, dir = '', match: RegExp = /\.mdx$/): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listMdx(root, rel, match));
    else if (match.test(entry.name)) out.push(rel);
  }
  return out.sort();
}

/** Split YAML frontmatter off a page the way the content layer does, counting removed lines. */
export function splitFrontmatter(text: string): { body: string; lineOffset: number } {
  const m = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  if (!m) return { body: text, lineOffset: 0 };
  return { body: text.slice(m[0].length), lineOffset: m[0].split('\n').length - 1 };
}

/** docs.json (or mint.json) `variables` of a corpus, if any. */
export function corpusVariables(root: string): Record<string, string> {
  for (const name of ['docs.json', 'mint.json']) {
    try {
      const json = JSON.parse(readFileSync(path.join(root, name), 'utf8')) as { variables?: Record<string, string> };
      return json.variables ?? {};
    } catch {
      // try the next name
    }
  }
  return {};
}

/** An MdxInput for a page file of a docs root, with snippets read from disk inside the root. */
export function inputFor(root: string, file: string, variables: Record<string, string> = {}): MdxInput {
  const { body, lineOffset } = splitFrontmatter(readFileSync(path.join(root, file), 'utf8'));
  return {
    source: body,
    file,
    lineOffset,
    variables,
    async readSnippet(importPath) {
      const abs = resolveInside(root, importPath);
      if (!abs) return null;
      try {
        return { file: path.relative(root, abs).split(path.sep).join('/'), source: await readFile(abs, 'utf8') };
      } catch {
        return null;
      }
    },
  };
}
