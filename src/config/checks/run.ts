import type { ReadContext } from '../load/read-json.js';
import { checkChrome } from './chrome.js';
import { createCheckContext } from './context.js';
import { checkContextual } from './contextual.js';
import { checkFiles } from './files.js';
import { checkStructure } from './structure.js';
import { checkSwitchers } from './switchers.js';

/** Run every check beyond the schema over the raw resolved configuration. */
export function runChecks({ root, raw, ctx }: { root: string; raw: unknown; ctx: ReadContext }): void {
  const c = createCheckContext(root, raw, ctx);
  checkStructure(c);
  checkSwitchers(c);
  checkFiles(c);
  checkChrome(c);
  checkContextual(c);
}
