import { isIP } from 'node:net';

const HOST_NAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/**
 * Why `name` cannot be a project's custom domain, or null when it can: it must be a DNS name of
 * two labels or more, not an IP literal, not `localhost`, not the site domain or a name under it
 * (those are `<projectId>.<siteDomain>`), and not one of the server's own hosts (the API's).
 */
export function customDomainProblem(name: string, { siteDomain = 'localhost', ownHosts = [] }: { siteDomain?: string; ownHosts?: readonly string[] } = {}): string | null {
  const host = name.trim().toLowerCase().replace(/\.$/, '');
  if (isIP(host.replace(/^\[|\]$/g, '')) || /^[0-9.]+$/.test(host) || host.includes(':')) return 'an IP address is not a custom domain';
  if (host === 'localhost' || host.endsWith('.localhost')) return '`localhost` is not a custom domain';
  const site = siteDomain.toLowerCase();
  if (host === site || host.endsWith(`.${site}`)) return `names under the site domain (${site}) are the projects' own hosts`;
  if (ownHosts.some((own) => own.toLowerCase() === host)) return "it is the server's own host (the API and dashboard)";
  if (!HOST_NAME.test(host)) return 'not a host name; use a name like docs.example.com';
  return null;
}
