import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { applyEdits, modify, parse, type JSONPath, type ParseError } from 'jsonc-parser';
import { configTooDeep } from '../../config/index.js';
import { AgentError } from '../codes.js';

/** docs.json as text plus its parsed value; edits go through the text so comments and layout survive. */
export interface DocsJsonFile {
  file: string;
  text: string;
  value: Record<string, unknown>;
}

const FORMAT = { tabSize: 2, insertSpaces: true, eol: '\n' } as const;

/** Read and parse `<root>/docs.json`, failing with a coded reason when it is missing or unreadable. */
export async function readDocsJson(root: string): Promise<DocsJsonFile> {
  const file = path.join(root, 'docs.json');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new AgentError('AGENT_NO_CONFIG', 'docs.json was not found at the docs root. Add one (or ask the maintainer to "upgrade mint.json to docs.json").');
  }
  // Before the parser, which recurses once per level (as the tasks' walks do): refused as the build refuses it.
  const deep = configTooDeep(text);
  if (deep) throw new AgentError('AGENT_INVALID_CONFIG', `docs.json:${deep.line}:${deep.column} ${deep.code}: ${deep.message}.`);
  const errors: ParseError[] = [];
  const value = parse(text, errors, { allowTrailingComma: true }) as unknown;
  if (errors.length > 0 || typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AgentError('AGENT_INVALID_CONFIG', 'docs.json is not a valid JSON object; run `folio validate` and fix it before asking for maintenance.');
  }
  return { file, text, value: value as Record<string, unknown> };
}

/** Set (or insert into an array, with index -1 meaning append) a value in the docs.json text. */
export function editDocsJson(doc: DocsJsonFile, jsonPath: JSONPath, value: unknown, insert = false): void {
  const edits = modify(doc.text, jsonPath, value, { formattingOptions: FORMAT, isArrayInsertion: insert });
  doc.text = applyEdits(doc.text, edits);
  doc.value = parse(doc.text, [], { allowTrailingComma: true }) as Record<string, unknown>;
}

/** Write the edited text back; returns true when the file changed. */
export async function saveDocsJson(doc: DocsJsonFile): Promise<boolean> {
  // An unreadable old file just means there is nothing to compare with: write.
  const before = await readFile(doc.file, 'utf8').catch(() => null);
  if (before === doc.text) return false;
  await writeFile(doc.file, doc.text);
  return true;
}

export { FORMAT as DOCS_JSON_FORMAT };
