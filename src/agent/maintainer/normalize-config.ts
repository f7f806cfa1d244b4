import { applyEdits, format } from 'jsonc-parser';
import { DOCS_JSON_FORMAT, readDocsJson, saveDocsJson } from './docs-json.js';
import type { TaskResult } from './task.js';

/** Reformat docs.json: two-space indentation, LF line ends, one trailing newline; comments are kept. */
export async function normalizeDocsJson(root: string): Promise<TaskResult> {
  const doc = await readDocsJson(root);
  const text = applyEdits(doc.text.replace(/\r\n?/g, '\n'), format(doc.text.replace(/\r\n?/g, '\n'), undefined, DOCS_JSON_FORMAT));
  doc.text = text.trimEnd() + '\n';
  const changed = await saveDocsJson(doc);
  return { changed, notes: [changed ? 'Reformatted docs.json (2-space indentation, LF line endings, trailing newline).' : 'docs.json was already formatted.'] };
}
