/**
 * The hosts the playground's proxy may reach: those of the API's own servers. A spec's `servers`
 * (document, path and operation level) with their variables expanded (each `enum` value, else
 * the default; a variable with neither matches one DNS label), plus the servers of hand-written
 * `api:` pages. Patterns are `host[:port]`, lowercase, `*` standing for one label.
 */
import type { JsonObject, LoadedSpec } from './types.js';

function isObject(value: unknown): value is JsonObject {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** Every URL one `servers` list can produce. */
function expandServers(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((server) => {
    if (!isObject(server) || typeof server.url !== 'string') return [];
    const variables = isObject(server.variables) ? server.variables : {};
    let urls = [server.url];
    for (const [name, variable] of Object.entries(variables)) {
      if (!isObject(variable)) continue;
      const values = Array.isArray(variable.enum) && variable.enum.length > 0 ? variable.enum.map(String) : variable.default !== undefined ? [String(variable.default)] : [];
      if (values.length === 0) continue;
      urls = urls.flatMap((url) => (url.includes(`{${name}}`) ? values.map((v) => url.split(`{${name}}`).join(v)) : [url]));
    }
    return urls;
  });
}

/** `host[:port]` of an absolute http(s) server URL, with leftover `{variables}` as `*`; null for relative URLs. */
export function hostPatternOf(url: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(url.trim());
  if (!match) return null;
  const authority = match[2]!.replace(/^[^@]*@/, '').toLowerCase().replace(/\{[^}]*\}/g, '*');
  const scheme = match[1]!.toLowerCase();
  // The default port is not part of `URL.host`.
  return authority.replace(scheme === 'https' ? /:443$/ : /:80$/, '');
}

/** Host patterns of the servers of every operation of `specs`, plus `extraServers` (absolute URLs). */
export function proxyHostsOf(specs: readonly LoadedSpec[], extraServers: readonly string[] = []): string[] {
  const urls: string[] = [...extraServers];
  for (const spec of specs) {
    const doc = spec.renderDocument;
    urls.push(...expandServers(doc.servers));
    for (const root of ['paths', 'webhooks'] as const) {
      const items = doc[root];
      if (!isObject(items)) continue;
      for (const item of Object.values(items)) {
        if (!isObject(item)) continue;
        urls.push(...expandServers(item.servers));
        for (const operation of Object.values(item)) if (isObject(operation)) urls.push(...expandServers(operation.servers));
      }
    }
  }
  return [...new Set(urls.map(hostPatternOf).filter((h): h is string => h !== null))].sort();
}

/** Whether `host` (a `URL.host`: lowercase, no default port) matches one of the patterns. */
export function hostAllowed(host: string, patterns: readonly string[]): boolean {
  const wanted = host.toLowerCase();
  return patterns.some((pattern) => {
    if (!pattern.includes('*')) return pattern === wanted;
    const re = new RegExp('^' + pattern.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[a-z0-9-]+') + '$');
    return re.test(wanted);
  });
}
