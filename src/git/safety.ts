import { GitError } from './codes.js';

/** Transports git may use; handed to git as GIT_ALLOW_PROTOCOL too. */
export const ALLOWED_GIT_PROTOCOLS = ['file', 'http', 'https', 'ssh', 'git'] as const;

const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\//;
// scp-like `user@host:path` (no scheme, a colon before the first slash).
const SCP_LIKE = /^[A-Za-z0-9._~-]+@[A-Za-z0-9.-]+:[^\s]/;

/**
 * Accept only repository URLs git cannot read as an option or route through
 * a helper transport (`ext::sh -c ...`, `fd::`): http(s), ssh, git, file URLs,
 * scp-like ssh addresses and absolute local paths. Returns the URL unchanged.
 */
export function checkRepositoryUrl(url: string): string {
  const fail = (why: string): never => {
    throw new GitError('GIT_BAD_REPOSITORY', `Repository "${url}" is refused: ${why}. Use an https://, ssh://, git:// or file:// URL or an absolute path.`);
  };
  if (url.trim() === '' || url !== url.trim()) fail('it is empty or has surrounding spaces');
  if (url.startsWith('-')) fail('it starts with "-" and could be read as an option');
  if (/[\u0000-\u001f\u007f]/.test(url)) fail('it contains control characters');
  if (url.includes('::')) fail('remote-helper transports ("<transport>::") are not allowed');
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (scheme !== undefined) {
    if (!(ALLOWED_GIT_PROTOCOLS as readonly string[]).includes(scheme)) fail(`the "${scheme}" transport is not allowed`);
    return url;
  }
  if (url.startsWith('/')) return url;
  if (SCP_LIKE.test(url)) return url;
  return fail('it is neither a URL with an allowed scheme nor an absolute path');
}

/**
 * Accept a branch name only when it follows `git check-ref-format --branch`
 * rules and cannot be read as an option. Returns the name unchanged.
 */
export function checkBranchName(name: string): string {
  const why = branchNameProblem(name);
  if (why !== null) {
    throw new GitError('GIT_BAD_BRANCH', `Branch "${name}" is refused: ${why}. Use letters, digits, "-", "_", "." and "/" separated segments.`);
  }
  return name;
}

/** Why `name` is not an acceptable branch name, or null when it is. */
export function branchNameProblem(name: string): string | null {
  if (name === '') return 'it is empty';
  if (name.length > 200) return 'it is longer than 200 characters';
  if (name.startsWith('-')) return 'it starts with "-"';
  if (name === '@' || name === 'HEAD') return `"${name}" is reserved`;
  if (/[\u0000-\u0020\u007f~^:?*[\\]/.test(name)) return 'it contains a space, a control character or one of ~ ^ : ? * [ \\';
  if (name.includes('..')) return 'it contains ".."';
  if (name.includes('@{')) return 'it contains "@{"';
  if (name.startsWith('/') || name.endsWith('/') || name.includes('//')) return 'it has an empty "/" segment';
  if (name.endsWith('.')) return 'it ends with "."';
  for (const part of name.split('/')) {
    if (part.startsWith('.')) return 'a segment starts with "."';
    if (part.endsWith('.lock')) return 'a segment ends with ".lock"';
  }
  return null;
}

/** The work branch of an agent job: derived from its id so retries, the API and the dashboard agree on it. */
export function branchForJob(jobId: string): string {
  return checkBranchName(`folio/agent-${jobId}`);
}
