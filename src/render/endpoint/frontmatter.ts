import { endpointMarkdown } from '../../markdown/index.js';
import type { OpenApiSiteProvider } from '../../openapi/index.js';
import { DEFAULT_API_DISPLAY, type ApiDisplay } from './display.js';
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
): { html: string; markdown: string; title: string; description?: string } | { diagnostic: { severity: 'error' | 'warning'; code: string; message: string } } {
  const result = provider.frontmatterEndpoint(value, pageHref, inherited);
  if ('diagnostic' in result) return result;
  const out: { html: string; markdown: string; title: string; description?: string } = { html: renderEndpointReference(result.page, display), markdown: endpointMarkdown(result.page), title: result.page.title };
  if (result.page.description) out.description = result.page.description;
  return out;
}
