/**
 * The error code index from the registries (`src/<layer>/codes.ts`): every code, its layer and the
 * registry's one-line meaning, linking to the layer's hand-written page (`docs/reference/errors/<layer>.md`,
 * what each code means and how to fix it, which test/architecture/error-codes.test.ts holds to the registry).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { frontmatter, generatedNote, mdxCell } from './mdx-text.js';

export const ERRORS_DIR = 'reference/errors';

export interface CodeRegistry {
  layer: string;
  codes: Record<string, string>;
}

/** Every `src/<layer>/codes.ts` under `srcDir`, each with its one exported table of code → description. */
export async function loadRegistries(srcDir: string): Promise<CodeRegistry[]> {
  const layers = fs.readdirSync(srcDir, { withFileTypes: true }).filter((e) => e.isDirectory() && fs.existsSync(path.join(srcDir, e.name, 'codes.ts')));
  const registries: CodeRegistry[] = [];
  for (const layer of layers.map((e) => e.name).sort()) {
    const module = (await import(pathToFileURL(path.join(srcDir, layer, 'codes.ts')).href)) as Record<string, unknown>;
    const tables = Object.values(module).filter(
      (v): v is Record<string, string> => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((d) => typeof d === 'string'),
    );
    if (tables.length !== 1) throw new Error(`src/${layer}/codes.ts must export exactly one code table, found ${tables.length}`);
    registries.push({ layer, codes: tables[0]! });
  }
  return registries;
}

function indexPage(registries: readonly CodeRegistry[], titles: ReadonlyMap<string, string>): string {
  const total = registries.reduce((n, r) => n + Object.keys(r.codes).length, 0);
  const lines = [
    frontmatter({ title: 'Error codes', sidebarTitle: 'All codes', description: `All ${total} stable error codes, by layer.` }),
    generatedNote('the code registries `src/<layer>/codes.ts`'),
    'Every problem Folio reports (a `file:line:column` diagnostic, an HTTP error body\'s `code`, a job\'s failure reason, a CLI exit message) carries a stable code. Each layer keeps its codes in one registry; this index lists them all with the registry\'s one-line meaning, and each layer\'s page says what the code means and how to fix it.',
    '',
  ];
  for (const { layer, codes } of registries) {
    const title = titles.get(layer) ?? layer;
    lines.push(`## ${title}`, '', `[What each code means and how to fix it](/${ERRORS_DIR}/${layer}) (\`src/${layer}/codes.ts\`).`, '', '| Code | Meaning |', '|---|---|');
    for (const [code, meaning] of Object.entries(codes)) lines.push(`| \`${code}\` | ${mdxCell(meaning)} |`);
    lines.push('');
  }
  return lines.join('\n').replace(/\n+$/, '\n');
}

/** The title of each layer's hand-written page (its frontmatter `title`), for headings and the sidebar. */
function pageTitles(docsRoot: string, registries: readonly CodeRegistry[]): Map<string, string> {
  const titles = new Map<string, string>();
  for (const { layer } of registries) {
    const file = path.join(docsRoot, ERRORS_DIR, `${layer}.md`);
    const title = fs.existsSync(file) ? /^title:\s*"?([^"\n]+)"?$/m.exec(fs.readFileSync(file, 'utf8'))?.[1] : undefined;
    if (title) titles.set(layer, title);
  }
  return titles;
}

/** Generated files of the error reference, by path relative to the docs root. */
export function errorPages(registries: readonly CodeRegistry[], docsRoot: string): Map<string, string> {
  const nav = [`${ERRORS_DIR}/overview`, ...registries.map((r) => `${ERRORS_DIR}/${r.layer}`)];
  return new Map([
    [`${ERRORS_DIR}/overview.mdx`, indexPage(registries, pageTitles(docsRoot, registries))],
    [`${ERRORS_DIR}/sidebar.json`, JSON.stringify(nav, null, 2) + '\n'],
  ]);
}
