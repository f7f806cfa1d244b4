// Run by `npm ci` / `npm install` (the `prepare` script, after the build): creates and migrates one
// in-memory embedded database so that its files are saved as the PGlite template
// (src/db/pglite-template.ts). The first `npm start` then unpacks the template instead of running
// PGlite's initdb, which is most of a cold start. Failing here only costs that first start its initdb.
import { openDatabase, pgliteTemplateFile } from '../dist/db/index.js';

const file = pgliteTemplateFile();
if (file) {
  const started = Date.now();
  try {
    const db = await openDatabase({ memory: true });
    await db.close();
    console.log(`folio: embedded database template ready (${Date.now() - started} ms)`);
  } catch (error) {
    console.warn(`folio: no embedded database template (${error instanceof Error ? error.message : String(error)}); the first start will run initdb`);
  }
}
