import { GitError } from './codes.js';

/** Transports git may use; handed to git as GIT_ALLOW_PROTOCOL too. */
export const ALLOWED_GIT_PROTOCOLS = ['file', 'http', 'https', 'ssh', 'git'] as const;

const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\//;
// scp-like `user@host:path` (no scheme, a colon before the first slash).
const SCP_LIKE = /^[A-Za-z0-9._~-]+@[A-Za-z0-9.-]+:[^\s]/;
// A user name an ssh/git URL may carry (`ssh://git@host`): no password, no escapes, no spaces.
const PLAIN_USER = /^[A-Za-z0-9._~-]+$/;

// `scheme://userinfo@` anywhere in a text. The user part may hold up to two runs of spaces of any kind
// (`https://us er:TOKEN@host`, a non-breaking space): a URL git or a person quotes with such a user part
// is still masked. Scp-like `user:password@host:path` at the start of one.
const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s/\\?#@]*(?:[^\S\r\n]+[^\s/\\?#@]+){0,2})@/gi;
const SCP_PASSWORD = /^([^\s/:@]+):[^\s/@]*@/;
// The query and fragment of a URL in a text: up to a space, a quote or a closing bracket.
const URL_QUERY = /\b([a-z][a-z0-9+.-]*:\/\/[^\s?#'"<>`]*)([?#][^\s'"<>`)\]]*)/gi;

/** Schemes whose whole user part is a secret (GitHub takes a token as an https user name). */
const WHOLE_USERINFO = new Set(['http', 'https', 'file']);

/** A URL's scheme (`https://`, and its name lowercased), what follows it, and its user part (before the host's `@`; null without one); null when it has no scheme. */
function urlParts(url: string): { scheme: string; name: string; rest: string; userinfo: string | null } | null {
  const match = SCHEME.exec(url);
  if (match === null) return null;
  const rest = url.slice(match[0].length);
  const end = rest.search(/[/\\?#]/);
  const authority = end === -1 ? rest : rest.slice(0, end);
  const at = authority.lastIndexOf('@');
  return { scheme: match[0], name: match[1]!.toLowerCase(), rest, userinfo: at === -1 ? null : authority.slice(0, at) };
}

/** `user`, `user:***` or `***` for the user part of a URL (whole for http(s): GitHub takes a token as the user name). */
function maskedUserinfo(scheme: string, userinfo: string): string {
  if (WHOLE_USERINFO.has(scheme.slice(0, scheme.indexOf(':')).toLowerCase())) return '***';
  if (PLAIN_USER.test(userinfo)) return userinfo;
  const colon = userinfo.indexOf(':');
  return colon > 0 && PLAIN_USER.test(userinfo.slice(0, colon)) ? `${userinfo.slice(0, colon)}:***` : '***';
}

/** A query or fragment with every value replaced by `***` (`?access_token=***`); a bare one (`?TOKEN`) whole. A plain anchor (`#intro`) stays. */
function maskedQuery(part: string): string {
  if (part.startsWith('#') && !part.includes('=')) return part;
  return part.replace(/([?#&;])([^?#&;]*)/g, (_all, sep: string, param: string) => {
    if (param === '') return sep;
    const eq = param.indexOf('=');
    return eq > 0 ? `${sep}${param.slice(0, eq)}=***` : `${sep}***`;
  });
}

/**
 * The parts of `url` that may be secret (its user part's words, its query's values), for masking a text
 * that quotes the URL, exactly or cut up (git quotes `https://us er:TOKEN@host` in pieces).
 */
function secretsOf(url: string): string[] {
  const parts = urlParts(url);
  if (parts === null) return [];
  const secrets: string[] = [];
  const { userinfo } = parts;
  if (userinfo !== null && (WHOLE_USERINFO.has(parts.name) || !PLAIN_USER.test(userinfo))) {
    const colon = userinfo.indexOf(':');
    secrets.push(userinfo, ...userinfo.split(/[\s:]+/), colon === -1 ? '' : userinfo.slice(colon + 1));
  }
  const q = url.search(/[?#]/);
  if (q !== -1) {
    for (const param of url.slice(q + 1).split(/[?#&;]/)) {
      const value = param.slice(param.indexOf('=') + 1);
      if (value.length >= 4) secrets.push(value);
    }
  }
  return [...new Set(secrets.filter((s) => s.trim().length >= 4))].sort((a, b) => b.length - a.length);
}

/**
 * `text` with every credential of a URL in it replaced by `***`: the whole user part of an http(s) URL
 * (GitHub takes a token as the user name), the password of any other (`ssh://git@host` stays), and each
 * value of a query (`?access_token=***`). `repositories` are URLs known to be quoted in the text (a
 * project's repository, whose words git may echo cut up or re-encoded): their secret parts are masked
 * wherever they appear. The one redaction for log lines, summaries, statuses and pages that may quote a
 * repository or spec URL, or git's own messages.
 */
export function maskUrlCredentials(text: string, repositories: readonly string[] = []): string {
  let out = text
    .replace(URL_USERINFO, (_all, scheme: string, userinfo: string) => `${scheme}${maskedUserinfo(scheme, userinfo)}@`)
    .replace(URL_QUERY, (_all, head: string, query: string) => `${head}${maskedQuery(query)}`)
    .replace(SCP_PASSWORD, '$1:***@');
  for (const url of repositories) {
    for (const secret of secretsOf(url)) {
      out = out.split(secret).join('***');
      const encoded = encodeURI(secret);
      if (encoded !== secret) out = out.split(encoded).join('***');
    }
  }
  return out;
}

/** Why the repository URL `url` carries credentials (a user part with a password or token, a query or fragment), or null. */
export function repositoryCredentialsProblem(url: string): string | null {
  const parts = urlParts(url);
  if (parts === null) return SCP_PASSWORD.test(url) ? 'it carries credentials (a password in its user part)' : null;
  const { userinfo, rest } = parts;
  if (userinfo !== null) {
    if (WHOLE_USERINFO.has(parts.name)) return 'it carries credentials (a user part, where a token or password goes)';
    if (!PLAIN_USER.test(userinfo)) return 'it carries credentials (a password, or a user name with spaces or escapes, in its user part)';
  }
  if (/[?#]/.test(rest)) return 'it carries credentials (a query or fragment, where tokens go: ?access_token=..., ?private_token=...)';
  return null;
}

/** `url` as it may be shown: its user part's credentials and its query's values masked (`https://***@host/r.git`). */
export function redactRepositoryUrl(url: string): string {
  return maskUrlCredentials(url, [url]);
}

/**
 * Accept only repository URLs git cannot read as an option or route through
 * a helper transport (`ext::sh -c ...`, `fd::`): http(s), ssh, git, file URLs,
 * scp-like ssh addresses and absolute local paths, none with credentials in it (in its user part, in any
 * spelling, or in a query or fragment: they would be stored and shown in logs; tokens reach git through a
 * credential helper). Returns the URL unchanged.
 */
export function checkRepositoryUrl(url: string): string {
  const shown = redactRepositoryUrl(url);
  const fail = (why: string): never => {
    throw new GitError('GIT_BAD_REPOSITORY', `Repository "${shown}" is refused: ${why}. Use an https://, ssh://, git:// or file:// URL or an absolute path.`);
  };
  const credentials = repositoryCredentialsProblem(url);
  if (credentials !== null || shown !== url) {
    throw new GitError(
      'GIT_BAD_REPOSITORY',
      `Repository "${shown}" is refused: ${credentials ?? 'it carries credentials'}, which would be stored with the project and shown wherever the URL is. ` +
        'Give the URL without them: for GitHub set FOLIO_GITHUB_TOKEN on the server (git gets it through a credential helper, never in a URL); ' +
        "other hosts are read with the server user's SSH keys or ~/.netrc.",
    );
  }
  if (url.trim() === '' || url !== url.trim()) fail('it is empty or has surrounding spaces');
  const parts = urlParts(url);
  if (parts !== null && /[\s\u200b-\u200d\u2060\ufeff%]/.test(parts.rest.split(/[/\\]/)[0]!)) fail('its host part has spaces or percent-escapes');
  if (url.startsWith('-')) fail('it starts with "-" and could be read as an option');
  if (/[\u0000-\u001f\u007f]/.test(url)) fail('it contains control characters');
  if (url.includes('::')) fail('remote-helper transports ("<transport>::") are not allowed');
  if (parts !== null) {
    if (!(ALLOWED_GIT_PROTOCOLS as readonly string[]).includes(parts.name)) fail(`the "${parts.name}" transport is not allowed`);
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
