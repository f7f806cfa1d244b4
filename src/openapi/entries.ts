/** Normalized id of a spec reference: URLs unchanged, paths posix without leading `/` or `./`. */
export function specId(source: string): string {
  if (/^https?:\/\//i.test(source)) return source;
  return source.replace(/\\/g, '/').replace(/^(\.\/|\/)+/, '');
}

/** Same path for matching: trailing slashes ignored. */
export function samePath(a: string, b: string): boolean {
  return a === b || a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}
