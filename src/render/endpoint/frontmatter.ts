import { endpointMarkdown } from '../../markdown/index.js';
import type { DocsConfig } from '../../config/index.js';
import type { Severity } from '../../shared/index.js';
import { manualEndpointPage, paramFieldsOf, parseApiFrontmatter, type OpenApiSiteProvider } from '../../openapi/index.js';
import { apiDisplayOf, DEFAULT_API_DISPLAY, type ApiDisplay } from './display.js';
import { renderEndpointReference } from './render.js';

/**
 * Reference HTML for an MDX page whose frontmatter says `openapi: "[spec] METHOD /path"`,
 * to place after the page's own content; a diagnostic (without position) when the endpoint
 * cannot be found. `inherited` are the spec sources in scope for the page, if any.
 */
export function endpointReferenceForFrontmatter(
  provider: OpenApiSiteProvider,
  value: string,
  pageHref: string,
  inherited: readonly string[] = [],
  display: ApiDisplay = DEFAULT_API_DISPLAY,
): { html: string; markdown: string; title: string; description?: string } | { diagnostic: { severity: Severity; code: string; message: string } } {
  const result = provider.frontmatterEndpoint(value, pageHref, inherited);
  if ('diagnostic' in result) return result;
  const out: { html: string; markdown: string; title: string; description?: string } = { html: renderEndpointReference(result.page, display), markdown: endpointMarkdown(result.page), title: result.page.title };
  if (result.page.description) out.description = result.page.description;
  return out;
}

/**
 * The endpoint layout of a hand-written API page (`api: "POST https://..."` frontmatter): request
 * line, samples and playground around the page's own `<ParamField>`s; `problem` when the value
 * cannot be read (the caller reports it at the `api:` line).
 */
export function manualEndpointReference(
  config: Pick<DocsConfig, 'api'>,
  frontmatter: Record<string, unknown>,
  page: { href: string; title: string },
  body = '',
): { html: string; markdown: string } | { problem: string } {
  const mdx = config.api?.mdx;
  const servers = mdx?.server === undefined ? [] : Array.isArray(mdx.server) ? mdx.server : [mdx.server];
  const endpoint = parseApiFrontmatter(frontmatter.api, servers);
  if ('problem' in endpoint) return endpoint;
  const authMethod = typeof frontmatter.authMethod === 'string' ? frontmatter.authMethod : mdx?.auth?.method;
  // The page's <ParamField>s say which parameters and body fields the playground asks for.
  const planned = manualEndpointPage(endpoint, { ...page, auth: { method: authMethod, name: mdx?.auth?.name } }, paramFieldsOf(body));
  const display = apiDisplayOf(config, frontmatter.playground);
  return { html: renderEndpointReference(planned, display, { sections: false }), markdown: `\`${planned.method} ${endpoint.server}${planned.path}\`` };
}
