import { GitError } from './codes.js';

/** Transports git may use; handed to git as GIT_ALLOW_PROTOCOL too. */
export const ALLOWED_GIT_PROTOCOLS = ['file', 'http', 'https', 'ssh', 'git'] as const;

const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\//;
// scp-like `user@host:path` (no scheme, a colon before the first slash).
const SCP_LIKE = /^[A-Za-z0-9._~-]+@[A-Za-z0-9.-]+:[^\s]/;

// `scheme://userinfo@` anywhere in a text; scp-like `user:password@host:path` at the start of one.
const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s/?#@]+)@/gi;
const SCP_PASSWORD = /^([^\s/:@]+):[^\s/@]*@/;

/**
 * `text` with every credential of a URL in it replaced by `***`: the whole user part of an http(s) URL
 * (GitHub takes a token as the user name), the password of any other (`ssh://git@host` stays).
 * For log lines and messages that may quote a repository or spec URL.
 */
export function maskUrlCredentials(text: string): string {
  return text
    .replace(URL_USERINFO, (all, scheme: string, userinfo: string) => {
      if (/^https?:\/\//i.test(scheme)) return `${scheme}***@`;
      const colon = userinfo.indexOf(':');
      return colon === -1 ? all : `${scheme}${userinfo.slice(0, colon)}:***@`;
    })
    .replace(SCP_PASSWORD, '$1:***@');
}

/**
 * Accept only repository URLs git cannot read as an option or route through
 * a helper transport (`ext::sh -c ...`, `fd::`): http(s), ssh, git, file URLs,
 * scp-like ssh addresses and absolute local paths, none with credentials in it (they would be stored
 * and shown in logs; tokens reach git through a credential helper). Returns the URL unchanged.
 */
export function checkRepositoryUrl(url: string): string {
  const shown = maskUrlCredentials(url);
  const fail = (why: string): never => {
    throw new GitError('GIT_BAD_REPOSITORY', `Repository "${shown}" is refused: ${why}. Use an https://, ssh://, git:// or file:// URL or an absolute path.`);
  };
  if (shown !== url) {
    throw new GitError(
      'GIT_BAD_REPOSITORY',
      `Repository "${shown}" is refused: it carries credentials, which would be stored with the project and shown wherever the URL is. ` +
        'Give the URL without them: for GitHub set FOLIO_GITHUB_TOKEN on the server (git gets it through a credential helper, never in a URL); ' +
        "other hosts are read with the server user's SSH keys or ~/.netrc.",
    );
  }
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
