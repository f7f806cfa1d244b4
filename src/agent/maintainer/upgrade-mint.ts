import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse, type ParseError } from 'jsonc-parser';
// The config layer's converter (not re-exported by its index yet).
import { configTooDeep, mintToDocs } from '../../config/index.js';
import { AgentError } from '../codes.js';
import type { TaskResult } from './task.js';

/** Replace a legacy mint.json by the equivalent docs.json, listing what had no equivalent. */
export async function upgradeMintJson(root: string): Promise<TaskResult> {
  const mintFile = path.join(root, 'mint.json');
  const docsFile = path.join(root, 'docs.json');
  const hasDocs = await stat(docsFile).then(
    () => true,
    () => false,
  );
  // No readable mint.json is an answer (nothing to upgrade), reported in the notes below.
  const text = await readFile(mintFile, 'utf8').catch(() => null);
  if (text === null) return { changed: false, notes: [hasDocs ? 'The site already uses docs.json.' : 'There is no mint.json to upgrade.'] };
  if (hasDocs) return { changed: false, notes: ['Both docs.json and mint.json exist; docs.json wins, so mint.json was left for you to delete.'] };
  const deep = configTooDeep(text, 'mint.json');
  if (deep) throw new AgentError('AGENT_INVALID_CONFIG', `mint.json:${deep.line}:${deep.column} ${deep.code}: ${deep.message}.`);
  const errors: ParseError[] = [];
  const mint = parse(text, errors, { allowTrailingComma: true }) as unknown;
  if (errors.length > 0 || typeof mint !== 'object' || mint === null || Array.isArray(mint)) {
    throw new AgentError('AGENT_INVALID_CONFIG', 'mint.json is not a valid JSON object; fix it before upgrading.');
  }
  const { value, conversion } = mintToDocs(mint as Record<string, unknown>);
  await writeFile(docsFile, JSON.stringify({ $schema: 'https://mintlify.com/docs.json', ...value }, null, 2) + '\n');
  await rm(mintFile);
  const notes = ['Converted mint.json to docs.json and removed mint.json.'];
  for (const d of conversion.dropped) notes.push(d.message);
  return { changed: true, notes };
}
