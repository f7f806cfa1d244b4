import type { ReadContext } from '../load/read-json.js';
import { checkChrome } from './chrome.js';
import { createCheckContext } from './context.js';
import { checkContextual } from './contextual.js';
import { checkFiles } from './files.js';
import { resolveNavigationShapes } from './shapes.js';
import { checkStructure } from './structure.js';
import { checkSwitchers } from './switchers.js';

/** Resolve navigation shapes as the platform does (`shapes.ts`), before the schema sees them. */
export function resolveShapes({ root, raw, ctx }: { root: string; raw: unknown; ctx: ReadContext }): unknown {
  return resolveNavigationShapes(createCheckContext(root, raw, ctx));
}

/** Run every check beyond the schema over the raw resolved configuration. */
export function runChecks({ root, raw, ctx }: { root: string; raw: unknown; ctx: ReadContext }): void {
  const c = createCheckContext(root, raw, ctx);
  checkStructure(c);
  checkSwitchers(c);
  checkFiles(c);
  checkChrome(c);
  checkContextual(c);
}
