import fs from 'node:fs';
import path from 'node:path';

/** One line of a build's `_redirects` file: `source destination [status]`. */
export interface RedirectRule {
  pattern: RegExp;
  names: string[];
  destination: string;
  status: number;
}

/** Parse `_redirects` text; `:name` matches one path segment, a trailing `*` the rest (`:splat`). */
export function parseRedirects(text: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  for (const line of text.split('\n')) {
    const parts = line.trim().split(/\s+/);
    if (parts.length < 2 || parts[0]!.startsWith('#')) continue;
    const [source, destination, code] = parts as [string, string, string | undefined];
    const names: string[] = [];
    const body = source
      .replace(/\/+$/, '')
      .split('/')
      .map((segment) => {
        if (segment === '*') {
          names.push('splat');
          return '(.*)';
        }
        if (segment.startsWith(':')) {
          names.push(segment.slice(1));
          return '([^/]+)';
        }
        return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    const status = Number(code ?? 301);
    rules.push({ pattern: new RegExp(`^${body}/?$`), names, destination, status: [301, 302, 307, 308].includes(status) ? status : 301 });
  }
  return rules;
}

/** The redirect for `pathname`, or null. */
export function matchRedirect(rules: RedirectRule[], pathname: string): { location: string; status: number } | null {
  for (const rule of rules) {
    const match = rule.pattern.exec(pathname);
    if (!match) continue;
    let location = rule.destination;
    rule.names.forEach((name, i) => {
      location = location.replace(`:${name}`, match[i + 1] ?? '');
    });
    return { location, status: rule.status };
  }
  return null;
}

const cache = new Map<string, RedirectRule[]>();

/** Rules of a published build (read once per build directory). */
export function redirectsOf(buildDir: string): RedirectRule[] {
  let rules = cache.get(buildDir);
  if (!rules) {
    let text = '';
    try {
      text = fs.readFileSync(path.join(buildDir, '_redirects'), 'utf8');
    } catch {
      // No redirects in this build.
    }
    rules = parseRedirects(text);
    if (cache.size > 1000) cache.clear();
    cache.set(buildDir, rules);
  }
  return rules;
}
