import path from 'node:path';

/**
 * Resolve a user-supplied relative path inside `root`, or return null when it
 * would escape it (`..`, absolute paths, NUL bytes, Windows drive letters).
 * Callers treat null as "not found" so hostile input learns nothing.
 */
export function resolveInside(root: string, relative: string): string | null {
  if (relative.includes('\0')) return null;
  const normalized = relative.replace(/\\/g, '/');
  if (/^[a-zA-Z]:/.test(normalized)) return null;
  const base = path.resolve(root);
  const target = path.resolve(base, normalized.replace(/^\/+/, ''));
  if (target !== base && !target.startsWith(base + path.sep)) return null;
  return target;
}

/** True when `candidate` (absolute) is `root` or lies below it. */
export function isInside(root: string, candidate: string): boolean {
  const base = path.resolve(root);
  const target = path.resolve(candidate);
  return target === base || target.startsWith(base + path.sep);
}

/** Forward-slash path of `file` relative to `root`, for messages and URLs. */
export function toPosixRelative(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join('/');
}
