/**
 * `tsx bench/docusaurus-pages.ts DIR [PAGES]`: writes bench:build's default corpus (`one-section`,
 * 1,000 pages unless PAGES is given) into the `docs/` folder of a Docusaurus site at DIR, the same
 * page bodies (`pageText`) in the same folders, one sidebar category per group of 20, so Folio and
 * Docusaurus build the same pages. How to set the Docusaurus site up and compare: bench/docusaurus-compare.md.
 * Docusaurus is not a dependency of Folio; the site at DIR has its own node_modules.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pageText } from './corpus.js';

const [dir, count] = process.argv.slice(2);
if (!dir) throw new Error('usage: tsx bench/docusaurus-pages.ts DIR [PAGES]');
const pages = Number(count ?? 1000);
const docs = path.join(path.resolve(dir), 'docs');
await rm(docs, { recursive: true, force: true });
for (let g = 0; g * 20 < pages; g++) {
  const folder = path.join(docs, `g${g}`);
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, '_category_.json'), JSON.stringify({ label: `Group ${g + 1}`, position: g + 1 }));
  for (let i = g * 20; i < Math.min(pages, (g + 1) * 20); i++) await writeFile(path.join(folder, `page-${i}.mdx`), pageText(i));
}
console.log(`${pages} pages written under ${docs}`);
