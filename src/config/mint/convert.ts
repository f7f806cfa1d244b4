import type { ReadContext } from '../load/read-json.js';

/** Convert a legacy mint.json value to the docs.json shape (placeholder until the full converter lands). */
export function convertMintConfig(raw: unknown, ctx: ReadContext): unknown {
  void ctx;
  return raw;
}
