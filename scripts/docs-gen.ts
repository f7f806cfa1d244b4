/**
 * `npm run docs:gen`: write the generated pages of Folio's own docs (see docs-gen/generate.ts) and
 * delete the files of the generated folders it no longer makes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DOCS_ROOT, GENERATED_DIRS, generateDocs } from './docs-gen/generate.js';

const files = await generateDocs();
let written = 0;
for (const [rel, text] of files) {
  const file = path.join(DOCS_ROOT, rel);
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) continue;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  written++;
}
let removed = 0;
for (const dir of GENERATED_DIRS) {
  for (const name of fs.existsSync(path.join(DOCS_ROOT, dir)) ? fs.readdirSync(path.join(DOCS_ROOT, dir)) : []) {
    if (!files.has(`${dir}/${name}`)) {
      fs.rmSync(path.join(DOCS_ROOT, dir, name));
      removed++;
    }
  }
}
console.log(`docs:gen: ${files.size} generated files, ${written} written, ${removed} stale removed (docs/${GENERATED_DIRS.join(', docs/')})`);
