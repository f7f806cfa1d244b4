/**
 * Thrown (one shared instance, no stack capture) when the fast parser meets something it does
 * not handle exactly like micromark; the caller then parses with remark instead.
 */
export class Bail {
  readonly bail = true;
}

export const BAIL = new Bail();

/** Give up on the fast parser. */
export function bail(): never {
  throw BAIL;
}
